package solve

import "fmt"

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

// planOrder orders a rule body greedily. The delta atom (if delta >= 0)
// goes first, since it is usually the smallest input. Then, repeatedly:
// every negation, comparison and assignment whose inputs are bound runs
// at once (they only shrink or extend the current binding), and the next
// atom is the one with the most bound arguments, ties going to the
// smallest input (size(lit); nil means all sizes are equal).
func planOrder(r *rule, delta int, size func(lit int) int) ([]planItem, *planError) {
	bound := make([]bool, r.nslots)
	done := make([]bool, len(r.body))
	var order []planItem
	take := func(it planItem) {
		done[it.lit] = true
		order = append(order, it)
		l := &r.body[it.lit]
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
	if delta >= 0 {
		take(planItem{lit: delta})
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
		best, bestBound, bestSize := -1, -1, 0
		for i := range r.body {
			l := &r.body[i]
			if done[i] || l.kind != litAtom {
				continue
			}
			n := 0
			for _, a := range l.args {
				if a.fn == fnConst || (a.fn == fnVar && bound[a.slot]) {
					n++
				}
			}
			sz := 0
			if size != nil {
				sz = size(i)
			}
			if n > bestBound || (n == bestBound && sz < bestSize) {
				best, bestBound, bestSize = i, n, sz
			}
		}
		if best < 0 {
			break
		}
		take(planItem{lit: best})
	}
	for i := range r.body {
		if !done[i] {
			return nil, &planError{i, fmt.Sprintf("cannot evaluate this premise: variable %s is never bound", r.varNames[firstUnbound(&r.body[i], bound)])}
		}
	}
	for j, a := range r.lets {
		if v, ok := unboundVar(a.expr, bound); ok {
			return nil, &planError{-1, fmt.Sprintf("let %s: variable %s is not bound", r.varNames[a.slot], r.varNames[v])}
		}
		bound[a.slot] = true
		order = append(order, planItem{lit: -1, let: j})
	}
	return order, nil
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
