package solve

import (
	"context"
	"testing"

	"bufferlog/facts"
)

// TestProbeThroughIndex: atoms with every argument bound, positive and
// negated, over relations large enough that the evaluation finds their
// tuples through a dense index (facts.Relation.Finder) instead of
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

// TestLookupThroughFewerColumns: atoms with two of three arguments bound,
// positive and negated, over a relation large enough that the evaluation
// reads a dense index on one of them, whose chains are short, and
// compares the other row by row, derive what the rules say.
func TestLookupThroughFewerColumns(t *testing.T) {
	const n = 5000
	prog, err := Compile(Source{Name: "lookup.mg", Text: `
Decl edge(X, Y, Z).
Decl want(X, Y).
hit(Z) :- want(X, Y), edge(X, Y, Z).
miss(X, Y) :- want(X, Y), !edge(X, Y, _).
`})
	if err != nil {
		t.Fatal(err)
	}
	db := facts.NewDB(nil)
	edge, want := db.Relation("edge", 3), db.Relation("want", 2)
	held := map[[2]int]int{}
	for i := range n {
		// Two rows for each second column, of which the first column
		// tells one from the other.
		edge.Add([]facts.Value{facts.Number(int64(i % 7)), facts.Number(int64(i / 2)), facts.Number(int64(i))})
		held[[2]int{i % 7, i / 2}]++
	}
	var hits, misses int
	for y := 0; y < n/2; y += 5 {
		for x := range 7 {
			want.Add([]facts.Value{facts.Number(int64(x)), facts.Number(int64(y))})
			hits += held[[2]int{x, y}]
			if held[[2]int{x, y}] == 0 {
				misses++
			}
		}
	}
	if _, err := prog.Eval(context.Background(), db, Options{MaxFacts: 1_000_000}); err != nil {
		t.Fatal(err)
	}
	if got := db.Lookup("hit", 1).Len(); got != hits || hits == 0 {
		t.Errorf("hit: %d facts, want %d (not 0)", got, hits)
	}
	if got := db.Lookup("miss", 2).Len(); got != misses || misses == 0 {
		t.Errorf("miss: %d facts, want %d (not 0)", got, misses)
	}
	if edge.FindIndex([]int{1}) == nil || edge.FindIndex([]int{0, 1}) != nil {
		t.Error("edge was not looked up through its second column alone")
	}
}
