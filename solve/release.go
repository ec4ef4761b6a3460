package solve

import (
	"sync/atomic"
)

// releaseRows is the fewest facts an evaluation starts from for it to let
// relations go (Options.Release): a small DB's relations are few and
// small, its driver gives them back whole when it is done, and asking
// Release about each would cost more than it saves (a 100-op function
// of a module holds a few thousand). Tests lower it.
var releaseRows = 1 << 15

// releaser drops the relations of an evaluation that Options.Release lets
// go, each once the last stratum touching it is done: a large function's
// analysis otherwise holds every relation of every phase until its end.
type releaser struct {
	ev   *evaluator
	left []atomic.Int32 // by predicate id: strata that touch it and are not done
	may  []bool         // by predicate id: Release accepts it
	// fresh marks the predicates whose relations were empty at the start,
	// whose sizes the next evaluation reserves (planCache.rates).
	fresh []bool
	rates rowRates
}

func newReleaser(p *Program, ev *evaluator, touching []int32, release func(string) bool, rates rowRates) *releaser {
	r := &releaser{ev: ev, left: make([]atomic.Int32, len(p.preds)), may: make([]bool, len(p.preds)), fresh: make([]bool, len(p.preds)), rates: rates}
	for id, n := range touching {
		if n > 0 {
			r.left[id].Store(n)
			r.may[id] = release(p.preds[id].sym.Symbol)
		}
	}
	for _, id := range ev.fresh {
		r.fresh[id] = true
	}
	return r
}

// done tells that stratum s is done: the relations that no stratum still
// to run touches, and that Release accepts, go.
func (r *releaser) done(s *stratum) {
	if r == nil {
		return
	}
	for _, id := range s.touches {
		if r.left[id].Add(-1) != 0 || !r.may[id] {
			continue
		}
		if r.fresh[id] {
			r.rates.note(id, r.ev.rels[id].Len(), r.ev.input)
		}
		r.ev.rels[id] = nil
		r.ev.db.RecycleOf(r.ev.prog.preds[id].fact)
	}
}
