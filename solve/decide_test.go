package solve

import (
	"maps"
	"slices"
	"testing"

	"bufferlog/facts"
)

// greedyDB is the facts the in-place rules derive for
//
//	%B = tensor.insert %x into %F[%i]                           // op 11
//	%C = linalg.fill ins(%x) outs(%F)                           // op 12
//	%r = tensor.extract %B[%i]                                  // op 13
//	%s = tensor.extract %C[%i]                                  // op 14
//
// in function op 10, with %F, %B, %C the values 1, 2, 3 of 32 bytes: the
// insert and the fill both write %F's buffer, and the extract of %B
// conflicts with the fill in place (raw_conflict).
func greedyDB() *facts.DB {
	db := facts.NewDB(nil)
	add := func(name string, vals ...any) {
		row := make([]facts.Value, len(vals))
		for i, v := range vals {
			switch v := v.(type) {
			case int:
				row[i] = facts.Number(int64(v))
			case string:
				row[i] = db.Symbols().String(v)
			}
		}
		db.Relation(name, len(row)).Add(row)
	}
	add("func", 10, "f")
	for op, name := range map[int]string{10: "func.func", 11: "tensor.insert", 12: "linalg.fill", 13: "tensor.extract", 14: "tensor.extract"} {
		add("op", op, name)
		if op != 10 {
			add("parent_op", op, 10)
		}
	}
	add("tensor_use", 11, 1, 1)
	add("tensor_use", 12, 1, 1)
	add("tensor_use", 13, 0, 2)
	add("tensor_use", 14, 0, 3)
	add("operand_alias", 11, 1, 2)
	add("operand_alias", 12, 1, 3)
	add("operand_writes", 11, 1)
	add("operand_writes", 12, 1)
	add("operand_reads", 11, 1)
	add("operand_reads", 13, 0)
	add("operand_reads", 14, 0)
	add("conflict_read", 11, 1)
	add("conflict_read", 13, 0)
	add("conflict_read", 14, 0)
	add("raw_conflict", 13, 0, 12, 1, 2)
	for v := range 3 {
		add("value_type", v+1, "/tensor", 32)
		add("conflict_class", v+1, 1)
	}
	return db
}

func outOfPlace(d *Decisions) []Operand {
	var out []Operand
	for _, dec := range d.List {
		if !dec.InPlace {
			out = append(out, dec.Operand)
		}
	}
	return out
}

func TestDecide(t *testing.T) {
	for _, tc := range []struct {
		name   string
		policy Policy
		out    []Operand
		bytes  int
	}{
		// Bottom-up takes the fill first: in place; the insert would then
		// join the fill's write with the read of %B, so it is copied.
		{"bottom-up", OneShot(BottomUp), []Operand{{11, 1}}, 32},
		// Top-down keeps the insert in place and copies for the fill.
		{"top-down", OneShot(TopDown), []Operand{{12, 1}}, 0},
		// The fill does not read its output: a fresh buffer costs nothing.
		{"mincopy", MinCopy, []Operand{{12, 1}}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := greedyDB()
			d, err := tc.policy(db)
			if err != nil {
				t.Fatal(err)
			}
			if got := outOfPlace(d); !slices.Equal(got, tc.out) {
				t.Errorf("out of place %v, want %v", got, tc.out)
			}
			cost := operandCosts(db)
			bytes := 0
			for _, o := range outOfPlace(d) {
				bytes += cost[o].Bytes
			}
			if bytes != tc.bytes {
				t.Errorf("copies %d bytes, want %d", bytes, tc.bytes)
			}
			for _, dec := range d.List {
				if dec.Operand == (Operand{11, 1}) && !dec.InPlace && tc.name == "bottom-up" {
					want := Conflict{Read: Operand{13, 0}, Write: Operand{12, 1}, Definition: 2}
					if dec.Conflict == nil || *dec.Conflict != want {
						t.Errorf("reason %+v, want %+v", dec.Conflict, want)
					}
				}
			}
		})
	}
}

// TestDecideReadOnly: a write that would reach a read-only buffer goes
// out of place, naming the buffer.
func TestDecideReadOnly(t *testing.T) {
	db := greedyDB()
	db.Relation("read_only_value", 1).Add([]facts.Value{facts.Number(1)})
	d, err := Decide(db, BottomUp)
	if err != nil {
		t.Fatal(err)
	}
	for _, dec := range d.List {
		if dec.Operand == (Operand{12, 1}) && (dec.InPlace || dec.ReadOnly != 1) {
			t.Errorf("fill: %v, want out of place for read-only value 1", dec)
		}
	}
}

func TestCallGraph(t *testing.T) {
	// 0 calls 1, 1 calls 2 and 3, 3 calls 1 (a cycle), 4 calls nothing.
	callees := [][]int{{1}, {2, 3}, nil, {1}, nil}
	levels := callLevels(callees)
	level := map[int]int{}
	for l, parts := range levels {
		for _, p := range parts {
			level[p] = l
		}
	}
	for _, e := range [][2]int{{0, 1}, {1, 2}} {
		if level[e[0]] <= level[e[1]] {
			t.Errorf("part %d (level %d) is not after its callee %d (level %d)", e[0], level[e[0]], e[1], level[e[1]])
		}
	}
	comp := components(callees)
	if comp[1] != comp[3] || comp[0] == comp[1] || comp[2] == comp[1] || comp[4] == comp[1] {
		t.Errorf("components %v: want 1 and 3 together, every other part alone", comp)
	}
}

// TestCopySizes: a copy is sized by the value it copies, statically, or
// marked dynamic.
func TestCopySizes(t *testing.T) {
	db := facts.NewDB(nil)
	n := facts.Number
	for _, r := range [][]int64{{1, 32}, {2, 16}, {3, -1}} {
		db.Relation("value_type", 3).Add([]facts.Value{n(r[0]), db.Symbols().String("/tensor"), n(r[1])})
	}
	// Op 11 copies its operand's value 1; op 12, an extract_slice of
	// value 1, copies its result 2; op 13 a tensor of dynamic size.
	for _, r := range [][]int64{{11, 1, 1}, {12, 0, 2}, {13, 0, 3}} {
		db.Relation("copied_value", 3).Add([]facts.Value{n(r[0]), n(r[1]), n(r[2])})
	}
	want := map[Operand]CopySize{{11, 1}: {Bytes: 32}, {12, 0}: {Bytes: 16}, {13, 0}: {Bytes: dynamicBytes, Dynamic: true}}
	if got := CopySizes(db, "copied_value"); !maps.Equal(got, want) {
		t.Errorf("CopySizes = %v, want %v", got, want)
	}
	if got := CopySizes(db, "nothing"); len(got) != 0 {
		t.Errorf("CopySizes of an absent relation = %v", got)
	}
}
