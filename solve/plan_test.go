package solve

import (
	"context"
	"hash/fnv"
	"math"
	"slices"
	"testing"

	"bufferlog/facts"
)

// TestPlanOrderStopsOnlyLosingPlans checks that planOrder, which stops
// building a plan once it costs as much as the best so far, picks the
// plan that building every plan in full would pick: the cheapest, the
// earliest of equally cheap ones. Estimates are pseudo-random, but the
// same for the same atom and bound columns, as an index's are.
func TestPlanOrderStopsOnlyLosingPlans(t *testing.T) {
	prog := mustCompile(t, `
Decl e(X, Y) bound [/number, /number].
Decl f(X, Y, Z) bound [/number, /number, /number].
Decl g(X) bound [/number].
p(A, D) :- e(A, B), f(B, C, D), e(D, C), g(A), !g(D).
q(A, B, C) :- f(A, B, C), e(A, X), e(B, Y), e(C, Z), f(X, Y, Z), X != Y.
r(A) :- e(A, B), e(B, C), e(C, D), e(D, A), g(B), f(A, C, _).
s(A, C) :- g(A), f(A, B, C), e(B, C), C = A.
`)
	compared, pruned := 0, 0
	for _, st := range prog.strata {
		for _, r := range st.rules {
			for seed := range uint64(200) {
				estimate := func(lit int, cols []int) float64 {
					h := fnv.New64a()
					h.Write([]byte{byte(seed), byte(seed >> 8), byte(lit)})
					for _, c := range cols {
						h.Write([]byte{byte(c)})
					}
					// More bound columns usually match fewer rows.
					return float64(1 + h.Sum64()%1000/uint64(1+len(cols)))
				}
				got, err := planOrder(r, -1, estimate)
				if err != nil {
					t.Fatalf("%s: %s", r.text, err.msg)
				}
				var want []planItem
				wantCost := math.Inf(1)
				for i := range r.body {
					if r.body[i].kind != litAtom {
						continue
					}
					order, cost, _ := greedyPlan(r, i, estimate, math.Inf(1))
					if stopped, _, _ := greedyPlan(r, i, estimate, wantCost); stopped == nil {
						pruned++
						if cost < wantCost {
							t.Errorf("%s, seed %d: the plan starting with atom %d was stopped but is the cheapest so far", r.text, seed, i)
						}
					}
					if cost < wantCost {
						want, wantCost = order, cost
					}
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s, seed %d: plan %v, want %v", r.text, seed, got, want)
				}
				compared++
			}
		}
	}
	if pruned == 0 {
		t.Error("no plan was stopped early: the test does not exercise the limit")
	}
	t.Logf("%d plans compared, %d trial plans stopped early", compared, pruned)
}

// TestEvalRemembersDerivedRows checks the rows an evaluation leaves for
// the next one to make room for: those of each relation it derived from
// none, from the last evaluation, and nothing for a relation that held
// facts before. The facts derived are those of an evaluation with no
// rows remembered.
func TestEvalRemembersDerivedRows(t *testing.T) {
	prog := mustCompile(t, `
Decl q(X) bound [/number].
Decl p(X) bound [/number].
Decl r(X) bound [/number].
p(X) :- q(X).
r(X) :- q(X), X < 3.
`)
	id := func(name string) int {
		for i, pr := range prog.preds {
			if pr.sym.Symbol == name {
				return i
			}
		}
		t.Fatalf("no predicate %s", name)
		return -1
	}
	eval := func(qs int, given bool) *facts.DB {
		db := facts.NewDB(nil)
		for x := range qs {
			db.Relation("q", 1).Add([]facts.Value{facts.Number(int64(x))})
		}
		if given {
			db.Relation("r", 1).Add([]facts.Value{facts.Number(-1)})
		}
		if _, err := prog.Eval(context.Background(), db, Options{}); err != nil {
			t.Fatal(err)
		}
		return db
	}
	rows := func() (p, r int32) {
		remembered := prog.planned.derivedRows(len(prog.preds))
		return remembered[id("p")].Load(), remembered[id("r")].Load()
	}
	first := query(eval(1000, false), "p")
	if p, r := rows(); p != 1000 || r != 3 {
		t.Fatalf("after 1000 q facts: remembered p %d, r %d; want 1000, 3", p, r)
	}
	if again := query(eval(1000, false), "p"); !slices.Equal(again, first) {
		t.Fatalf("with room made for them, p has %d facts, want the %d derived before", len(again), len(first))
	}
	eval(10, true)
	if p, r := rows(); p != 10 || r != 3 {
		t.Fatalf("after 10 q facts and r given: remembered p %d, r %d; want 10, and r's 3 kept", p, r)
	}
}
