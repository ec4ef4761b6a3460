package solve

import (
	"context"
	"testing"

	"bufferlog/facts"
)

// TestProbeThroughIndex: atoms with every argument bound, positive and
// negated, over relations large enough that the evaluation finds their
// tuples through a dense index (facts.Relation.ProbeIndex) instead of
// their duplicate sets, derive what the rules say.
func TestProbeThroughIndex(t *testing.T) {
	const n = 5000
	prog, err := Compile(Source{Name: "probe.mg", Text: `
Decl pair(X, Y).
Decl even(X).
Decl odd(X).
Decl mark(X, Y).
both(X) :- pair(X, Y), even(X), odd(Y).
neither(X) :- pair(X, Y), !even(X), !odd(Y).
marked(X) :- pair(X, Y), mark(Y, X).
`})
	if err != nil {
		t.Fatal(err)
	}
	db := facts.NewDB(nil)
	pair, even, odd, mark := db.Relation("pair", 2), db.Relation("even", 1), db.Relation("odd", 1), db.Relation("mark", 2)
	marks := map[[2]int]bool{}
	for i := range n {
		// Two rows for each first column, so that finding a tuple walks
		// a chain.
		mark.Add([]facts.Value{facts.Number(int64(i / 2)), facts.Number(int64(i % 5))})
		marks[[2]int{i / 2, i % 5}] = true
		pair.Add([]facts.Value{facts.Number(int64(i)), facts.Number(int64(i / 3))})
		if i%2 == 0 {
			even.Add([]facts.Value{facts.Number(int64(i))})
		} else {
			odd.Add([]facts.Value{facts.Number(int64(i))})
		}
	}
	if _, err := prog.Eval(context.Background(), db, Options{MaxFacts: 1_000_000}); err != nil {
		t.Fatal(err)
	}
	var both, neither, marked int
	for i := range n {
		if marks[[2]int{i / 3, i}] {
			marked++
		}
		x, y := i%2 == 0, (i/3)%2 == 1
		if x && y {
			both++
		}
		if !x && !y {
			neither++
		}
	}
	if got := db.Lookup("both", 1).Len(); got != both {
		t.Errorf("both: %d facts, want %d", got, both)
	}
	if got := db.Lookup("neither", 1).Len(); got != neither {
		t.Errorf("neither: %d facts, want %d", got, neither)
	}
	if got := db.Lookup("marked", 1).Len(); got != marked || marked == 0 {
		t.Errorf("marked: %d facts, want %d (not 0)", got, marked)
	}
	for _, r := range []*facts.Relation{even, odd, mark} {
		if r.FindIndex([]int{0}) == nil {
			t.Errorf("%s was probed without an index", r.Name())
		}
	}
}
