package facts

import (
	"math/bits"
	"sync"
)

// Spare storage: the buffers of relations a DB has dropped (DB.Recycle),
// handed to the relations and indexes made after. A module is analyzed
// function by function, each in a DB of its own whose relations mostly
// die with its analysis: without reuse, their storage was 2/3 of what a
// module's analysis allocated, the collector ran for it, and the kernel
// mapped fresh pages for it. Reused, it is also still in cache.
//
// Buffers are kept by capacity, a power of two from minSpare to maxSpare
// elements (storage of another size is never kept), in a sync.Pool per
// capacity: the analysis of one part takes and gives back storage while
// others run, and a pool does not make them wait on each other, where
// lists under one lock did (held while a part recycled its relations,
// it made the 100k-op module's analysis take 0.91 s instead of 0.83 s).
// The collector may free what a pool keeps, so nothing else bounds it.
const (
	minSpare = 8
	maxSpare = 1 << 16
)

var spare struct {
	slots  [17]sync.Pool // *[]uint64: table slots, by log2 of the capacity
	values [17]sync.Pool // *[]Value: rows
	ids    [17]sync.Pool // *[]uint32: index chains and depths
}

// spareClass returns the log2 of the capacity that holds n elements, and
// whether storage of that capacity is kept.
func spareClass(n int) (int, bool) {
	c := bits.Len(uint(max(n, minSpare) - 1))
	return c, 1<<c <= maxSpare
}

// keepSpare keeps b on the pool for its capacity, if storage of that
// capacity is kept.
func keepSpare[T any](pools *[17]sync.Pool, b []T) {
	if c, ok := spareClass(cap(b)); ok && cap(b) == 1<<c {
		b = b[:0]
		pools[c].Put(&b)
	}
}

// takeSpare returns an empty buffer of capacity 1<<c from pools, or a new
// one.
func takeSpare[T any](pools *[17]sync.Pool, c int) []T {
	if b, ok := pools[c].Get().(*[]T); ok {
		return *b
	}
	return make([]T, 0, 1<<c)
}

// newSlots returns n zeroed table slots.
func newSlots(n int) []uint64 {
	c, ok := spareClass(n)
	if !ok {
		return make([]uint64, n)
	}
	b := takeSpare[uint64](&spare.slots, c)[:n]
	clear(b)
	return b
}

// newValues returns an empty slice with room for n values.
func newValues(n int) []Value {
	c, ok := spareClass(n)
	if !ok {
		return make([]Value, 0, n)
	}
	return takeSpare[Value](&spare.values, c)
}

// newIDs returns an empty slice with room for n row ids.
func newIDs(n int) []uint32 {
	c, ok := spareClass(n)
	if !ok {
		return make([]uint32, 0, n)
	}
	return takeSpare[uint32](&spare.ids, c)
}

// recycle hands r's storage to spare and leaves r empty.
func (r *Relation) recycle() {
	if len(r.set.slots) > 1 { // not emptySlots
		keepSpare(&spare.slots, r.set.slots)
	}
	keepSpare(&spare.values, r.rows)
	for _, ix := range r.indexes {
		if len(ix.keys.slots) > 1 {
			keepSpare(&spare.slots, ix.keys.slots)
		}
		keepSpare(&spare.ids, ix.next)
		keepSpare(&spare.ids, ix.depth)
	}
	*r = Relation{name: r.name, arity: r.arity, set: table{slots: emptySlots[:], shift: 64}}
}
