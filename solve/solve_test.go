package solve

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"bufferlog/facts"
)

func mustCompile(t testing.TB, src string) *Program {
	t.Helper()
	prog, err := Compile(Source{Name: "test.mg", Text: src})
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// query returns the facts of one predicate as sorted texts.
func query(db *facts.DB, name string) []string {
	var out []string
	for f := range engineFacts(db) {
		if strings.HasPrefix(f, name+"(") {
			out = append(out, f)
		}
	}
	sortStrings(out)
	return out
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func TestFixedPrograms(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		level map[string]int
		want  map[string][]string // predicate -> facts (a subset of the predicates)
	}{{
		// Mangle's semi-naive engine loses q: it never joins two p facts
		// derived in the same round.
		name:  "mangle lost facts",
		src:   `a(1). s(X):-a(X). s(X):-q(X). p(X,2):-s(X). p(2,X):-s(X). q(X):-p(X,Y),p(Y,X).`,
		level: map[string]int{"s": 1, "p": 1, "q": 1},
		want:  map[string][]string{"q": {"q(1)", "q(2)"}, "p": {"p(1,2)", "p(2,1)", "p(2,2)"}},
	}, {
		name: "two aggregations of one head stay apart",
		src: `f(1, 10). f(1, 20). g(1, 5).
			s(K, N) :- f(K, _) |> do fn:group_by(K), let N = fn:count().
			s(K, N) :- g(K, _), f(K, _) |> do fn:group_by(K), let N = fn:count().`,
		level: map[string]int{"s": 1},
		want:  map[string][]string{"s": {"s(1,2)"}},
	}, {
		name: "aggregates",
		src: `f(/a, 3). f(/a, 5). f(/b, -2). f(/b, 7). f(/b, 7).
			agg(K, C, S, Lo, Hi) :- f(K, V) |> do fn:group_by(K), let C = fn:count(), let S = fn:sum(V),
				let Lo = fn:min(V), let Hi = fn:max(V).
			all(C) :- f(_, V), V > 0 |> do fn:group_by(), let C = fn:count().`,
		level: map[string]int{"agg": 1, "all": 1},
		want: map[string][]string{
			"agg": {"agg(/a,2,8,3,5)", "agg(/b,2,5,-2,7)"},
			"all": {"all(3)"},
		},
	}, {
		// One atom with a distinct variable (or wildcard) in every
		// column is grouped in place; a repeated variable or a constant
		// filters first.
		name: "aggregates over one atom",
		src: `p(1, 1, 5). p(1, 2, 5). p(2, 2, 7). p(1, 1, 6).
			cnt(X, N) :- p(X, _, _) |> do fn:group_by(X), let N = fn:count().
			diag(X, N) :- p(X, X, _) |> do fn:group_by(X), let N = fn:count().
			five(X, N) :- p(X, _, 5) |> do fn:group_by(X), let N = fn:count().
			hi(X, M) :- p(X, Y, Z) |> do fn:group_by(X), let M = fn:max(Z).
			sumy(Y, S) :- p(_, Y, Z) |> do fn:group_by(Y), let S = fn:sum(Z).`,
		level: map[string]int{"cnt": 1, "diag": 1, "five": 1, "hi": 1, "sumy": 1},
		want: map[string][]string{
			"cnt": {"cnt(1,3)", "cnt(2,1)"}, "diag": {"diag(1,2)", "diag(2,1)"}, "five": {"five(1,2)"},
			"hi": {"hi(1,6)", "hi(2,7)"}, "sumy": {"sumy(1,11)", "sumy(2,12)"},
		},
	}, {
		name: "negation with wildcards, strings and arithmetic",
		src: `use(/op1, 0, /v1). use(/op2, 1, /v1). def(/v1, /op0). def(/v2, /op1). def(/v3, /op2).
			unused(V) :- def(V, _), !use(_, _, V).
			label(V, "dead") :- unused(V).
			next(V, J) :- use(_, I, V) |> let J = fn:plus(fn:mult(I, 10), 1).`,
		level: map[string]int{"unused": 1, "label": 2, "next": 1},
		want: map[string][]string{
			"unused": {"unused(/v2)", "unused(/v3)"},
			"label":  {`label(/v2,"dead")`, `label(/v3,"dead")`},
			"next":   {"next(/v1,1)", "next(/v1,11)"},
		},
	}, {
		name: "mutual and non-linear recursion",
		src: `e(1, 2). e(2, 3). e(3, 4). e(4, 1).
			even(X, Y) :- e(X, Y).
			even(X, Z) :- odd(X, Y), odd(Y, Z).
			odd(X, Z) :- even(X, Y), e(Y, Z).
			odd(X, Y) :- e(X, Y), X < 2.
			sq(X, Z) :- sq(X, Y), sq(Y, Z).
			sq(X, Y) :- e(X, Y).`,
		level: map[string]int{"even": 1, "odd": 1, "sq": 1},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prog := mustCompile(t, tc.src)
			db := facts.NewDB(nil)
			if _, err := prog.Eval(context.Background(), db, Options{}); err != nil {
				t.Fatal(err)
			}
			got := engineFacts(db)
			naive, err := naiveEval(tc.src, nil, tc.level)
			if err != nil {
				t.Fatal(err)
			}
			if d := diff(naive, got); d != "" {
				t.Errorf("engine differs from naive: %s", d)
			}
			for pred, want := range tc.want {
				if g := query(db, pred); fmt.Sprint(g) != fmt.Sprint(want) {
					t.Errorf("%s = %v, want %v", pred, g, want)
				}
			}
		})
	}
}

// TestGroupingComparesKeys checks that many groups stay apart (Mangle
// merges groups whose 32-bit key hashes collide).
func TestGroupingComparesKeys(t *testing.T) {
	prog := mustCompile(t, `Decl f(K, V).
		n(K, C) :- f(K, _) |> do fn:group_by(K), let C = fn:count().
		groups(G) :- n(_, C) |> do fn:group_by(), let G = fn:count().
		wrong(K) :- n(K, C), C != 2.`)
	db := facts.NewDB(nil)
	f := db.Relation("f", 2)
	const keys = 100_000
	for k := range int64(keys) {
		f.Add([]facts.Value{facts.Number(k * 7919), facts.Number(0)})
		f.Add([]facts.Value{facts.Number(k * 7919), facts.Number(1)})
	}
	if _, err := prog.Eval(context.Background(), db, Options{}); err != nil {
		t.Fatal(err)
	}
	if g, w := query(db, "groups"), fmt.Sprintf("groups(%d)", keys); len(g) != 1 || g[0] != w {
		t.Errorf("groups = %v, want %s", g, w)
	}
	if w := query(db, "wrong"); len(w) != 0 {
		t.Errorf("groups with a count other than 2: %v", w[:min(5, len(w))])
	}
}

// TestEvalMangle runs the cross-check backend: it agrees on linear
// recursion and reproduces Mangle's lost facts on non-linear recursion.
func TestEvalMangle(t *testing.T) {
	linear := mustCompile(t, `Decl e(X, Y).
		r(X, Y) :- e(X, Y).
		r(X, Z) :- e(X, Y), r(Y, Z).
		far(X, N) :- r(X, Y) |> do fn:group_by(X), let N = fn:max(Y).`)
	ours, theirs := facts.NewDB(nil), facts.NewDB(nil)
	for _, db := range []*facts.DB{ours, theirs} {
		for i := range int64(30) {
			db.Relation("e", 2).Add([]facts.Value{facts.Number(i), facts.Number(i + 1)})
		}
	}
	if _, err := linear.Eval(context.Background(), ours, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := linear.EvalMangle(context.Background(), theirs, Options{}); err != nil {
		t.Fatal(err)
	}
	if d := diff(engineFacts(ours), engineFacts(theirs)); d != "" {
		t.Errorf("mangle differs on linear recursion: %s", d)
	}

	lost := mustCompile(t, `a(1). s(X):-a(X). s(X):-q(X). p(X,2):-s(X). p(2,X):-s(X). q(X):-p(X,Y),p(Y,X).`)
	db := facts.NewDB(nil)
	if _, err := lost.EvalMangle(context.Background(), db, Options{}); err != nil {
		t.Fatal(err)
	}
	if q := query(db, "q"); len(q) != 0 {
		t.Logf("Mangle v0.4.0 no longer loses facts: q = %v", q)
	}
}

func TestCompileErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // prefix of the error text
	}{
		{"syntax: missing dot", "Decl p(X).\nq(X) :- p(X)\nr(X) :- q(X).", "rules.mg:3:1: syntax error: missing '.'"},
		{"syntax: bad operator", "p(X) <- q(X).", "rules.mg:1:7: syntax error: token recognition error at: '- '"},
		{"unknown predicate", "Decl p(X).\n\nq(X) :- p(X), nosuch(X).", "rules.mg:3:1: in clause \"q(X) :- p(X), nosuch(X).\" could not find predicate nosuch"},
		{"wrong arity", "Decl p(X).\nq(X) :- p(X, X).", "rules.mg:2:1: in clause \"q(X) :- p(X,X).\": predicate p called with 2 arguments"},
		{"unbound head variable", "Decl p(X).\nq(X) :- p(Y).", "rules.mg:2:1: variable X is not bound"},
		{"unstratifiable negation", "Decl p(X).\nq(X) :- p(X), !r(X).\nr(X) :- p(X), !q(X).",
			"rules.mg:2:15: cannot stratify: negation of r, which depends on q"},
		{"recursion through aggregation", "Decl p(X).\nc(N) :- p(X), c(X) |> do fn:group_by(), let N = fn:count().",
			"rules.mg:2:15: cannot stratify: aggregation over c, which depends on c"},
		{"float constant", "Decl p(X).\nq(X) :- p(X), X = 1.5.", "rules.mg:2:15: constant 1.5: only numbers, names and strings are supported"},
		{"unsupported builtin", "Decl p(X).\nq(X) :- p(X), :string:starts_with(X, \"a\").", "rules.mg:2:15: built-in predicate :string:starts_with is not supported"},
		{"unsupported function", "Decl p(X).\nq(Y) :- p(X), Y = fn:list(X).", "rules.mg:2:15: function fn:list is not supported"},
		{"unsupported reducer", "Decl p(X).\nq(L) :- p(X) |> do fn:group_by(), let L = fn:collect(X).", "rules.mg:2:35: reducer fn:collect is not supported"},
		{"function in atom", "Decl p(X).\nq(X) :- p(X), p(fn:plus(X, 1)).", "rules.mg:2:15: fn:plus(X,1) in p(fn:plus(X,1)): only variables and constants"},
		{"external predicate", "Decl p(X) descr [external(), mode('+')].\nq(X) :- p(X).", "rules.mg:1:1: external predicate p(A0) is not supported"},
		{"package", "Package foo!\nDecl p(X).", "rules.mg:1:1: package \"foo\": packages are not supported"},
		{"duplicate decl", "Decl p(X).\nDecl q(X).\nDecl p(X).", "rules.mg:3:1: predicate p(A0) declared more than once"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile(Source{Name: "rules.mg", Text: tc.src})
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("error %T is not an *Error", err)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error\n  %q\nwant prefix\n  %q", err, tc.want)
			}
		})
	}
}

func TestErrorNamesItsFile(t *testing.T) {
	_, err := Compile(Source{Name: "schema.mg", Text: "Decl p(X)."}, Source{Name: "alias.mg", Text: "q(X) :- p(X).\nr(X) :- q(X, X)."})
	if want := "alias.mg:2:1: "; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %v, want prefix %q", err, want)
	}
}

func TestRuntimeErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"division by zero", "p(1). p(0).\nq(Y) :- p(X), Y = fn:div(10, X).", "rules.mg:2:1: division by zero (in q(Y) :- p(X), Y = fn:div(10,X).)"},
		{"comparing names", "p(/a).\nq(X) :- p(X), X < 3.", "rules.mg:2:1: comparing non-numbers /a and 3"},
		{"sum of names", "p(/a).\nq(S) :- p(X) |> do fn:group_by(), let S = fn:sum(X).", "rules.mg:2:1: fn:sum of a non-number /a"},
		{"overflow", "p(4611686018427387903).\nq(Y) :- p(X), Y = fn:plus(X, 1).", "rules.mg:2:1: fn:plus overflows"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := Compile(Source{Name: "rules.mg", Text: tc.src})
			if err != nil {
				t.Fatal(err)
			}
			_, err = prog.Eval(context.Background(), facts.NewDB(nil), Options{})
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %v, want prefix %q", err, tc.want)
			}
		})
	}
}

const closure = `Decl edge(X, Y).
reach(X, Y) :- edge(X, Y).
reach(X, Z) :- edge(X, Y), reach(Y, Z).`

func chain(n int) *facts.DB {
	db := facts.NewDB(nil)
	e := db.Relation("edge", 2)
	for i := range int64(n) {
		e.Add([]facts.Value{facts.Number(i), facts.Number(i + 1)})
	}
	return db
}

func TestDefaultMaxFacts(t *testing.T) {
	for _, tt := range []struct{ input, want int }{
		{0, BudgetFloor},
		{BudgetFloor / BudgetPerFact, BudgetFloor},
		{10_000_000, 10_000_000 * BudgetPerFact},
	} {
		if got := DefaultMaxFacts(tt.input); got != tt.want {
			t.Errorf("DefaultMaxFacts(%d) = %d, want %d", tt.input, got, tt.want)
		}
	}
}

func TestLimits(t *testing.T) {
	prog := mustCompile(t, closure)

	// The recursive clause is the one that exceeds the budget, and its
	// head holds at least that many facts (they are added 64 at a time).
	_, err := prog.Eval(context.Background(), chain(100), Options{MaxFacts: 1000})
	var le *LimitError
	if !errors.Is(err, ErrBudget) || !errors.As(err, &le) || le.Budget != 1000 || le.Clause != "test.mg:3" || le.Head != "reach/2" ||
		le.Derived < 1000 || !strings.HasPrefix(err.Error(), "evaluation exceeded the budget of 1000 derived facts (rule test.mg:3 derived ") {
		t.Errorf("budget: got %v (%+v)", err, le)
	}

	start := time.Now()
	_, err = prog.Eval(context.Background(), chain(3000), Options{Deadline: time.Now().Add(20 * time.Millisecond)})
	if !errors.Is(err, context.DeadlineExceeded) || !errors.As(err, &le) || le.Head != "reach/2" || le.Derived <= 0 {
		t.Errorf("deadline: got %v (%+v)", err, le)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("deadline of 20ms stopped after %v", took)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := prog.Eval(ctx, chain(3000), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: got %v", err)
	}

	if _, err := prog.EvalMangle(context.Background(), chain(3000), Options{Deadline: time.Now().Add(20 * time.Millisecond)}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("mangle deadline: got %v", err)
	}
}
