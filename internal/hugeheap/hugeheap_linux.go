package hugeheap

import (
	"cmp"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unsafe"
)

// minReserve is the smallest reservation Reserve makes: one heap arena of
// the runtime on 64-bit Linux. A smaller heap takes a few thousand page
// faults at most.
const minReserve = 64 << 20

var (
	mu       sync.Mutex
	reserved int // the largest reservation made: the heap holds its pages
)

// hugePageSize is the size of the kernel's transparent huge pages, or 0
// when GODEBUG disables them or memory gets them only where it asks (mode
// "madvise") is not the kernel's setting: under "always" every mapping
// gets them unasked, under "never" none does.
var hugePageSize = sync.OnceValue(func() int {
	if disabled(os.Getenv("GODEBUG")) {
		return 0
	}
	const dir = "/sys/kernel/mm/transparent_hugepage/"
	mode, err := os.ReadFile(dir + "enabled")
	if err != nil || selected(string(mode)) != "madvise" {
		return 0
	}
	size, err := os.ReadFile(dir + "hpage_pmd_size")
	if err != nil {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(size)))
	if err != nil || n <= 0 || n&(n-1) != 0 {
		return 0
	}
	return n
})

// disabled reports whether a GODEBUG setting turns the Go runtime's use of
// huge pages off (disablethp=1): the user's way to trade the time they
// save for the memory they round up to.
func disabled(godebug string) bool {
	disable := false
	for setting := range strings.SplitSeq(godebug, ",") {
		if value, ok := strings.CutPrefix(strings.TrimSpace(setting), "disablethp="); ok {
			disable = value == "1" // the last setting wins, as in the runtime
		}
	}
	return disable
}

// selected returns the bracketed choice of a sysfs setting such as
// "always [madvise] never".
func selected(setting string) string {
	_, rest, ok := strings.Cut(setting, "[")
	choice, _, closed := strings.Cut(rest, "]")
	if !ok || !closed {
		return ""
	}
	return choice
}

// Reserve grows the heap by n bytes (at most half the machine's memory)
// backed by huge pages, unless the heap already holds a reservation that
// large, n is under minReserve, or the kernel gives huge pages unasked or
// not at all. It reports whether it advised new memory.
func Reserve(n int) bool {
	page := hugePageSize()
	n = min(n, maxReserve())
	if page == 0 || n < minReserve {
		return false
	}
	mu.Lock()
	defer mu.Unlock()
	if n <= reserved {
		return false
	}
	// In pieces, each advised where it lies: the runtime zeroes a large
	// allocation whole when its start lies in memory the heap used before
	// (a span freed below the high-water mark of its arena), and the
	// allocation would then be written from end to end, in small pages.
	// Only the pieces placed in such memory are zeroed now, memory that
	// was the heap's already.
	pieces := make([][]byte, 0, n/reserveChunk+1)
	for left := n; left > 0; left -= reserveChunk {
		pieces = append(pieces, make([]byte, min(left, reserveChunk)))
	}
	slices.SortFunc(pieces, func(a, b []byte) int { return cmp.Compare(start(a), start(b)) })
	advised := false
	for i := 0; i < len(pieces); {
		// A run of pieces that lie end to end is advised as one range,
		// so that no huge page is lost where one piece meets the next.
		lo, hi := start(pieces[i]), start(pieces[i])+uintptr(len(pieces[i]))
		for i++; i < len(pieces) && start(pieces[i]) == hi; i++ {
			hi += uintptr(len(pieces[i]))
		}
		advised = advise(lo, hi, uintptr(page)) || advised
	}
	runtime.KeepAlive(pieces)
	// The collections that the pieces set off while they were allocated
	// found them all alive, and pace the next one by that heap: until it
	// grew to twice the reservation, nothing was collected (a 1M-op
	// module's analysis peaked 270 MB higher). One collection now, with
	// the pieces dead, paces the collector by the heap that is left.
	runtime.GC()
	if advised {
		reserved = n
	}
	return advised
}

// reserveChunk is the size of the pieces a reservation is made of (see
// Reserve). Where the heap had a 32 MiB hole, a 512 MiB reservation made
// in one piece grew the resident set by 481 MiB and took 1.9 s; made of
// 16 MiB pieces, by 1 MiB, in 23 to 76 ms.
const reserveChunk = 16 << 20

// start is the address of b's first byte.
func start(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

// advise advises MADV_HUGEPAGE for the huge pages that lie wholly within
// [lo, hi), and reports whether there were any and the kernel took it.
func advise(lo, hi, page uintptr) bool {
	mask := page - 1
	lo, hi = (lo+mask)&^mask, hi&^mask
	if lo >= hi {
		return false
	}
	_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, syscall.MADV_HUGEPAGE)
	return errno == 0
}

// maxReserve is half the machine's memory, or 0 if unknown. The
// allocation must not fail, or the runtime would end the process: the
// kernel refuses a mapping larger than its memory, and a heap that grows
// past half of it has more to fear than faults. Read once, as the
// kernel's mode is: Reserve runs for every input of a batch.
var maxReserve = sync.OnceValue(func() int {
	var info syscall.Sysinfo_t
	if syscall.Sysinfo(&info) != nil {
		return 0
	}
	return int(info.Totalram) * int(info.Unit) / 2
})
