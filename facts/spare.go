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
//
// Large buffers are kept too (up to 32 MiB of rows): a large function's
// analysis lets its relations go phase by phase (solve.Options.Release),
// and its rows outgrow buffer after buffer. Handed to the pools, those
// buffers hold the relations derived after; left to the collector, they
// were only reused after its next cycle, which the pacer sets off by the
// heap's size at the last, and the process grew by about their size
// (the 100k-op function's peak RSS was 17% higher).
const (
	minSpare     = 8
	maxSpare     = 1 << 22
	spareClasses = 23 // log2(maxSpare) + 1
	exactClass   = 16 // see buffer
)

var spare struct {
	slots  [spareClasses]sync.Pool // *[]uint64: table slots, by log2 of the capacity
	values [spareClasses]sync.Pool // *[]Value: rows too wide to pack
	packed [spareClasses]sync.Pool // *[]uint32: rows
	ids    [spareClasses]sync.Pool // *[]uint32: index chains and depths
}

// spareClass returns the log2 of the capacity that holds n elements, and
// whether storage of that capacity is kept.
func spareClass(n int) (int, bool) {
	c := bits.Len(uint(max(n, minSpare) - 1))
	return c, 1<<c <= maxSpare
}

// keepSpare keeps b on the pool for its capacity, if storage of that
// capacity is kept.
func keepSpare[T any](pools *[spareClasses]sync.Pool, b []T) {
	if c, ok := spareClass(cap(b)); ok && cap(b) == 1<<c {
		b = b[:0]
		pools[c].Put(&b)
	}
}

// takeSpare returns an empty buffer of capacity 1<<c from pools, or a new
// one.
func takeSpare[T any](pools *[spareClasses]sync.Pool, c int) []T {
	if b, ok := pooled[T](pools, c); ok {
		return b
	}
	return make([]T, 0, 1<<c)
}

// pooled returns an empty buffer of capacity 1<<c from pools, if they
// hold one.
func pooled[T any](pools *[spareClasses]sync.Pool, c int) ([]T, bool) {
	if b, ok := pools[c].Get().(*[]T); ok {
		return *b, true
	}
	return nil, false
}

// newSlots returns n zeroed table slots.
func newSlots(n int) []uint64 {
	c, ok := spareClass(n)
	if !ok {
		return make([]uint64, n)
	}
	if b, ok := pooled[uint64](&spare.slots, c); ok {
		b = b[:n]
		clear(b)
		return b
	}
	// New storage comes zeroed: clearing it again would write every
	// slot twice.
	return make([]uint64, n, 1<<c)
}

// buffer returns an empty buffer from pools with room for n elements. If
// exact, the storage is reserved for a known number of rows, which will
// not grow: above the classes a module's small parts use, it has room
// for exactly n unless spare has a buffer of n's class (rounding every
// reservation up to a power of two held the 100k-op function's analysis
// 9 MB higher).
func buffer[T any](pools *[spareClasses]sync.Pool, n int, exact bool) []T {
	c, ok := spareClass(n)
	switch {
	case !ok:
		return make([]T, 0, n)
	case exact && c > exactClass:
		if b, ok := pooled[T](pools, c); ok {
			return b
		}
		return make([]T, 0, n)
	}
	return takeSpare[T](pools, c)
}

// newIDs returns an empty slice with room for n row ids.
func newIDs(n int) []uint32 { return buffer[uint32](&spare.ids, n, false) }

// recycle hands r's storage to spare and leaves r empty.
func (r *Relation) recycle() {
	if len(r.set.slots) > 1 { // not emptySlots
		keepSpare(&spare.slots, r.set.slots)
	}
	r.rows.recycle()
	for _, ix := range r.indexes {
		if len(ix.keys.slots) > 1 {
			keepSpare(&spare.slots, ix.keys.slots)
		}
		keepSpare(&spare.ids, ix.next)
		keepSpare(&spare.ids, ix.depth)
		keepSpare(&spare.ids, ix.dense)
	}
	*r = Relation{name: r.name, arity: r.arity, set: table{slots: emptySlots[:], shift: 64}}
}

// Small relations are kept whole, emptied, per predicate: the parts of a
// module are alike, so the next part's relation of the predicate gets
// storage of the size it needs and the indexes its rules look it up by,
// without asking the pools above for each buffer. A larger one gives its
// buffers to those pools: emptying it would cost its size each time a
// small part reused it. Their pools are in the predicate table
// (preds.go), by PredID.

// maxKeptSlots bounds the hash tables of a relation kept whole, and its
// rows: a large relation that Seal left without a duplicate set would
// otherwise hand a small part its whole storage.
const maxKeptSlots = 1 << 12

// keepRelation hands r, the relation of predicate id that a DB dropped,
// to spare.
func keepRelation(id PredID, r *Relation) {
	if !r.small() {
		r.recycle()
		return
	}
	r.empty()
	sparePool(id).Put(r)
}

// takeRelation returns an empty relation of predicate id: one kept whole,
// or a new one.
func takeRelation(id PredID) *Relation {
	if r, ok := sparePool(id).Get().(*Relation); ok {
		return r
	}
	key := predKey(id)
	return NewRelation(key.name, key.arity)
}

// small reports whether r's hash tables and rows are small enough to be
// kept.
func (r *Relation) small() bool {
	if len(r.set.slots) > maxKeptSlots || r.rows.cap() > maxKeptSlots*r.arity {
		return false
	}
	for _, ix := range r.indexes {
		if len(ix.keys.slots) > maxKeptSlots || len(ix.dense) > 2*maxKeptSlots {
			return false
		}
	}
	return true
}

// empty removes every row of r and of its indexes, keeping the storage,
// and its column names: the next DB to take it names them again.
func (r *Relation) empty() {
	if len(r.set.slots) > 1 { // not emptySlots
		clear(r.set.slots)
	}
	r.set.used, r.n = 0, 0
	clear(r.maxima)
	clear(r.maxRows)
	r.rows.empty()
	r.sealed.Store(false) // an empty set is a whole one
	for _, ix := range r.indexes {
		clear(ix.keys.slots)
		clear(ix.dense)
		ix.keys.used, ix.denseKeys, ix.longest = 0, 0, 0
		ix.chained, ix.next, ix.depth = false, ix.next[:0], ix.depth[:0]
	}
	r.measured, r.counted, r.walked, r.stamps, r.columns = r.measured[:0], r.counted[:0], r.walked[:0], r.stamps[:0], nil
	r.keys = r.keys[:0]
}

// DropSpare lets the collector have the storage spare keeps, when no
// relations are to be made for a while: pooled, it would outlive the next
// collection (a pool frees what it holds only at the one after), and the
// collector would pace its next cycle by a heap that counts it. A pool
// hands out only what it can reach from the calling goroutine's P and
// the shared lists, so a buffer or two kept privately by another P may
// stay.
func DropSpare() {
	for c := range spareClasses {
		drain(&spare.slots[c])
		drain(&spare.values[c])
		drain(&spare.packed[c])
		drain(&spare.ids[c])
	}
	for id := range numbered() {
		drain(sparePool(PredID(id)))
	}
}

// drain empties p.
func drain(p *sync.Pool) {
	for p.Get() != nil {
	}
}
