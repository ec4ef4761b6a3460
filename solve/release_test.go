package solve

import (
	"context"
	"slices"
	"testing"

	"bufferlog/facts"
)

// TestReleaseKeepsWhatIsAsked: on random programs, an evaluation whose
// Options.Release accepts some predicates derives every other relation
// row for row as an evaluation that keeps everything, and leaves no
// relation it accepted and read or derived, with strata evaluated in
// order and at once.
func TestReleaseKeepsWhatIsAsked(t *testing.T) {
	defer func(n uint32, m, k int) { splitRows, parallelRows, releaseRows = n, m, k }(splitRows, parallelRows, releaseRows)
	splitRows, parallelRows, releaseRows = 1, 1, 0
	ctx := context.Background()
	released := 0
	for seed := range uint64(randomPrograms) {
		g, prog, src := compiled(t, seed)
		// Every other predicate, by name, may go.
		var names []string
		for _, pr := range prog.preds {
			names = append(names, pr.sym.Symbol)
		}
		slices.Sort(names)
		mayGo := func(name string) bool {
			i, _ := slices.BinarySearch(names, name)
			return i%2 == 0
		}
		for _, workers := range []int{1, 3} {
			all, some := facts.NewDB(facts.NewSymbols()), facts.NewDB(facts.NewSymbols())
			loadAtoms(t, all, g.extra)
			loadAtoms(t, some, g.extra)
			if _, err := prog.Eval(ctx, all, Options{MaxFacts: 1_000_000, Workers: workers}); err != nil {
				t.Fatalf("seed %d: %v\n%s", seed, err, src)
			}
			if _, err := prog.Eval(ctx, some, Options{MaxFacts: 1_000_000, Workers: workers, Release: mayGo}); err != nil {
				t.Fatalf("seed %d: with Release: %v\n%s", seed, err, src)
			}
			touching := prog.planned.touching[0]
			for _, r := range all.Relations() {
				id := slices.IndexFunc(prog.preds, func(pr predicate) bool { return pr.sym.Symbol == r.Name() && pr.sym.Arity == r.Arity() })
				kept := some.Lookup(r.Name(), r.Arity())
				switch {
				case id >= 0 && touching[id] > 0 && mayGo(r.Name()):
					if kept != nil {
						t.Fatalf("seed %d: workers %d: %s was read or derived and may go, but stays\n%s", seed, workers, r.Name(), src)
					}
					released++
				case kept == nil:
					t.Fatalf("seed %d: workers %d: %s went\n%s", seed, workers, r.Name(), src)
				case !slices.Equal(rowTexts(all, r), rowTexts(some, kept)):
					t.Fatalf("seed %d: workers %d: %s: %v kept, %v with Release\n%s", seed, workers, r.Name(), rowTexts(all, r), rowTexts(some, kept), src)
				}
			}
		}
	}
	if released == 0 {
		t.Error("no relation was released")
	}
	t.Logf("%d random programs: %d relations released, the rest as kept", randomPrograms, released)
}
