package facts

import (
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"unsafe"
)

// TestRecycle checks what becomes of the relations a DB drops: a small
// one is kept whole, emptied, for the next relation of its predicate,
// which starts empty with the indexes it had; a large one gives its
// storage to the relations made after, whatever their predicate. The
// kept relations are untouched.
func TestRecycle(t *testing.T) {
	// The spare relations and buffers sit in sync.Pools, which the
	// collector empties and which keep them per P: one P and no
	// collection make what the test takes back what it gave.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	fill := func(r *Relation, n int64) {
		for i := range n {
			if !r.Add([]Value{Number(i), Number(i + 1)}) {
				t.Fatalf("(%d, %d) was taken for a duplicate", i, i+1)
			}
		}
		r.Index([]int{1})
	}
	finds := func(r *Relation, n int) bool {
		ix := r.Index([]int{1})
		return ix.First([]Value{Number(5)}) == 4 && ix.Next(4) == NoRow && r.Len() == n
	}
	// storage lists the buffers of r: rows, duplicate set, index slots
	// (dense here), chains and depths.
	storage := func(r *Relation) []unsafe.Pointer {
		ix := r.indexes[0]
		b := []unsafe.Pointer{unsafe.Pointer(unsafe.SliceData(r.rows.packed)), unsafe.Pointer(unsafe.SliceData(r.set.slots)),
			unsafe.Pointer(unsafe.SliceData(ix.keys.slots)), unsafe.Pointer(unsafe.SliceData(ix.next)), unsafe.Pointer(unsafe.SliceData(ix.depth)),
			unsafe.Pointer(unsafe.SliceData(ix.dense))}
		slices.SortFunc(b, func(a, b unsafe.Pointer) int { return int(uintptr(a)) - int(uintptr(b)) })
		return b
	}
	db := NewDB(nil)
	kept, small, large := db.Relation("kept", 2), db.Relation("small", 2), db.Relation("large", 2)
	kept.Add([]Value{Number(7), Number(8)})
	fill(small, 40)
	small.SetColumns("A", "B")
	fill(large, 5000)
	if !small.small() || large.small() {
		t.Fatalf("40 rows: kept whole %v; 5000 rows: kept whole %v", small.small(), large.small())
	}
	// Sealed, with no index, a large relation has no hash table left: its
	// rows still keep it from going whole to a small part.
	sealed := NewRelation("sealed", 2)
	for i := range int64(5000) {
		sealed.Add([]Value{Number(i), Number(i)})
	}
	if sealed.Seal(); len(sealed.set.slots) != 1 || sealed.small() {
		t.Fatalf("5000 rows, sealed: set of %d slots, kept whole %v", len(sealed.set.slots), sealed.small())
	}
	small.Count([]int{0}, []Value{Number(5)}) // a count of rows that go
	index, old := small.indexes[0], storage(large)
	db.Recycle(func(name string) bool { return name == "kept" })
	if db.Lookup("small", 2) != nil || db.Lookup("large", 2) != nil || small.Len() != 0 || index.Keys() != 0 || large.Len() != 0 || len(large.indexes) != 0 {
		t.Fatal("a dropped relation is still there, or not empty")
	}
	if kept.Len() != 1 || !kept.Contains([]Value{Number(7), Number(8)}) {
		t.Fatal("the kept relation lost its row")
	}

	// The next relation of the small one's predicate is that relation,
	// with its index, and sees none of the old tuples (fill fails on a
	// duplicate); one of another predicate is new.
	next := NewDB(nil)
	again := next.Relation("small", 2)
	if again != small || len(again.indexes) != 1 || again.indexes[0] != index || again.Columns() != nil || len(again.counted) != 0 {
		t.Fatal("the small relation was not kept whole for its predicate")
	}
	fill(again, 40)
	if !finds(again, 40) {
		t.Fatal("a relation kept whole finds the wrong rows")
	}
	// A relation filled as the large one was gets its storage.
	other := next.Relation("other", 2)
	if other == small || other == large {
		t.Fatal("a relation of another predicate was reused")
	}
	fill(other, 5000)
	if !slices.Equal(old, storage(other)) {
		t.Fatal("the large relation's storage was not reused")
	}
	if !finds(other, 5000) {
		t.Fatal("a relation on reused storage finds the wrong rows")
	}
}

// TestDropSpare checks that after DropSpare no relation or buffer a DB
// dropped is handed out again: a relation of the small one's predicate
// is new, and one filled as the large one was gets storage of its own.
func TestDropSpare(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	fill := func(r *Relation, n int64) {
		for i := range n {
			r.Add([]Value{Number(i), Number(i + 1)})
		}
		r.Index([]int{1})
	}
	// buffers lists rows, duplicate set and index chains (nil where the
	// index is dense).
	buffers := func(r *Relation) []unsafe.Pointer {
		return []unsafe.Pointer{unsafe.Pointer(unsafe.SliceData(r.rows.packed)), unsafe.Pointer(unsafe.SliceData(r.set.slots)),
			unsafe.Pointer(unsafe.SliceData(r.indexes[0].next))}
	}
	for _, drop := range []bool{false, true} {
		db := NewDB(nil)
		small, large := db.Relation("small", 2), db.Relation("large", 2)
		fill(small, 40)
		fill(large, 5000)
		old := buffers(large)
		db.Recycle(func(string) bool { return false })
		if drop {
			DropSpare()
		}
		next := NewDB(nil)
		again, other := next.Relation("small", 2), next.Relation("other", 2)
		fill(other, 5000)
		reused := slices.ContainsFunc(buffers(other), func(p unsafe.Pointer) bool { return p != nil && slices.Contains(old, p) })
		if (again == small) == drop || reused == drop {
			t.Errorf("DropSpare called: %v; the small relation taken again: %v; a buffer of the large one reused: %v", drop, again == small, reused)
		}
		next.Recycle(func(string) bool { return false })
	}
	DropSpare()
}
