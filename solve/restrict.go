package solve

import (
	"slices"

	"github.com/google/mangle/ast"
)

// Restrict returns the part of p that the named predicates depend on: their
// rules and facts, those of every predicate these rules read, positively
// or negated, and so on. Evaluating it derives the named predicates as p
// would, and nothing they do not need: a query for one predicate does not
// pay for rules that build large tables it never reads. Names that p does
// not know are ignored.
func (p *Program) Restrict(names ...string) *Program {
	var roots []int
	for _, name := range names {
		for id, pr := range p.preds {
			if pr.sym.Symbol == name && !slices.Contains(roots, id) {
				roots = append(roots, id)
			}
		}
	}
	return p.restrictTo(roots)
}

// IndependentOf returns the part of p that does not depend on the named
// predicates: every predicate p needs that neither is nor reads them,
// directly or not, with what it needs. It can be evaluated before their
// facts are known.
func (p *Program) IndependentOf(names []string) *Program {
	depends := p.readersOf(names)
	var roots []int
	for id, needed := range p.needed(p.roots, p.natives()) {
		if needed && !depends[id] {
			roots = append(roots, id)
		}
	}
	return p.restrictTo(roots)
}

// restrictTo is Restrict by predicate ids.
func (p *Program) restrictTo(roots []int) *Program {
	// Keep what the reference definitions read too, so that Options.Reference
	// and EvalMangle can evaluate the restricted program.
	needed := p.needed(roots, make([]*computed, len(p.preds)))
	out := *p
	out.planned = new(planCache)
	out.roots = roots
	out.facts = keep(p.facts, func(r *rule) bool { return needed[r.head] })
	out.strata = nil
	for _, s := range p.strata {
		out.strata = append(out.strata, stratum{
			preds:     keep(s.preds, func(id int) bool { return needed[id] }),
			rules:     keep(s.rules, func(r *rule) bool { return needed[r.head] }),
			recursive: s.recursive,
		})
	}
	out.clauses = keep(p.clauses, func(cl ast.Clause) bool { return needed[p.predIDs[cl.Head.Predicate]] })
	return &out
}

// keep returns the elements of s for which ok holds, in a new slice.
func keep[T any](s []T, ok func(T) bool) []T {
	var out []T
	for _, x := range s {
		if ok(x) {
			out = append(out, x)
		}
	}
	return out
}

// Needs reports whether evaluating p needs the facts of the named
// predicate: p's roots are it, or their rules read it, directly or not.
func (p *Program) Needs(name string) bool { return p.Needed()[name] }

// Needed returns the names of the predicates whose facts evaluating p
// needs, as Needs tells them one at a time.
func (p *Program) Needed() map[string]bool {
	need := p.needed(p.roots, make([]*computed, len(p.preds)))
	out := map[string]bool{}
	for id, pr := range p.preds {
		if need[id] {
			out[pr.sym.Symbol] = true
		}
	}
	return out
}

// JoinedOn reports whether a fact of pred can reach a conclusion of p
// only together with a fact of guard: every rule of p that reads pred,
// positively or negated, binds column col of it to a variable that is
// also column gcol of a positive guard atom of the same body, and no
// computed predicate reads pred. Facts of pred whose column col is no
// guard fact's column gcol then change nothing p derives.
func (p *Program) JoinedOn(pred string, col int, guard string, gcol int) bool {
	for _, c := range p.computed {
		if p.preds[c.edge].sym.Symbol == pred || (c.node >= 0 && p.preds[c.node].sym.Symbol == pred) {
			return false
		}
	}
	for _, s := range p.strata {
		for _, r := range s.rules {
			for _, l := range r.body {
				if (l.kind == litAtom || l.kind == litNeg) && p.preds[l.pred].sym.Symbol == pred && !guarded(p, r, l.args[col], guard, gcol) {
					return false
				}
			}
		}
	}
	return true
}

// guarded reports whether x is a variable that is column gcol of a
// positive guard atom of r's body.
func guarded(p *Program, r *rule, x cexpr, guard string, gcol int) bool {
	if x.fn != fnVar {
		return false
	}
	for _, l := range r.body {
		if l.kind == litAtom && p.preds[l.pred].sym.Symbol == guard && l.args[gcol].fn == fnVar && l.args[gcol].slot == x.slot {
			return true
		}
	}
	return false
}
