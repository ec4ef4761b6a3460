package solve

import (
	"context"
	"errors"
	"sync"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/symbols"

	"bufferlog/facts"
)

// FunctionLocal reports whether evaluating p on each part of a DB split by
// function (extract.Functions) derives exactly the facts that evaluating
// it on the whole DB derives, each in the part of its ids: whether no
// derivation joins facts of two parts. decls declare the predicates p
// reads and derives (rules.Predicates): the kinds of their columns, where
// an op, value, block or region id names its part, and which predicates
// are CrossFunction, whose facts hold ids of two parts. A predicate
// missing from decls has no id columns.
//
// The check is syntactic and conservative; see "Parallel evaluation" in
// the package doc for the conditions. Restrict p first: only the rules an
// evaluation runs need to pass.
func (p *Program) FunctionLocal(decls []*facts.Predicate) bool {
	l := locality{decls: map[string]*facts.Predicate{}, defined: map[string]bool{}, derived: map[string]bool{}}
	for _, d := range decls {
		l.decls[d.Name] = d
	}
	for _, cl := range p.clauses {
		l.defined[cl.Head.Predicate.Symbol] = true
	}
	for changed := true; changed; {
		changed = false
		for _, cl := range p.clauses {
			head := cl.Head.Predicate.Symbol
			if l.derived[head] {
				continue
			}
			for _, a := range bodyAtoms(cl) {
				if l.dependent(a.Predicate.Symbol) {
					l.derived[head], changed = true, true
					break
				}
			}
		}
	}
	for _, cl := range p.clauses {
		if l.derived[cl.Head.Predicate.Symbol] && !l.clause(cl) {
			return false
		}
	}
	return true
}

// locality is FunctionLocal's view of the predicates. A predicate is
// part-dependent when its facts depend on the part's: those without
// clauses come from the DB, and derived ones are dependent when a clause
// reads a dependent predicate. The others, given by facts of the rule
// files alone, are the same in every part.
type locality struct {
	decls   map[string]*facts.Predicate
	defined map[string]bool // has clauses
	derived map[string]bool // has clauses and is part-dependent
}

func (l *locality) dependent(pred string) bool { return !l.defined[pred] || l.derived[pred] }

// isID reports whether column i of pred holds ids.
func (l *locality) isID(pred string, i int) bool {
	d := l.decls[pred]
	return d != nil && i < len(d.Columns) && d.Columns[i].Kind <= facts.RegionKind
}

// clause reports whether every derivation of cl, a clause of a
// part-dependent predicate, reads facts of one part only and gives a fact
// whose ids are of that part: its atoms over part-dependent predicates
// are joined through id columns, its negations and head ids are bound
// through them, and it reads no CrossFunction predicate.
func (l *locality) clause(cl ast.Clause) bool {
	var uf unionFind
	vars := map[string]int{}
	node := func(v ast.Variable) int {
		n, ok := vars[v.Symbol]
		if !ok {
			n = uf.add()
			vars[v.Symbol] = n
		}
		return n
	}
	var atoms []int
	for _, t := range cl.Premises {
		switch t := t.(type) {
		case ast.Atom:
			if t.Predicate.IsBuiltin() || !l.dependent(t.Predicate.Symbol) {
				continue
			}
			a := uf.add()
			atoms = append(atoms, a)
			for i, arg := range t.Args {
				if v, ok := arg.(ast.Variable); ok && v.Symbol != "_" && l.isID(t.Predicate.Symbol, i) {
					uf.union(a, node(v))
				}
			}
		case ast.Eq:
			x, okx := t.Left.(ast.Variable)
			y, oky := t.Right.(ast.Variable)
			if okx && oky {
				uf.union(node(x), node(y))
			}
		}
	}
	for _, a := range bodyAtoms(cl) {
		if d := l.decls[a.Predicate.Symbol]; d != nil && d.CrossFunction {
			return false
		}
	}
	if len(atoms) == 0 {
		return false // its facts would be in every part
	}
	root := uf.find(atoms[0])
	for _, a := range atoms {
		if uf.find(a) != root {
			return false
		}
	}
	if t := cl.Transform; t != nil && !t.IsLetTransform() {
		// The least or greatest of one part's ids is of that part.
		for _, s := range t.Statements {
			if s.Var != nil && (s.Fn.Function == symbols.Min || s.Fn.Function == symbols.Max) && len(s.Fn.Args) == 1 {
				if v, ok := s.Fn.Args[0].(ast.Variable); ok {
					uf.union(node(v), node(*s.Var))
				}
			}
		}
	}
	joined := func(arg ast.BaseTerm) bool {
		v, _ := arg.(ast.Variable) // a constant is not joined
		n, ok := vars[v.Symbol]
		return ok && uf.find(n) == uf.find(root)
	}
	for _, t := range cl.Premises {
		n, ok := t.(ast.NegAtom)
		if !ok || !l.dependent(n.Atom.Predicate.Symbol) {
			continue
		}
		bound := false
		for i, arg := range n.Atom.Args {
			bound = bound || l.isID(n.Atom.Predicate.Symbol, i) && joined(arg)
		}
		if !bound {
			return false
		}
	}
	ids := 0
	for i, arg := range cl.Head.Args {
		if l.isID(cl.Head.Predicate.Symbol, i) {
			if !joined(arg) {
				return false
			}
			ids++
		}
	}
	return ids > 0
}

// bodyAtoms returns the atoms of cl's premises over predicates, positive
// and negated.
func bodyAtoms(cl ast.Clause) []ast.Atom {
	var out []ast.Atom
	for _, t := range cl.Premises {
		switch t := t.(type) {
		case ast.Atom:
			if !t.Predicate.IsBuiltin() {
				out = append(out, t)
			}
		case ast.NegAtom:
			out = append(out, t.Atom)
		}
	}
	return out
}

// unionFind is a disjoint-set forest over the nodes it adds.
type unionFind struct{ parent []int }

func (u *unionFind) add() int {
	u.parent = append(u.parent, len(u.parent))
	return len(u.parent) - 1
}

func (u *unionFind) find(n int) int {
	for u.parent[n] != n {
		u.parent[n] = u.parent[u.parent[n]]
		n = u.parent[n]
	}
	return n
}

func (u *unionFind) union(a, b int) { u.parent[u.find(a)] = u.find(b) }

// inputFacts counts the facts of dbs in the relations an evaluation of p
// reads and derives: what DefaultMaxFacts grows with.
func (p *Program) inputFacts(opt Options, dbs ...*facts.DB) int {
	_, used := p.plan(opt.Reference)
	n := 0
	for _, db := range dbs {
		for _, id := range used {
			if r := db.Lookup(p.preds[id].sym.Symbol, p.preds[id].sym.Arity); r != nil {
				n += r.Len()
			}
		}
	}
	return n
}

// EvalParts evaluates p on each of parts as Eval does, on up to workers
// goroutines, and returns the sum of their Stats. It is for the parts of
// a DB split by function when p.FunctionLocal holds: their derived facts
// together are then those of one evaluation of the whole DB. The parts
// must share one Symbols table (the Program itself is safe for
// concurrent use).
//
// opt bounds the parts together: the deadline all of them, MaxFacts the
// facts they derive in total, each part starting with what the parts
// finished before it left of the budget. The first error stops the other
// parts and is returned; each part keeps what it derived.
func (p *Program) EvalParts(ctx context.Context, parts []*facts.DB, opt Options, workers int) (Stats, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	budget := opt.MaxFacts
	if budget == 0 {
		budget = DefaultMaxFacts(p.inputFacts(opt, parts...))
	}
	exhausted := &LimitError{Err: ErrBudget, Budget: budget}
	var (
		mu    sync.Mutex
		next  int
		total Stats
		first error
	)
	fail := func(err error) {
		if first == nil {
			first = err
			cancel()
		}
	}
	var wg sync.WaitGroup
	for range max(1, min(workers, len(parts))) {
		wg.Go(func() {
			mu.Lock()
			defer mu.Unlock()
			for first == nil && next < len(parts) {
				i := next
				next++
				o := opt
				if o.MaxFacts = budget - total.Derived; o.MaxFacts <= 0 {
					fail(exhausted)
					return
				}
				mu.Unlock()
				st, err := p.Eval(ctx, parts[i], o)
				mu.Lock()
				total.Derived += st.Derived
				total.Rounds += st.Rounds
				var le *LimitError
				if errors.As(err, &le) && errors.Is(err, ErrBudget) {
					le.Budget = budget // the part had what was left of it
				}
				if err != nil {
					fail(err)
				}
			}
		})
	}
	wg.Wait()
	if first == nil && total.Derived > budget {
		first = exhausted
	}
	return total, first
}
