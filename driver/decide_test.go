package driver

import (
	"maps"
	"slices"
	"testing"

	"bufferlog/facts"
	"bufferlog/rewrite"
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
	add := func(name string, vals ...any) { addFact(db, name, vals...) }
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

// addFact adds fact name(vals...) to db: ints are numbers, strings strings.
func addFact(db *facts.DB, name string, vals ...any) {
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

func outOfPlace(d *rewrite.Decisions) []rewrite.Operand {
	var out []rewrite.Operand
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
		out    []rewrite.Operand
		bytes  int
	}{
		// Bottom-up takes the fill first: in place; the insert would then
		// join the fill's write with the read of %B, so it is copied.
		{"bottom-up", OneShot(BottomUp), []rewrite.Operand{{Op: 11, Index: 1}}, 32},
		// Top-down keeps the insert in place and copies for the fill.
		{"top-down", OneShot(TopDown), []rewrite.Operand{{Op: 12, Index: 1}}, 0},
		// The fill does not read its output: a fresh buffer costs nothing.
		{"mincopy", MinCopy, []rewrite.Operand{{Op: 12, Index: 1}}, 0},
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
			cost := operandCosts(db, nil)
			bytes := 0
			for _, o := range outOfPlace(d) {
				bytes += cost[o].Bytes
			}
			if bytes != tc.bytes {
				t.Errorf("copies %d bytes, want %d", bytes, tc.bytes)
			}
			// addBytes costs only the out-of-place operands, as the
			// costs of every operand have them.
			addBytes(d, db)
			if got := d.CopiedBytes(); got != tc.bytes {
				t.Errorf("CopiedBytes = %d after addBytes, want %d", got, tc.bytes)
			}
			for _, dec := range d.List {
				if want := cost[dec.Operand].Bytes; !dec.InPlace && dec.Bytes != want || dec.InPlace && dec.Bytes != 0 {
					t.Errorf("%v (in place %v) costs %d bytes", dec.Operand, dec.InPlace, dec.Bytes)
				}
			}
			for _, dec := range d.List {
				if dec.Operand == (rewrite.Operand{Op: 11, Index: 1}) && !dec.InPlace && tc.name == "bottom-up" {
					want := rewrite.Conflict{Read: rewrite.Operand{Op: 13, Index: 0}, Write: rewrite.Operand{Op: 12, Index: 1}, Definition: 2}
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
		if dec.Operand == (rewrite.Operand{Op: 12, Index: 1}) && (dec.InPlace || dec.ReadOnly != 1) {
			t.Errorf("fill: %v, want out of place for read-only value 1", dec)
		}
	}
}

// orderDB is the structure of a module part holding two functions, with
// no conflicts, so that every operand goes in place:
//
//	func @g (op 10), called by nothing     func @f (op 20)
//	  op 11: call @f, operand 0              op 21: holds ops 22 and 23,
//	  op 12: operand 0, must be in place            operands 0 and 3
//	                                         op 22, op 23, op 24: operand 0
//
// The functions' parent, the module op 0, is not in the part. cycle adds
// a call of @g from @f.
func orderDB(cycle bool) *facts.DB {
	db := facts.NewDB(nil)
	add := func(name string, vals ...any) { addFact(db, name, vals...) }
	add("func", 10, "g")
	add("func", 20, "f")
	for op, parent := range map[int]int{10: 0, 20: 0, 11: 10, 12: 10, 21: 20, 22: 21, 23: 21, 24: 20} {
		add("op", op, "test.op")
		add("parent_op", op, parent)
	}
	// rewrite.Operand 3 of op 21 comes first: an op's operands go by index.
	for v, use := range [][2]int{{21, 3}, {21, 0}, {11, 0}, {12, 0}, {22, 0}, {23, 0}, {24, 0}} {
		add("tensor_use", use[0], use[1], v+1)
	}
	add("must_inplace", 12, 0)
	add("call", 11, 20)
	if cycle {
		add("call", 24, 10)
	}
	return db
}

// TestDecideOrder: callees before callers; in a function, the ops in
// reverse post-order (BottomUp) or post-order (TopDown), an op's operands
// by index. In a call cycle, the function met first in op order (@g) is
// entered first, so its callee @f gets the lower rank, on every run.
func TestDecideOrder(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cycle bool
		order Order
		want  []rewrite.Operand
	}{
		{"bottom-up", false, BottomUp, []rewrite.Operand{{Op: 24, Index: 0}, {Op: 21, Index: 0}, {Op: 21, Index: 3}, {Op: 23, Index: 0}, {Op: 22, Index: 0}, {Op: 11, Index: 0}}},
		{"top-down", false, TopDown, []rewrite.Operand{{Op: 22, Index: 0}, {Op: 23, Index: 0}, {Op: 21, Index: 0}, {Op: 21, Index: 3}, {Op: 24, Index: 0}, {Op: 11, Index: 0}}},
		{"cycle", true, BottomUp, []rewrite.Operand{{Op: 24, Index: 0}, {Op: 21, Index: 0}, {Op: 21, Index: 3}, {Op: 23, Index: 0}, {Op: 22, Index: 0}, {Op: 11, Index: 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := orderDB(tc.cycle)
			for range 10 {
				d, err := Decide(db, tc.order)
				if err != nil {
					t.Fatal(err)
				}
				var got []rewrite.Operand
				for _, dec := range d.List {
					got = append(got, dec.Operand)
					if !dec.InPlace || !d.InPlace(dec.Operand) {
						t.Errorf("%v: out of place", dec)
					}
				}
				if !slices.Equal(got, tc.want) {
					t.Fatalf("order %v, want %v", got, tc.want)
				}
				if !d.InPlace(rewrite.Operand{Op: 12, Index: 0}) || d.InPlace(rewrite.Operand{Op: 12, Index: 1}) || d.InPlace(rewrite.Operand{Op: 10, Index: 0}) {
					t.Errorf("InPlace: (12, 0) must be in place, (12, 1) and (10, 0) are no tensor operands")
				}
			}
		})
	}
}

// TestDecideConflicts: an operand kept out of place lists every
// raw_conflict row that forbade it, by read, then write, then newest row
// first; the first is its rewrite.Conflict.
func TestDecideConflicts(t *testing.T) {
	db := facts.NewDB(nil)
	add := func(name string, vals ...any) { addFact(db, name, vals...) }
	// In func 10, ops 12 and 13 read value 1, which op 11 writes; the
	// rules give two definitions for the read of op 12.
	add("func", 10, "f")
	for op := 11; op <= 13; op++ {
		add("op", op, "test.op")
		add("parent_op", op, 10)
		add("tensor_use", op, 0, 1)
		add("conflict_read", op, 0)
	}
	add("operand_writes", 11, 0)
	add("raw_conflict", 13, 0, 11, 0, 7)
	add("raw_conflict", 12, 0, 11, 0, 5)
	add("raw_conflict", 12, 0, 11, 0, 6)
	d, err := Decide(db, BottomUp)
	if err != nil {
		t.Fatal(err)
	}
	want := []rewrite.Conflict{
		{Read: rewrite.Operand{Op: 12, Index: 0}, Write: rewrite.Operand{Op: 11, Index: 0}, Definition: 6},
		{Read: rewrite.Operand{Op: 12, Index: 0}, Write: rewrite.Operand{Op: 11, Index: 0}, Definition: 5},
		{Read: rewrite.Operand{Op: 13, Index: 0}, Write: rewrite.Operand{Op: 11, Index: 0}, Definition: 7},
	}
	if got := outOfPlace(d); !slices.Equal(got, []rewrite.Operand{{Op: 11, Index: 0}}) {
		t.Fatalf("out of place %v, want [{11 0}]", got)
	}
	dec := d.List[len(d.List)-1]
	if !slices.Equal(dec.Conflicts, want) || dec.Conflict != &dec.Conflicts[0] {
		t.Errorf("conflicts %v (first %v), want %v", dec.Conflicts, dec.Conflict, want)
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
	want := map[rewrite.Operand]CopySize{{Op: 11, Index: 1}: {Bytes: 32}, {Op: 12, Index: 0}: {Bytes: 16}, {Op: 13, Index: 0}: {Bytes: dynamicBytes, Dynamic: true}}
	if got := CopySizes(db); !maps.Equal(got, want) {
		t.Errorf("CopySizes = %v, want %v", got, want)
	}
	if got := CopySizes(facts.NewDB(nil)); len(got) != 0 {
		t.Errorf("CopySizes of an absent relation = %v", got)
	}
}
