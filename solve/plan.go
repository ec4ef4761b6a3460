package solve

import (
	"fmt"
	"math"
)

// planItem is one premise (or let statement) in evaluation order.
type planItem struct {
	lit    int // index into rule.body, or -1 for rule.lets[let]
	let    int
	assign bool // litEq: binds the variable on side assignLeft
	left   bool
}

type planError struct {
	premise int
	msg     string
}

// planOrder orders a rule body. The delta atom (if delta >= 0) goes
// first, since it is usually the smallest input; otherwise, given
// estimates, every atom is tried first and the cheapest of the resulting
// plans is taken (the evaluator plans with estimates only when some
// input is large: largeInputRows). After the
// first atom the order is greedy: every negation, comparison and
// assignment whose inputs are bound runs at once (they only shrink or
// extend the current binding), and the next atom is one that shares a
// bound variable, if any does, expected to match the fewest rows per
// binding: estimate(lit, cols) with cols its bound columns, ties going to
// the atom with the most bound arguments. A plan costs the bindings it
// produces, summed over its steps. With estimate nil, the plan starts
// with the atom with the most bound arguments and all estimates are equal.
//
// Counting bound arguments alone would look up op_in_block(Y, Blk, _) by
// a block of ten thousand ops before op_ancestor(B, Y) by an op; starting
// with the smallest relation can start with an atom that only joins
// through such a block.
func planOrder(r *rule, delta int, estimate func(lit int, cols []int) float64) ([]planItem, *planError) {
	if delta >= 0 || estimate == nil {
		order, _, err := greedyPlan(r, delta, estimate, math.Inf(1))
		return order, err
	}
	var best []planItem
	bestCost := math.Inf(1)
	for i := range r.body {
		if r.body[i].kind != litAtom {
			continue
		}
		// A plan's cost only grows as it is built: one that reaches the
		// best cost so far cannot win (ties go to the earlier plan), and
		// stopping it spares the estimates of its later steps, each of
		// which may build an index that no plan uses.
		order, cost, err := greedyPlan(r, i, estimate, bestCost)
		if err != nil {
			return nil, err
		}
		if order != nil && cost < bestCost {
			best, bestCost = order, cost
		}
	}
	if best == nil { // no atoms: only filters and assignments
		order, _, err := greedyPlan(r, -1, estimate, math.Inf(1))
		return order, err
	}
	return best, nil
}

// largeInputRows is the size from which planning with estimates, and
// trying every first atom, pays for itself; below it, plans differ by
// little and planning would cost more than running, so a rule whose
// inputs are all smaller runs the plan compiled without estimates
// (rule.static). Measured on the 100k-op workloads of cmd/blbench: 512
// beats 4096 on both.
const largeInputRows = 512

// greedyPlan orders the body greedily after the atom first (-1: none)
// and returns the order and its estimated cost, or no order once the cost
// reaches limit.
func greedyPlan(r *rule, first int, estimate func(lit int, cols []int) float64, limit float64) ([]planItem, float64, *planError) {
	bound := make([]bool, r.nslots)
	done := make([]bool, len(r.body))
	var order []planItem
	card, cost := 1.0, 0.0
	boundCols := func(l *literal) []int {
		var cols []int
		for c, a := range l.args {
			if a.fn == fnConst || (a.fn == fnVar && bound[a.slot]) {
				cols = append(cols, c)
			}
		}
		return cols
	}
	take := func(it planItem) {
		l := &r.body[it.lit]
		if l.kind == litAtom && estimate != nil {
			card *= estimate(it.lit, boundCols(l))
			cost += card
		}
		done[it.lit] = true
		order = append(order, it)
		switch {
		case l.kind == litAtom:
			for _, a := range l.args {
				if a.fn == fnVar {
					bound[a.slot] = true
				}
			}
		case it.assign && it.left:
			bound[l.left.slot] = true
		case it.assign:
			bound[l.right.slot] = true
		}
	}
	if first >= 0 {
		if take(planItem{lit: first}); cost >= limit {
			return nil, cost, nil
		}
	}
	for {
		for progress := true; progress; {
			progress = false
			for i := range r.body {
				if done[i] {
					continue
				}
				if it, ok := filterReady(&r.body[i], i, bound); ok {
					take(it)
					progress = true
				}
			}
		}
		best, bestBound, bestEst := -1, -1, 0.0
		for i := range r.body {
			l := &r.body[i]
			if done[i] || l.kind != litAtom {
				continue
			}
			cols := boundCols(l)
			est := 0.0
			if estimate != nil {
				est = estimate(i, cols)
			}
			// An atom sharing no bound variable would multiply the
			// bindings: take one only when no atom shares any.
			connected, bestConnected := len(cols) > 0, bestBound > 0
			if best < 0 || connected && !bestConnected ||
				connected == bestConnected && (est < bestEst || est == bestEst && len(cols) > bestBound) {
				best, bestBound, bestEst = i, len(cols), est
			}
		}
		if best < 0 {
			break
		}
		if take(planItem{lit: best}); cost >= limit {
			return nil, cost, nil
		}
	}
	for i := range r.body {
		if !done[i] {
			return nil, 0, &planError{i, fmt.Sprintf("cannot evaluate this premise: variable %s is never bound", r.varNames[firstUnbound(&r.body[i], bound)])}
		}
	}
	for j, a := range r.lets {
		if v, ok := unboundVar(a.expr, bound); ok {
			return nil, 0, &planError{-1, fmt.Sprintf("let %s: variable %s is not bound", r.varNames[a.slot], r.varNames[v])}
		}
		bound[a.slot] = true
		order = append(order, planItem{lit: -1, let: j})
	}
	return order, cost, nil
}

// filterReady decides whether a non-atom premise can run with the
// current bindings, and how.
func filterReady(l *literal, i int, bound []bool) (planItem, bool) {
	switch l.kind {
	case litNeg:
		for _, a := range l.args {
			if a.fn == fnVar && !bound[a.slot] {
				return planItem{}, false
			}
		}
		return planItem{lit: i}, true
	case litCmp:
		_, lu := unboundVar(l.left, bound)
		_, ru := unboundVar(l.right, bound)
		return planItem{lit: i}, !lu && !ru
	case litEq:
		_, lu := unboundVar(l.left, bound)
		_, ru := unboundVar(l.right, bound)
		switch {
		case !lu && !ru:
			return planItem{lit: i}, true
		case l.left.fn == fnVar && !ru:
			return planItem{lit: i, assign: true, left: true}, true
		case l.right.fn == fnVar && !lu:
			return planItem{lit: i, assign: true}, true
		}
	}
	return planItem{}, false
}

func unboundVar(e cexpr, bound []bool) (int, bool) {
	if e.fn == fnVar && !bound[e.slot] {
		return e.slot, true
	}
	for _, a := range e.args {
		if v, ok := unboundVar(a, bound); ok {
			return v, true
		}
	}
	return 0, false
}

func firstUnbound(l *literal, bound []bool) int {
	for _, e := range append([]cexpr{l.left, l.right}, l.args...) {
		if v, ok := unboundVar(e, bound); ok {
			return v
		}
	}
	return 0
}
