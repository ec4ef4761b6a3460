package facts

import (
	"slices"
	"testing"
)

func TestPack(t *testing.T) {
	syms := NewSymbols()
	name, str := syms.Name("/v/1"), syms.String("text")
	for _, tc := range []struct {
		v    Value
		fits bool
	}{
		{Number(0), true},
		{Number(1<<31 - 1), true},
		{Number(1 << 31), false},
		{Number(-1), false},
		{Number(MinNumber), false},
		{Number(MaxNumber), false},
		{name, true},
		{str, true},
		{symbolTag | packedID, true},
		{symbolTag | stringKind | packedID, true},
		{symbolTag | (packedID + 1), false},
		{symbolTag | stringKind | (packedID + 1), false},
	} {
		p, ok := pack(tc.v)
		if ok != tc.fits {
			t.Errorf("pack(%#x) fits = %v, want %v", uint64(tc.v), ok, tc.fits)
			continue
		}
		if ok && unpack(p) != tc.v {
			t.Errorf("unpack(pack(%#x)) = %#x", uint64(tc.v), uint64(unpack(p)))
		}
	}
}

// TestWiden adds tuples that pack, then one that does not, by each way of
// adding: every tuple reads back the same, and finds and index lookups
// still find it, once the relation has moved to wide storage.
func TestWiden(t *testing.T) {
	syms := NewSymbols()
	name := syms.Name("/op")
	tuples := [][]Value{}
	for i := range int64(3000) {
		tuples = append(tuples, []Value{Number(i), name, Number(i % 7)})
	}
	wide := []Value{Number(-1), name, Number(1 << 40)}
	for _, add := range []struct {
		name string
		add  func(r *Relation, rows []Value)
	}{
		{"Add", func(r *Relation, rows []Value) {
			for i := 0; i < len(rows); i += r.Arity() {
				r.Add(rows[i : i+r.Arity()])
			}
		}},
		{"AddBatch", func(r *Relation, rows []Value) { r.AddBatch(rows) }},
		{"AppendDistinct", func(r *Relation, rows []Value) { r.AppendDistinct(rows) }},
	} {
		t.Run(add.name, func(t *testing.T) {
			r := NewRelation("t", 3)
			byKind := r.Index([]int{2})
			add.add(r, slices.Concat(tuples...))
			if r.rows.wide {
				t.Fatal("tuples that pack are stored wide")
			}
			add.add(r, wide)
			if !r.rows.wide || r.Len() != len(tuples)+1 {
				t.Fatalf("after a tuple that does not pack: wide %v, %d tuples", r.rows.wide, r.Len())
			}
			for id, want := range append(slices.Clone(tuples), wide) {
				if got := r.Row(uint32(id)); !slices.Equal(got, want) {
					t.Fatalf("row %d = %v, want %v", id, got, want)
				}
				if r.Find(want) != uint32(id) {
					t.Fatalf("Find(%v) = %d, want %d", want, r.Find(want), id)
				}
			}
			if byKind.First([]Value{Number(1 << 40)}) != uint32(len(tuples)) || byKind.Count([]Value{Number(3)}) != 429 { // 3, 10, ..., 2997
				t.Fatal("the index lost rows when the relation widened")
			}
		})
	}
}
