package solve

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"bufferlog/facts"
)

// classProgram declares class_of as computed by union-find and defines it
// by the closure the engine avoids: the reference the computation must
// match.
const classProgram = `Decl node(V).
Decl link(X, Y).
Decl class_of(V, R)
  descr [doc("R is the least value connected to V."), computed(/union_find, "link", "node")].
member(V, V) :- node(V).
member(V, V) :- link(V, _).
member(V, V) :- link(_, V).
member(V, W) :- member(V, U), link(U, W).
member(V, W) :- member(V, U), link(W, U).
class_of(V, R) :- member(V, W) |> do fn:group_by(V), let R = fn:min(W).
class_size(R, N) :- class_of(_, R) |> do fn:group_by(R), let N = fn:count().`

// componentProgram declares class_of as computed by strong components and
// defines it by the closure that the engine avoids.
const componentProgram = `Decl node(V).
Decl link(X, Y).
Decl class_of(V, R)
  descr [doc("R is the least value on a cycle through V."), computed(/strong_components, "link", "node")].
reach(V, V) :- node(V).
reach(V, V) :- link(V, _).
reach(V, V) :- link(_, V).
reach(V, W) :- reach(V, U), link(U, W).
class_of(V, R) :- reach(V, W), reach(W, V) |> do fn:group_by(V), let R = fn:min(W).
class_size(R, N) :- class_of(_, R) |> do fn:group_by(R), let N = fn:count().`

// TestComputedMatchesReference checks the native union-find and strong
// components against the clauses that define class_of, on random graphs:
// dense ids (the usual case), from zero and as a run far from it (a later
// function's values), a dense run through negative numbers, sparse and
// negative numbers (the sorted numbering), nodes without edges and self
// loops.
func TestComputedMatchesReference(t *testing.T) {
	for _, src := range []string{classProgram, componentProgram} {
		compareComputed(t, mustCompile(t, src))
	}
}

func compareComputed(t *testing.T, prog *Program) {
	rnd := rand.New(rand.NewPCG(7, 7))
	compared, nontrivial := 0, 0
	for trial := range 200 {
		n := 1 + rnd.IntN(60)
		value := func(i int) int64 { return int64(i) }
		switch trial % 5 {
		case 1:
			value = func(i int) int64 { return int64(i)*1_000_003 - 5_000_000 }
		case 2:
			value = func(i int) int64 { return int64(i) * 1 << 40 }
		case 3:
			value = func(i int) int64 { return int64(i) + 1_000_000 }
		case 4:
			value = func(i int) int64 { return int64(i) - 30 }
		}
		load := func() *facts.DB {
			db := facts.NewDB(nil)
			nodes, links := db.Relation("node", 1), db.Relation("link", 2)
			for i := range n {
				if rnd.IntN(3) == 0 {
					nodes.Add([]facts.Value{facts.Number(value(i))})
				}
			}
			for range rnd.IntN(2 * n) {
				links.Add([]facts.Value{facts.Number(value(rnd.IntN(n))), facts.Number(value(rnd.IntN(n)))})
			}
			return db
		}
		seed := rnd.Uint64()
		results := map[bool][2][]string{}
		for _, reference := range []bool{false, true} {
			rnd = rand.New(rand.NewPCG(seed, 1)) // the same graph for both
			db := load()
			if _, err := prog.Eval(context.Background(), db, Options{Reference: reference}); err != nil {
				t.Fatal(err)
			}
			results[reference] = [2][]string{query(db, "class_of"), query(db, "class_size")}
		}
		if !slices.Equal(results[false][0], results[true][0]) || !slices.Equal(results[false][1], results[true][1]) {
			t.Fatalf("trial %d: native %v %v\nreference %v %v", trial,
				results[false][0], results[false][1], results[true][0], results[true][1])
		}
		compared += len(results[false][0])
		for _, size := range results[false][1] {
			if !strings.HasSuffix(size, ",1)") {
				nontrivial++
			}
		}
	}
	if compared < 1000 || nontrivial < 100 {
		t.Fatalf("only %d class_of facts compared, %d classes of more than one value", compared, nontrivial)
	}
}

// runningTotalProgram declares total as computed by running totals and
// defines it by pairing each row with every row of its group that comes
// no later.
const runningTotalProgram = `Decl unit(G, K, N).
Decl total(G, K, T)
  descr [doc("T is the sum of the amounts of the rows of G up to K's, smallest first."), computed(/running_total, "unit")].
before(G, K, K2, N2) :- unit(G, K, N), unit(G, K2, N2), N2 < N.
before(G, K, K2, N2) :- unit(G, K, N), unit(G, K2, N2), N2 = N, K2 <= K.
total(G, K, T) :- before(G, K, K2, N2) |> do fn:group_by(G, K), let T = fn:sum(N2).`

// TestRunningTotalMatchesReference checks the native running total
// against its clauses on random rows: several groups, equal amounts
// (ordered by key), negative amounts and keys given two amounts.
func TestRunningTotalMatchesReference(t *testing.T) {
	prog := mustCompile(t, runningTotalProgram)
	rnd := rand.New(rand.NewPCG(3, 9))
	compared := 0
	for trial := range 200 {
		seed := rnd.Uint64()
		results := map[bool][]string{}
		for _, reference := range []bool{false, true} {
			r := rand.New(rand.NewPCG(seed, 2))
			db := facts.NewDB(nil)
			units := db.Relation("unit", 3)
			for range 1 + r.IntN(40) {
				amount := int64(r.IntN(8))
				if trial%4 == 1 {
					amount -= 3
				}
				units.Add([]facts.Value{facts.Number(int64(r.IntN(3))), facts.Number(int64(r.IntN(25)) - 5), facts.Number(amount)})
			}
			if _, err := prog.Eval(context.Background(), db, Options{Reference: reference}); err != nil {
				t.Fatal(err)
			}
			results[reference] = query(db, "total")
		}
		if !slices.Equal(results[false], results[true]) {
			t.Fatalf("trial %d: native %v\nreference %v", trial, results[false], results[true])
		}
		compared += len(results[false])
	}
	if compared < 1000 {
		t.Fatalf("only %d total facts compared", compared)
	}
}

// intervalReuseProgram declares takes as computed by interval reuse and
// defines it by counting: the item that starts A-th in its group finds R
// storages freed before it, of which the T items before it took
// T = A-1 + min(0, R'-A' over those items) (each item before it took one
// whenever it found more freed than taken); it takes one when R > T, the
// (T+1)-th freed, first freed first.
const intervalReuseProgram = `Decl span(G, X, S, E).
Decl takes(X, Y)
  descr [doc("X takes the storage that Y held."), computed(/interval_reuse, "span")].
starts_by(G, X, Y) :- span(G, X, S, _), span(G, Y, SY, _), SY < S.
starts_by(G, X, Y) :- span(G, X, S, _), span(G, Y, SY, _), SY = S, Y <= X.
start_rank(G, X, A) :- starts_by(G, X, _) |> do fn:group_by(G, X), let A = fn:count().
freed_before(G, X, Y) :- span(G, X, S, _), span(G, Y, _, E), E < S.
freed_total(G, X, R) :- freed_before(G, X, _) |> do fn:group_by(G, X), let R = fn:count().
some_freed(G, X) :- freed_before(G, X, _).
free_count(G, X, R) :- freed_total(G, X, R).
free_count(G, X, 0) :- span(G, X, _, _), !some_freed(G, X).
slack(G, X, D) :- start_rank(G, X, A), free_count(G, X, R), D = fn:minus(R, A).
earlier_slack(G, X, 0) :- span(G, X, _, _).
earlier_slack(G, X, D) :- starts_by(G, X, Y), Y != X, slack(G, Y, D).
least_slack(G, X, M) :- earlier_slack(G, X, D) |> do fn:group_by(G, X), let M = fn:min(D).
takes_nth(G, X, N) :-
  start_rank(G, X, A), least_slack(G, X, M), free_count(G, X, R), A1 = fn:minus(A, 1), T = fn:plus(A1, M), R > T,
  N = fn:plus(T, 1).
ends_by(G, Y, Z) :- span(G, Y, _, E), span(G, Z, _, EZ), EZ < E.
ends_by(G, Y, Z) :- span(G, Y, _, E), span(G, Z, _, EZ), EZ = E, Z <= Y.
end_rank(G, Y, N) :- ends_by(G, Y, _) |> do fn:group_by(G, Y), let N = fn:count().
takes(X, Y) :- takes_nth(G, X, N), end_rank(G, Y, N).`

// TestIntervalReuseMatchesReference checks the native interval reuse
// against its clauses on random spans: several groups, equal starts and
// ends (ordered by item), and some spans that end before they start.
func TestIntervalReuseMatchesReference(t *testing.T) {
	prog := mustCompile(t, intervalReuseProgram)
	rnd := rand.New(rand.NewPCG(5, 11))
	compared, chains := 0, 0
	for trial := range 300 {
		seed := rnd.Uint64()
		results := map[bool][]string{}
		for _, reference := range []bool{false, true} {
			r := rand.New(rand.NewPCG(seed, 4))
			db := facts.NewDB(nil)
			spans := db.Relation("span", 4)
			for item := range 1 + r.IntN(30) {
				start := int64(r.IntN(25))
				end := start + int64(r.IntN(9))
				if trial%5 == 3 && r.IntN(6) == 0 {
					end = start - 1 - int64(r.IntN(3))
				}
				spans.Add([]facts.Value{facts.Number(int64(r.IntN(3))), facts.Number(int64(item)), facts.Number(start), facts.Number(end)})
			}
			if _, err := prog.Eval(context.Background(), db, Options{Reference: reference}); err != nil {
				t.Fatal(err)
			}
			results[reference] = query(db, "takes")
		}
		if !slices.Equal(results[false], results[true]) {
			t.Fatalf("trial %d: native %v\nreference %v", trial, results[false], results[true])
		}
		compared += len(results[false])
		if len(results[false]) > 3 {
			chains++
		}
	}
	if compared < 1000 || chains < 100 {
		t.Fatalf("only %d takes facts compared, %d trials with more than 3", compared, chains)
	}
}

// TestIntervalReuseOneRowPerItem: an item given two spans is an error
// natively; the clauses would count both rows.
func TestIntervalReuseOneRowPerItem(t *testing.T) {
	prog := mustCompile(t, intervalReuseProgram)
	db := facts.NewDB(nil)
	spans := db.Relation("span", 4)
	spans.Add([]facts.Value{facts.Number(0), facts.Number(1), facts.Number(0), facts.Number(2)})
	spans.Add([]facts.Value{facts.Number(0), facts.Number(1), facts.Number(3), facts.Number(4)})
	if _, err := prog.Eval(context.Background(), db, Options{}); err == nil || !strings.Contains(err.Error(), "item 1 has several rows") {
		t.Errorf("got %v, want an error about item 1", err)
	}
}

// TestRunningTotalOverflow: a total beyond the range of numbers is an
// error natively, as fn:sum's is in the clauses.
func TestRunningTotalOverflow(t *testing.T) {
	prog := mustCompile(t, runningTotalProgram)
	for _, reference := range []bool{false, true} {
		db := facts.NewDB(nil)
		units := db.Relation("unit", 3)
		units.Add([]facts.Value{facts.Number(0), facts.Number(1), facts.Number(facts.MaxNumber)})
		units.Add([]facts.Value{facts.Number(0), facts.Number(2), facts.Number(1)})
		if _, err := prog.Eval(context.Background(), db, Options{Reference: reference}); err == nil || !strings.Contains(err.Error(), "overflows") {
			t.Errorf("reference %v: %v, want an overflow error", reference, err)
		}
	}
}

// TestComputedSkipsHelpers: evaluating the whole program natively does not
// build the closure that only the reference definition reads, but asking
// for it by name does.
func TestComputedSkipsHelpers(t *testing.T) {
	prog := mustCompile(t, classProgram)
	load := func() *facts.DB {
		db := facts.NewDB(nil)
		db.Relation("link", 2).Add([]facts.Value{facts.Number(1), facts.Number(2)})
		return db
	}
	for _, tc := range []struct {
		name        string
		prog        *Program
		opt         Options
		wantMembers int
	}{
		{"native", prog, Options{}, 0},
		{"reference", prog, Options{Reference: true}, 4},
		{"helper by name", prog.Restrict("member"), Options{}, 4},
		{"computed by name", prog.Restrict("class_of"), Options{}, 0},
	} {
		db := load()
		if _, err := tc.prog.Eval(context.Background(), db, tc.opt); err != nil {
			t.Fatal(err)
		}
		if got := db.Relation("member", 2).Len(); got != tc.wantMembers {
			t.Errorf("%s: %d member facts, want %d", tc.name, got, tc.wantMembers)
		}
		if tc.name != "helper by name" && !slices.Equal(query(db, "class_of"), []string{"class_of(1,1)", "class_of(2,1)"}) {
			t.Errorf("%s: class_of = %v", tc.name, query(db, "class_of"))
		}
	}
}

func TestComputedErrors(t *testing.T) {
	decl := func(descr string) string {
		return "Decl link(X, Y).\nDecl node(V).\nDecl c(V, R) descr [" + descr + "].\n"
	}
	reference := "m(V, W) :- link(V, W).\nc(V, R) :- m(V, W) |> do fn:group_by(V), let R = fn:min(W).\n"
	for _, tc := range []struct{ name, src, want string }{
		{"unknown algorithm", decl(`computed(/sort, "link")`) + reference, `test.mg:3:1: c: unknown computation /sort`},
		{"no inputs", decl(`computed(/union_find)`) + reference, `test.mg:3:1: c: write computed(/ALGORITHM, "edge_predicate")`},
		{"input not a string", decl(`computed(/union_find, /link)`) + reference, "argument 2 of computed(...) must be a predicate name in quotes"},
		{"unknown input", decl(`computed(/union_find, "edges")`) + reference, "input edges/2 is not a predicate of the program"},
		{"wrong arity", "Decl link(X, Y).\nDecl c(V) descr [computed(/union_find, \"link\")].\nc(V) :- link(V, _).\n",
			"the predicate must have 2 arguments"},
		{"no definition", decl(`computed(/union_find, "link")`), "needs clauses that define it"},
		{"definition ignores the input", decl(`computed(/union_find, "link", "node")`) + reference,
			"its reference definition must read node"},
		{"recursive", decl(`computed(/union_find, "link")`) + "c(V, W) :- link(V, W).\nc(V, W) :- c(W, V).\n",
			"must not depend on itself"},
		{"unknown algorithm", decl(`computed(/depth_first, "link")`) + reference, "unknown computation /depth_first (known: /interval_reuse, /running_total, /strong_components, /union_find)"},
		{"running total of pairs", decl(`computed(/running_total, "link")`) + reference, "the predicate must have 3 arguments"},
		{"running total of two inputs", "Decl u(G, K, N).\nDecl node(V).\nDecl c(G, K, T) descr [computed(/running_total, \"u\", \"node\")].\nc(G, K, N) :- u(G, K, N), node(G).\n",
			"takes one input predicate"},
		{"interval reuse of triples", "Decl span(G, X, S, E).\nDecl c(G, X, Y) descr [computed(/interval_reuse, \"span\")].\nc(G, X, Y) :- span(G, X, Y, _).\n",
			"derives pairs (item, item whose storage it takes): the predicate must have 2 arguments"},
	} {
		_, err := Compile(Source{Name: "test.mg", Text: tc.src})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}

	prog := mustCompile(t, classProgram)
	db := facts.NewDB(nil)
	db.Relation("link", 2).Add([]facts.Value{db.Symbols().Name("/a"), facts.Number(1)})
	_, err := prog.Eval(context.Background(), db, Options{})
	if err == nil || !strings.Contains(err.Error(), "test.mg:3:1: computing class_of: union_find over link: /a is not a number") {
		t.Errorf("non-number: got %v", err)
	}
}

// TestDerivedBy: predicates an earlier evaluation derived are not derived
// again, unless they read facts added since.
func TestDerivedBy(t *testing.T) {
	prog := mustCompile(t, "Decl e(X).\nDecl d(X).\na(X) :- e(X).\nb(X) :- a(X), d(X).\n")
	for _, tc := range []struct {
		added []string
		wantA []string
	}{
		{[]string{"d"}, []string{"a(1)", "a(2)"}},              // a is given: e(3) is not seen
		{[]string{"d", "e"}, []string{"a(1)", "a(2)", "a(3)"}}, // a reads e: derived again
	} {
		db := facts.NewDB(nil)
		for _, x := range []int64{1, 2} {
			db.Relation("e", 1).Add([]facts.Value{facts.Number(x)})
		}
		prior := prog.Restrict("a")
		if _, err := prior.Eval(context.Background(), db, Options{}); err != nil {
			t.Fatal(err)
		}
		db.Relation("e", 1).Add([]facts.Value{facts.Number(3)})
		db.Relation("d", 1).Add([]facts.Value{facts.Number(1)})
		db.Relation("d", 1).Add([]facts.Value{facts.Number(3)})
		if _, err := prog.Restrict("b").DerivedBy(prior, tc.added).Eval(context.Background(), db, Options{}); err != nil {
			t.Fatal(err)
		}
		if got := query(db, "a"); !slices.Equal(got, tc.wantA) {
			t.Errorf("added %v: a = %v, want %v", tc.added, got, tc.wantA)
		}
	}
}
