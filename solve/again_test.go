package solve

import (
	"context"
	"slices"
	"testing"

	"github.com/google/mangle/ast"

	"bufferlog/facts"
)

// TestEvalAgainMatchesFullEvaluation: on random programs (recursion,
// negation, aggregation), evaluating, adding facts to one given
// predicate and calling EvalAgain leaves the facts of one evaluation
// over all the facts.
func TestEvalAgainMatchesFullEvaluation(t *testing.T) {
	ctx, opt := context.Background(), Options{MaxFacts: 1_000_000}
	tested := 0
	for seed := range uint64(randomPrograms) {
		g := newProgram(seed)
		if len(g.extra) < 2 {
			continue
		}
		src := g.text.String()
		prog, err := Compile(Source{Name: "random.mg", Text: src})
		if err != nil {
			t.Fatalf("seed %d: compile: %v\n%s", seed, err, src)
		}
		whole := facts.NewDB(nil)
		loadAtoms(t, whole, g.extra)
		if _, err := prog.Eval(ctx, whole, opt); err != nil {
			t.Fatalf("seed %d: eval: %v\n%s", seed, err, src)
		}
		// The facts of one predicate arrive late: the second half of them.
		late := g.extra[len(g.extra)-1].Predicate
		var early, added []ast.Atom
		n := 0
		for _, a := range g.extra {
			if a.Predicate == late {
				n++
				if n%2 == 1 {
					added = append(added, a)
					continue
				}
			}
			early = append(early, a)
		}
		db := facts.NewDB(nil)
		loadAtoms(t, db, early)
		if _, err := prog.Eval(ctx, db, opt); err != nil {
			t.Fatalf("seed %d: eval: %v\n%s", seed, err, src)
		}
		loadAtoms(t, db, added)
		if _, err := prog.EvalAgain(ctx, db, opt, late.Symbol); err != nil {
			t.Fatalf("seed %d: eval again: %v\n%s", seed, err, src)
		}
		if d := diff(engineFacts(whole), engineFacts(db)); d != "" {
			t.Fatalf("seed %d: adding %v to %s: EvalAgain differs from a whole evaluation: %s\n%s", seed, added, late.Symbol, d, src)
		}
		tested++
	}
	if tested < randomPrograms/2 {
		t.Errorf("only %d of %d programs had facts to add late", tested, randomPrograms)
	}
	t.Logf("%d random programs: EvalAgain equals a whole evaluation", tested)
}

// TestWorkersMatchOneGoroutine: with workers, joins split across them
// and strata evaluated at once derive, on random programs, the rows one
// goroutine derives, in the same order.
func TestWorkersMatchOneGoroutine(t *testing.T) {
	defer func(n uint32, m int) { splitRows, parallelRows = n, m }(splitRows, parallelRows)
	splitRows, parallelRows = 1, 1
	ctx := context.Background()
	for seed := range uint64(randomPrograms) {
		g, prog, src := compiled(t, seed)
		var dbs [2]*facts.DB
		for i, workers := range []int{1, 3} {
			dbs[i] = facts.NewDB(facts.NewSymbols())
			loadAtoms(t, dbs[i], g.extra)
			if _, err := prog.Eval(ctx, dbs[i], Options{MaxFacts: 1_000_000, Workers: workers}); err != nil {
				t.Fatalf("seed %d: workers %d: %v\n%s", seed, workers, err, src)
			}
		}
		one, split := dbs[0].Relations(), dbs[1].Relations()
		if len(one) != len(split) {
			t.Fatalf("seed %d: %d relations with one runner, %d split", seed, len(one), len(split))
		}
		for i, r := range one {
			want, got := rowTexts(dbs[0], r), rowTexts(dbs[1], split[i])
			if !slices.Equal(want, got) {
				t.Fatalf("seed %d: %s: one goroutine derives %v, workers %v\n%s", seed, r.Name(), want, got, src)
			}
		}
	}
}

// rowTexts renders r's rows in row order.
func rowTexts(db *facts.DB, r *facts.Relation) []string {
	var out []string
	for id := range uint32(r.Len()) {
		args := make([]ast.Constant, r.Arity())
		for i, v := range r.Row(id) {
			args[i] = Constant(db.Symbols(), v)
		}
		out = append(out, factText(r.Name(), args))
	}
	return out
}
