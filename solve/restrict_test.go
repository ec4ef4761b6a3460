package solve

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"bufferlog/facts"
)

// TestRestrict checks that a restricted program derives the named
// predicates, through recursion, negation and aggregation, exactly as the
// whole program does, and nothing that they do not depend on; Needed
// names the predicates that have facts.
func TestRestrict(t *testing.T) {
	prog := mustCompile(t, `
edge(1, 2). edge(2, 3). edge(3, 1). edge(4, 5).
node(1). node(2). node(3). node(4). node(5). node(6).
path(X, Y) :- edge(X, Y).
path(X, Z) :- path(X, Y), edge(Y, Z).
isolated(X) :- node(X), !path(X, _), !path(_, X).
reach(X, N) :- path(X, Y) |> do fn:group_by(X), let N = fn:count().
pairs(X, Y) :- node(X), node(Y).
`)
	for _, tt := range []struct {
		names []string
		want  []string // predicates with facts
	}{
		{[]string{"isolated"}, []string{"edge", "isolated", "node", "path"}},
		{[]string{"reach"}, []string{"edge", "path", "reach"}},
		{[]string{"pairs", "nope"}, []string{"node", "pairs"}},
		{[]string{"edge"}, []string{"edge"}},
	} {
		t.Run(fmt.Sprint(tt.names), func(t *testing.T) {
			whole, part := facts.NewDB(nil), facts.NewDB(nil)
			restricted := prog.Restrict(tt.names...)
			var needed []string
			for name := range restricted.Needed() {
				needed = append(needed, name)
			}
			slices.Sort(needed)
			if !slices.Equal(needed, tt.want) {
				t.Errorf("Needed: %v, want %v", needed, tt.want)
			}
			for db, p := range map[*facts.DB]*Program{whole: prog, part: restricted} {
				if _, err := p.Eval(context.Background(), db, Options{}); err != nil {
					t.Fatal(err)
				}
			}
			for _, name := range []string{"edge", "node", "path", "isolated", "reach", "pairs"} {
				got, all := query(part, name), query(whole, name)
				switch {
				case slices.Contains(tt.want, name) && fmt.Sprint(got) != fmt.Sprint(all):
					t.Errorf("%s: restricted %v, whole %v", name, got, all)
				case !slices.Contains(tt.want, name) && len(got) > 0:
					t.Errorf("%s: restricted program derived %v", name, got)
				}
			}
		})
	}
}

// TestJoinedOn checks the syntactic test that lets a module's analysis
// skip re-deriving summaries: every read of the predicate, positive or
// negated, must share the column's variable with a positive guard atom.
func TestJoinedOn(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		want      bool
	}{
		{"positive and negated reads beside the guard", `
a(C, F) :- call(C, F), done(F).
b(C, F) :- call(C, F), !done(F).`, true},
		{"no read at all", `a(C, F) :- call(C, F).`, true},
		{"a read without the guard", `
a(C, F) :- call(C, F), done(F).
b(F) :- done(F).`, false},
		{"the guard binds another variable", `a(C, F) :- call(F, C), done(F).`, false},
		{"the guard only negated", `a(F) :- f(F), !call(_, F), done(F).`, false},
		{"a constant in the column", `a(C) :- call(C, 1), done(1).`, false},
		{"read by a computed predicate", `
Decl cls(V, R)
  descr [doc("R is the least value linked to V."), computed(/union_find, "link", "done")].
m(V, V) :- call(_, V), done(V).
m(V, W) :- m(V, U), link(U, W).
m(V, W) :- m(V, U), link(W, U).
cls(V, R) :- m(V, W) |> do fn:group_by(V), let R = fn:min(W).
a(C, R) :- call(C, F), cls(F, R).`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			prog := mustCompile(t, "Decl call(C, F).\nDecl done(F).\nDecl link(X, Y).\nDecl f(F).\n"+tt.src)
			if got := prog.JoinedOn("done", 0, "call", 1); got != tt.want {
				t.Errorf("JoinedOn(done, 0, call, 1) = %v, want %v", got, tt.want)
			}
		})
	}
}
