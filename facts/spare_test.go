package facts

import (
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"unsafe"
)

// TestRecycle checks that the storage of the relations a DB drops goes to
// the relations made after, which start empty, and that the kept ones
// are untouched.
func TestRecycle(t *testing.T) {
	// The spare buffers sit in sync.Pools, which the collector empties
	// and which keep a buffer per P: one P and no collection make what
	// the test takes back what it gave.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	fill := func(r *Relation) {
		for i := range int64(40) {
			if !r.Add([]Value{Number(i), Number(i + 1)}) {
				t.Fatalf("(%d, %d) was taken for a duplicate", i, i+1)
			}
		}
		r.Index([]int{1})
	}
	// storage lists the buffers of r: rows, duplicate set, index slots,
	// chains and depths.
	storage := func(r *Relation) []unsafe.Pointer {
		ix := r.indexes[0]
		return []unsafe.Pointer{unsafe.Pointer(unsafe.SliceData(r.rows)), unsafe.Pointer(unsafe.SliceData(r.set.slots)),
			unsafe.Pointer(unsafe.SliceData(ix.keys.slots)), unsafe.Pointer(unsafe.SliceData(ix.next)), unsafe.Pointer(unsafe.SliceData(ix.depth))}
	}
	db := NewDB(nil)
	kept, dropped := db.Relation("kept", 2), db.Relation("dropped", 2)
	kept.Add([]Value{Number(7), Number(8)})
	fill(dropped)
	old := storage(dropped)
	db.Recycle(func(name string) bool { return name == "kept" })
	if db.Lookup("dropped", 2) != nil || dropped.Len() != 0 || len(dropped.indexes) != 0 {
		t.Fatal("the dropped relation is still there, or not empty")
	}
	if kept.Len() != 1 || !kept.Contains([]Value{Number(7), Number(8)}) {
		t.Fatal("the kept relation lost its row")
	}

	// A relation filled the same way gets that storage, and sees none of
	// the old tuples (fill fails on a duplicate).
	other := NewDB(nil).Relation("other", 2)
	fill(other)
	now := storage(other)
	slices.SortFunc(old, func(a, b unsafe.Pointer) int { return int(uintptr(a)) - int(uintptr(b)) })
	slices.SortFunc(now, func(a, b unsafe.Pointer) int { return int(uintptr(a)) - int(uintptr(b)) })
	if !slices.Equal(old, now) {
		t.Fatal("the dropped relation's storage was not reused")
	}
	if ix := other.Index([]int{1}); ix.First([]Value{Number(5)}) != 4 || ix.Next(4) != NoRow || other.Len() != 40 {
		t.Fatal("a relation on reused storage finds the wrong rows")
	}
}
