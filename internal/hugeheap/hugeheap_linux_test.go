package hugeheap

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func TestSelected(t *testing.T) {
	for _, tc := range []struct{ setting, want string }{
		{"always [madvise] never\n", "madvise"},
		{"[always] madvise never\n", "always"},
		{"always madvise [never]", "never"},
		{"madvise", ""},
		{"[madvise", ""},
	} {
		if got := selected(tc.setting); got != tc.want {
			t.Errorf("selected(%q) = %q, want %q", tc.setting, got, tc.want)
		}
	}
}

func TestDisabled(t *testing.T) {
	for _, tc := range []struct {
		godebug string
		want    bool
	}{
		{"", false},
		{"disablethp=1", true},
		{"gctrace=1, disablethp=1", true},
		{"disablethp=1,disablethp=0", false},
		{"disablethp=0", false},
		{"xdisablethp=1", false},
	} {
		if got := disabled(tc.godebug); got != tc.want {
			t.Errorf("disabled(%q) = %v, want %v", tc.godebug, got, tc.want)
		}
	}
}

// TestReserve checks that a reservation advises huge pages for most of
// the memory it reserves (mappings with VmFlags "hg" in /proc/self/smaps)
// where the kernel's mode asks for the advice, and that Reserve declines
// elsewhere and below minReserve. Where the runtime then places a given
// buffer is its own choice: a test that looked for one buffer in advised
// memory failed 8 times in 20 when the heap had a hole below the
// reservation.
func TestReserve(t *testing.T) {
	if Reserve(minReserve - 1) {
		t.Fatal("Reserve advised less than minReserve")
	}
	if hugePageSize() == 0 {
		if Reserve(2 * minReserve) {
			t.Fatal("Reserve advised memory where the kernel does not take advice")
		}
		return
	}
	const n = 2 * minReserve
	if reserved >= n {
		t.Skip("ran before in this process (-count): the reservation is made")
	}
	before := advisedBytes(t)
	if !Reserve(n) {
		t.Fatal("Reserve declined under the madvise mode")
	}
	// Each run of pieces loses at most a huge page at either end.
	if got := advisedBytes(t) - before; got < n/2 {
		t.Errorf("reserving %d MiB advised %d MiB", n>>20, got>>20)
	}
	if Reserve(minReserve) {
		t.Fatal("Reserve advised again within its earlier reservation")
	}
}

// TestReserveWritesNothing: a reservation made where the heap has a
// hole it has written (freed memory below its high-water mark) does not
// become resident. Made in one piece, the runtime zeroed all of it. The
// hole is larger than the other tests' reservations, so that it lies at
// the top of the heap, where the reservation starts.
func TestReserveWritesNothing(t *testing.T) {
	if hugePageSize() == 0 {
		t.Skip("the kernel does not take advice (mode not madvise): Reserve reserves nothing")
	}
	const n = 8 * minReserve // above what the other tests reserve
	if reserved >= n {
		t.Skip("ran before in this process (-count): the reservation is made")
	}
	hole := make([]byte, 4*minReserve)
	for i := range hole {
		hole[i] = 1
	}
	hole = nil
	runtime.GC()
	runtime.GC()
	before := residentBytes(t)
	if !Reserve(n) {
		t.Fatal("Reserve declined")
	}
	grew := residentBytes(t) - before
	if grew > n/4 {
		t.Errorf("reserving %d MiB made %d MiB resident", n>>20, grew>>20)
	}
	t.Logf("reserving %d MiB made %d MiB resident", n>>20, grew>>20)
}

// residentBytes is the process's resident set (VmRSS).
func residentBytes(t *testing.T) int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmRSS in /proc/self/status")
	return 0
}

// advisedBytes is the size of the process's mappings advised for huge
// pages.
func advisedBytes(t *testing.T) int {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var size uintptr
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := mappingRange(line); ok {
			size = hi - lo
			continue
		}
		if flags, ok := strings.CutPrefix(line, "VmFlags:"); ok && strings.Contains(flags+" ", " hg ") {
			n += int(size)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return n
}

// mappingRange parses the address range that starts a mapping's entry
// ("7f00-7f80 rw-p ...").
func mappingRange(line string) (lo, hi uintptr, ok bool) {
	r, _, _ := strings.Cut(line, " ")
	a, b, found := strings.Cut(r, "-")
	if !found {
		return 0, 0, false
	}
	l, err1 := strconv.ParseUint(a, 16, 64)
	h, err2 := strconv.ParseUint(b, 16, 64)
	return uintptr(l), uintptr(h), err1 == nil && err2 == nil
}
