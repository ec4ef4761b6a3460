package solve

import "github.com/google/mangle/ast"

// Restrict returns the part of p that the named predicates depend on: their
// rules and facts, those of every predicate these rules read, positively
// or negated, and so on. Evaluating it derives the named predicates as p
// would, and nothing they do not need: a query for one predicate does not
// pay for rules that build large tables it never reads. Names that p does
// not know are ignored.
func (p *Program) Restrict(names ...string) *Program {
	needed := make([]bool, len(p.preds))
	var stack []int
	for _, name := range names {
		for id, pr := range p.preds {
			if pr.sym.Symbol == name && !needed[id] {
				needed[id] = true
				stack = append(stack, id)
			}
		}
	}
	rulesOf := make([][]*rule, len(p.preds))
	for _, s := range p.strata {
		for _, r := range s.rules {
			rulesOf[r.head] = append(rulesOf[r.head], r)
		}
	}
	for len(stack) > 0 {
		head := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, r := range rulesOf[head] {
			for _, l := range r.body {
				if (l.kind == litAtom || l.kind == litNeg) && !needed[l.pred] {
					needed[l.pred] = true
					stack = append(stack, l.pred)
				}
			}
		}
	}
	out := *p
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
