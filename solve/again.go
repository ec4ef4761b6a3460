package solve

import (
	"context"

	"bufferlog/facts"
)

// EvalAgain brings db, on which p was evaluated, up to date after facts
// were added to the named predicates (facts given to the program, not
// derived by it): it drops the facts of every predicate whose rules read
// them, directly or not, and derives those again, while the rest keep the
// facts they have. The result is that of evaluating p on the facts db was
// given, with the added ones, in full. A driver that feeds an evaluation's
// conclusions back as new given facts (such as the deallocation driver) thus
// pays only for what they change.
func (p *Program) EvalAgain(ctx context.Context, db *facts.DB, opt Options, changed ...string) (Stats, error) {
	stale := p.readersOf(changed)
	derived := map[string]bool{}
	for _, s := range p.strata {
		for _, r := range s.rules {
			if stale[r.head] {
				derived[p.preds[r.head].sym.Symbol] = true
			}
		}
	}
	for _, c := range p.computed {
		if stale[c.pred] {
			derived[p.preds[c.pred].sym.Symbol] = true
		}
	}
	db.Retain(func(name string) bool { return !derived[name] })
	return p.DerivedBy(p, changed).Eval(ctx, db, opt)
}
