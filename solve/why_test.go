package solve

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"

	"bufferlog/facts"
)

// whyOf evaluates src over db and explains pred(args...).
func whyOf(t *testing.T, src string, db *facts.DB, pred string, args ...facts.Value) *Derivation {
	t.Helper()
	prog := mustCompile(t, src)
	if _, err := prog.Eval(context.Background(), db, Options{}); err != nil {
		t.Fatal(err)
	}
	d, err := prog.Explainer(db, WhyOptions{}).Why(pred, args...)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// render prints a derivation as one line per node, indented by depth.
func render(d *Derivation, syms *facts.Symbols) string {
	var b strings.Builder
	var walk func(d *Derivation, indent string)
	walk = func(d *Derivation, indent string) {
		var args []string
		for _, a := range d.Args {
			args = append(args, syms.Format(a))
		}
		fmt.Fprintf(&b, "%s%s(%s) %s", indent, d.Pred, strings.Join(args, ","), d.How)
		if d.How != Given {
			fmt.Fprintf(&b, " line %d", d.Rule.Line)
		}
		b.WriteString("\n")
		for _, p := range d.Body {
			switch p.Kind {
			case Holds:
				walk(p.Fact, indent+"  ")
			case NoMatch:
				var as []string
				for i, a := range p.Args {
					if p.Wild[i] {
						as = append(as, "_")
					} else {
						as = append(as, syms.Format(a))
					}
				}
				fmt.Fprintf(&b, "%s  no %s(%s)\n", indent, p.Pred, strings.Join(as, ","))
			default:
				fmt.Fprintf(&b, "%s  %s:", indent, p.Text)
				for _, x := range p.Bindings {
					fmt.Fprintf(&b, " %s=%s", x.Var, syms.Format(x.Value))
				}
				b.WriteString("\n")
				for _, m := range p.Members {
					walk(m, indent+"    ")
				}
			}
		}
	}
	walk(d, "")
	return b.String()
}

func numbers(ns ...int64) []facts.Value {
	var out []facts.Value
	for _, n := range ns {
		out = append(out, facts.Number(n))
	}
	return out
}

func TestWhyFixed(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		pred      string
		args      []int64
		want      string
	}{{
		// The closure's tree for path(1, 4) is the chain of edges: no
		// path fact supports itself.
		name: "transitive closure",
		src: `edge(1, 2). edge(2, 3). edge(3, 4). edge(4, 1).
path(X, Y) :- edge(X, Y).
path(X, Z) :- path(X, Y), edge(Y, Z).`,
		pred: "path", args: []int64{1, 4},
		want: `path(1,4) derived line 3
  path(1,3) derived line 3
    path(1,2) derived line 2
      edge(1,2) stated line 1
    edge(2,3) stated line 1
  edge(3,4) stated line 1
`,
	}, {
		name: "negation",
		src: `node(1). node(2). edge(1, 2).
source(X) :- node(X), !edge(_, X).`,
		pred: "source", args: []int64{1},
		want: `source(1) derived line 2
  node(1) stated line 1
  no edge(_,1)
`,
	}, {
		name: "comparison and arithmetic",
		src: `n(3). n(5).
bigger(X, Y) :- n(X), n(Y), X < Y, D = fn:minus(Y, X), D = 2.`,
		pred: "bigger", args: []int64{3, 5},
		want: `bigger(3,5) derived line 2
  n(3) stated line 1
  n(5) stated line 1
  X < Y: X=3 Y=5
  D = fn:minus(Y, X): D=2 Y=5 X=3
  D = 2: D=2
`,
	}, {
		name: "aggregation",
		src: `f(1, 10). f(1, 20). f(2, 5).
total(K, S) :- f(K, V) |> do fn:group_by(K), let S = fn:sum(V).`,
		pred: "total", args: []int64{1, 30},
		want: `total(1,30) derived line 2
  a group of 2 rows: S = fn:sum(V) = 30: K=1
    f(1,10) stated line 1
    f(1,20) stated line 1
`,
	}, {
		name: "computed predicate",
		src: `Decl link(X, Y).
Decl class_of(V, R) descr [computed(/union_find, "link")].
link(1, 2). link(3, 2).
member(V, V) :- link(V, _).
member(V, V) :- link(_, V).
member(V, W) :- member(V, U), link(U, W).
member(V, W) :- member(V, U), link(W, U).
class_of(V, R) :- member(V, W) |> do fn:group_by(V), let R = fn:min(W).
same(X, Y) :- class_of(X, R), class_of(Y, R), X < Y.`,
		pred: "same", args: []int64{1, 3},
		want: `same(1,3) derived line 9
  class_of(1,1) computed line 2
  class_of(3,1) computed line 2
  X < Y: X=1 Y=3
`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			db := facts.NewDB(nil)
			d := whyOf(t, tc.src, db, tc.pred, numbers(tc.args...)...)
			if got := render(d, db.Symbols()); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestWhyGivenAndMissing: facts in the DB before evaluation are leaves
// even when a rule could derive them; asking for an absent fact fails.
func TestWhyGivenAndMissing(t *testing.T) {
	db := facts.NewDB(nil)
	db.Relation("p", 1).Add(numbers(1))
	d := whyOf(t, `q(1). p(X) :- q(X).`, db, "p", numbers(1)...)
	if d.How != Given || len(d.Body) != 0 {
		t.Errorf("p(1) given before evaluation: got %v with %d premises", d.How, len(d.Body))
	}
	prog := mustCompile(t, `q(1). p(X) :- q(X).`)
	if _, err := prog.Explainer(db, WhyOptions{}).Why("p", numbers(7)...); err == nil || !strings.Contains(err.Error(), "no fact p(7)") {
		t.Errorf("absent fact: got error %v", err)
	}
}

// TestWhyRandomPrograms: on random programs, every derived fact has a
// derivation whose every node is a true instance of its clause over the
// evaluated facts, with a finite depth, and whose leaves are facts given
// in the DB or written in the program.
func TestWhyRandomPrograms(t *testing.T) {
	const programs = 150
	checked := 0
	for seed := range uint64(programs) {
		g, prog, src := compiled(t, seed)
		db := facts.NewDB(nil)
		loadAtoms(t, db, g.extra)
		given := engineFacts(db)
		if _, err := prog.Eval(context.Background(), db, Options{MaxFacts: 1_000_000}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		unit, err := parse.Unit(strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		c := &whyChecker{n: &naive{rels: map[string]map[string][]ast.Constant{}}, syms: db.Symbols(),
			clauses: map[string]ast.Clause{}, given: given, ok: map[*Derivation]bool{}}
		for _, cl := range unit.Clauses {
			c.clauses[cl.String()] = cl
		}
		for _, r := range db.Relations() {
			for id := range uint32(r.Len()) {
				c.n.add(ast.PredicateSym{Symbol: r.Name(), Arity: r.Arity()}, c.consts(r.Row(id)))
			}
		}
		x := prog.Explainer(db, WhyOptions{MaxDepth: 1 << 20})
		for _, r := range db.Relations() {
			for id := range uint32(r.Len()) {
				d, err := x.Why(r.Name(), r.Row(id)...)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if err := c.check(d, 0); err != nil {
					t.Fatalf("seed %d: %s: %v\n%s\n%s", seed, factText(d.Pred, c.consts(d.Args)), err, render(d, db.Symbols()), src)
				}
				checked++
			}
		}
	}
	t.Logf("%d facts of %d random programs explained by valid, well-founded derivations", checked, programs)
}

type whyChecker struct {
	n       *naive
	syms    *facts.Symbols
	clauses map[string]ast.Clause
	given   map[string]bool
	ok      map[*Derivation]bool
}

func (c *whyChecker) consts(vs []facts.Value) []ast.Constant {
	var out []ast.Constant
	for _, v := range vs {
		out = append(out, Constant(c.syms, v))
	}
	return out
}

// check verifies d and its premises; depth bounds the tree (a cycle
// would exceed it).
func (c *whyChecker) check(d *Derivation, depth int) error {
	if depth > 10_000 {
		return fmt.Errorf("derivation deeper than 10000: cyclic")
	}
	if c.ok[d] {
		return nil
	}
	text := factText(d.Pred, c.consts(d.Args))
	if _, ok := c.n.rels[relKey(ast.PredicateSym{Symbol: d.Pred, Arity: len(d.Args)})][text]; !ok {
		return fmt.Errorf("%s is not a fact", text)
	}
	switch d.How {
	case Given:
		if !c.given[text] {
			return fmt.Errorf("%s: a leaf that was not given", text)
		}
	case Stated:
		cl, ok := c.clauses[d.Rule.Text]
		if !ok || len(cl.Premises) > 0 || factText(cl.Head.Predicate.Symbol, constants(cl.Head.Args)) != text {
			return fmt.Errorf("%s: not the fact %s", text, d.Rule.Text)
		}
	case Derived:
		if err := c.instance(d, text); err != nil {
			return err
		}
		for _, p := range d.Body {
			for _, f := range append([]*Derivation{p.Fact}, p.Members...) {
				if f == nil {
					continue
				}
				if err := c.check(f, depth+1); err != nil {
					return fmt.Errorf("%s <- %w", text, err)
				}
			}
		}
	default:
		return fmt.Errorf("%s: unexpected %v", text, d.How)
	}
	c.ok[d] = true
	return nil
}

// instance checks that d's premises make an instance of its clause that
// derives d's fact.
func (c *whyChecker) instance(d *Derivation, text string) error {
	cl, ok := c.clauses[d.Rule.Text]
	if !ok {
		return fmt.Errorf("%s: no clause %s", text, d.Rule.Text)
	}
	if cl.Transform != nil && !cl.Transform.IsLetTransform() {
		// The group's members are rows of the body, and the clause
		// derives the fact over all facts.
		if len(d.Body) != 1 || d.Body[0].Kind != Group {
			return fmt.Errorf("%s: an aggregation explained without its group", text)
		}
		heads, err := c.n.rule(cl)
		if err != nil {
			return err
		}
		for _, h := range heads {
			if factText(d.Pred, h) == text {
				return nil
			}
		}
		return fmt.Errorf("%s: clause %s does not derive it", text, d.Rule.Text)
	}
	if len(d.Body) != len(cl.Premises) {
		return fmt.Errorf("%s: %d premises for %d", text, len(d.Body), len(cl.Premises))
	}
	b := binding{}
	var rest []ast.Term
	for i, p := range cl.Premises {
		a, isAtom := p.(ast.Atom)
		if !isAtom || a.Predicate.IsBuiltin() {
			rest = append(rest, p)
			continue
		}
		if d.Body[i].Kind != Holds {
			return fmt.Errorf("%s: premise %d is an atom, explained as %v", text, i, d.Body[i].Kind)
		}
		var ok bool
		if b, ok = unify(b, a.Args, c.consts(d.Body[i].Fact.Args), i); !ok {
			return fmt.Errorf("%s: premise %v does not match %v", text, a, d.Body[i].Fact.Args)
		}
	}
	for len(rest) > 0 {
		progressed := false
		for i, p := range rest {
			nb, holds, ready, err := c.n.filter(p, b)
			if err != nil {
				return err
			}
			if !ready {
				continue
			}
			if !holds {
				return fmt.Errorf("%s: %v does not hold", text, p)
			}
			b, rest, progressed = nb, append(rest[:i:i], rest[i+1:]...), true
			break
		}
		if !progressed {
			return fmt.Errorf("%s: premises %v unbound", text, rest)
		}
	}
	if cl.Transform != nil {
		for _, st := range cl.Transform.Statements {
			v, err := evalTerm(st.Fn, b)
			if err != nil {
				return err
			}
			b = b.with(st.Var.Symbol, v)
		}
	}
	head, err := evalArgs(cl.Head.Args, b)
	if err != nil {
		return err
	}
	if factText(d.Pred, head) != text {
		return fmt.Errorf("%s: the instance derives %s", text, factText(d.Pred, head))
	}
	return nil
}
