package solve

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"bufferlog/facts"
)

// partsSchema declares the extensional predicates of the split DBs: e and
// n hold ids of one part, c (marked CrossFunction) ids of two, and k no
// id at all.
func partsSchema() []*facts.Predicate {
	c := facts.NewPredicate("c(A:op, F:op)", "A calls F, in another part.")
	c.CrossFunction = true
	return []*facts.Predicate{
		facts.NewPredicate("e(A:value, B:value)", "An edge within a part."),
		facts.NewPredicate("n(A:value, N:number)", "A number of A."),
		facts.NewPredicate("k(N:number)", "A number of no part."),
		c,
	}
}

// splitDB returns a DB of random facts and the same facts split into
// parts as extract.Functions splits a module: ids 10k to 10k+9 are of
// part k, and each fact is in the part of its ids (a c fact in that of
// its first, the k fact in part 0).
func splitDB(seed uint64, numParts int) (whole *facts.DB, parts []*facts.DB) {
	rng := rand.New(rand.NewPCG(seed, 1))
	syms := facts.NewSymbols()
	whole = facts.NewDB(syms)
	for range numParts {
		parts = append(parts, facts.NewDB(syms))
	}
	add := func(part int, pred string, row ...int64) {
		values := make([]facts.Value, len(row))
		for i, n := range row {
			values[i] = facts.Number(n)
		}
		whole.Relation(pred, len(row)).Add(values)
		parts[part].Relation(pred, len(row)).Add(values)
	}
	for k := range numParts {
		id := func() int64 { return int64(10*k + rng.IntN(10)) }
		for range 15 {
			add(k, "e", id(), id())
		}
		for i := range 10 {
			add(k, "n", int64(10*k+i), rng.Int64N(3))
		}
		add(k, "c", id(), int64(10*rng.IntN(numParts)+rng.IntN(10)))
	}
	add(0, "k", 2)
	return whole, parts
}

// compileParts compiles src with the declarations of partsSchema.
func compileParts(t *testing.T, src string) *Program {
	t.Helper()
	var decls strings.Builder
	if err := facts.WriteDecls(&decls, partsSchema()); err != nil {
		t.Fatal(err)
	}
	prog, err := Compile(Source{Name: "schema.mg", Text: decls.String()}, Source{Name: "test.mg", Text: src})
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

func TestFunctionLocal(t *testing.T) {
	differ := map[string]bool{} // rejected programs that the parts get wrong
	for _, tt := range []struct {
		name     string
		src      string
		derived  []string // signatures of the derived predicates
		restrict string   // "" evaluates the whole program
		want     bool
	}{
		{"copy", "p(A, B) :- e(A, B).", []string{"p(A:value, B:value)"}, "", true},
		{"join through an id", "p(A, C) :- e(A, B), e(B, C).", []string{"p(A:value, C:value)"}, "", true},
		{"recursion", "p(A, B) :- e(A, B). p(A, C) :- p(A, B), e(B, C).", []string{"p(A:value, C:value)"}, "", true},
		{"join through a number", "p(A, B) :- n(A, N), n(B, N).", []string{"p(A:value, B:value)"}, "", false},
		{"disconnected", "p(A, B) :- e(A, _), e(B, _).", []string{"p(A:value, B:value)"}, "", false},
		{"equality joins", "p(A, C) :- e(A, B), C = B.", []string{"p(A:value, C:value)"}, "", true},
		{"reads a crossing predicate", "p(A) :- c(A, _).", []string{"p(A:op)"}, "", false},
		{"joins through a crossing predicate", "p(A, N) :- c(A, F), n(F, N).", []string{"p(A:op, N:number)"}, "", false},
		{"reads one through a rule", "p(A) :- c(A, _). q(A) :- p(A).", []string{"p(A:op)", "q(A:op)"}, "q", false},
		{"restricted away from it", "p(A) :- c(A, _). q(A) :- e(A, _).", []string{"p(A:op)", "q(A:value)"}, "q", true},
		{"whole program with it", "p(A) :- c(A, _). q(A) :- e(A, _).", []string{"p(A:op)", "q(A:value)"}, "", false},
		{"negation bound by an id", "p(A) :- e(A, _), !n(A, 2).", []string{"p(A:value)"}, "", true},
		{"negation without an id", "p(A) :- e(A, _), !k(2).", []string{"p(A:value)"}, "", false},
		{"negation of a derived predicate", "q(A) :- n(A, 0). p(A) :- e(A, B), !q(B).", []string{"p(A:value)", "q(A:value)"}, "", true},
		{"negation of rule-file facts", "g(2). p(A) :- e(A, _), !g(2).", []string{"g(N:number)", "p(A:value)"}, "", true},
		{"rule-file facts only", "g(1). g(2). h(X) :- g(X).", []string{"g(N:number)", "h(N:number)"}, "", true},
		{"rule-file facts join ids", "f(1, 12). p(A, B) :- f(A, B), e(A, _), e(B, _).", []string{"f(A:value, B:value)", "p(A:value, B:value)"}, "", false},
		{"rule-file facts filter ids", "f(3). f(12). p(A) :- f(A), e(A, _).", []string{"f(A:value)", "p(A:value)"}, "", true},
		{"facts of a derived predicate", "p(1, 2). p(A, B) :- e(A, B).", []string{"p(A:value, B:value)"}, "", false},
		{"constant id in the head", "p(3) :- e(_, _).", []string{"p(A:value)"}, "", false},
		{"number in an id column", "p(N) :- n(_, N).", []string{"p(A:value)"}, "", false},
		{"no id column", "p(N) :- n(_, N).", []string{"p(N:number)"}, "", false},
		{"undeclared", "p(A) :- e(A, _).", nil, "", false},
		{"count per id", "p(A, N) :- e(A, _) |> do fn:group_by(A), let N = fn:count().", []string{"p(A:value, N:number)"}, "", true},
		{"count of all", "p(N) :- e(_, _) |> do fn:group_by(), let N = fn:count().", []string{"p(N:number)"}, "", false},
		{"least id per id", "p(A, R) :- e(A, B) |> do fn:group_by(A), let R = fn:min(B).", []string{"p(A:value, R:value)"}, "", true},
		{"sum as an id", "p(A, R) :- n(A, N) |> do fn:group_by(A), let R = fn:sum(N).", []string{"p(A:value, R:value)"}, "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			prog := compileParts(t, tt.src)
			if tt.restrict != "" {
				prog = prog.Restrict(tt.restrict)
			}
			decls := partsSchema()
			for _, sig := range tt.derived {
				decls = append(decls, facts.NewPredicate(sig, ""))
			}
			if got := prog.FunctionLocal(decls); got != tt.want {
				t.Errorf("FunctionLocal = %v, want %v", got, tt.want)
			}
			// What the check promises: the parts derive the whole's facts.
			// Some programs it rejects must indeed derive others, or the
			// comparison would prove nothing.
			for seed := range uint64(5) {
				whole, parts := splitDB(seed, 3)
				if _, err := prog.Eval(context.Background(), whole, Options{}); err != nil {
					t.Fatal(err)
				}
				if _, err := prog.EvalParts(context.Background(), parts, Options{}, 2); err != nil {
					t.Fatal(err)
				}
				union := map[string]bool{}
				for _, part := range parts {
					maps.Copy(union, engineFacts(part))
				}
				want := engineFacts(whole)
				switch {
				case maps.Equal(union, want):
				case tt.want:
					t.Errorf("seed %d: parts derive\n%v\nwhole derives\n%v", seed, slices.Sorted(maps.Keys(union)), slices.Sorted(maps.Keys(want)))
				default:
					differ[tt.name] = true
				}
			}
		})
	}
	if len(differ) < 6 {
		t.Errorf("the parts derive other facts than the whole for %d rejected programs only: %v", len(differ), slices.Sorted(maps.Keys(differ)))
	}
}

// TestEvalParts checks that EvalParts derives on each part what Eval
// does, whatever the number of workers, sums the stats, and keeps the
// derived-fact budget for the parts together.
func TestEvalParts(t *testing.T) {
	// p derives the closure of the e facts of each part, q one fact per e
	// fact.
	prog := compileParts(t, `
p(A, B) :- e(A, B).
p(A, C) :- p(A, B), e(B, C).
q(A, B) :- e(A, B).
`)
	derived := func(pred string) int {
		_, parts := splitDB(1, 3)
		n := 0
		for _, part := range parts {
			st, err := prog.Restrict(pred).Eval(context.Background(), part, Options{})
			if err != nil {
				t.Fatal(err)
			}
			n += st.Derived
		}
		return n
	}
	closure, edges := derived("p"), derived("q")
	for _, tt := range []struct {
		prog     *Program
		workers  int
		maxFacts int
		wantErr  error
	}{
		{prog, 1, 0, nil},
		{prog, 2, 0, nil},
		{prog, 8, 0, nil},
		{prog.Restrict("p"), 1, closure, nil},
		{prog.Restrict("p"), 1, closure - 1, ErrBudget},
		{prog.Restrict("p"), 3, closure - 1, ErrBudget},
		// Each part alone keeps within the budget; the parts together do
		// not.
		{prog.Restrict("q"), 3, edges - 1, ErrBudget},
		{prog.Restrict("q"), 3, edges, nil},
	} {
		t.Run(fmt.Sprintf("workers=%d,max=%d", tt.workers, tt.maxFacts), func(t *testing.T) {
			_, parts := splitDB(1, 3)
			_, each := splitDB(1, 3)
			st, err := tt.prog.EvalParts(context.Background(), parts, Options{MaxFacts: tt.maxFacts}, tt.workers)
			if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("error %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			var sum Stats
			for k := range each {
				s, err := tt.prog.Eval(context.Background(), each[k], Options{})
				if err != nil {
					t.Fatal(err)
				}
				sum.Derived += s.Derived
				sum.Rounds += s.Rounds
				if got, want := engineFacts(parts[k]), engineFacts(each[k]); !maps.Equal(got, want) {
					t.Errorf("part %d: EvalParts derives %d facts, Eval %d", k, len(got), len(want))
				}
			}
			if st != sum {
				t.Errorf("stats %+v, want the sum %+v", st, sum)
			}
		})
	}
}
