package solve

import (
	"bufferlog/facts"
	"bufferlog/internal/parallel"
)

type stepKind uint8

const (
	stepScan      stepKind = iota // atom with no bound argument: every row in range
	stepLookup                    // atom with some bound arguments: an index chain
	stepProbe                     // atom with all arguments bound: one tuple found (step.probe)
	stepNegAny                    // negated atom with no bound argument
	stepNegLookup                 // negated atom with some bound arguments
	stepNegProbe                  // negated atom with all arguments bound
	stepFilter                    // comparison or equality check
	stepAssign                    // slot = expression
)

// step is one premise ready to run: relation, row range, index and key
// resolved for one round.
type step struct {
	kind        stepKind
	lit         int // the body literal of an atom step
	rel         *facts.Relation
	lo, hi      uint32
	find        facts.Finder  // how a lookup or probe finds its rows
	cols        []int         // the columns bound when it runs
	key         []expr        // per bound column (all columns for a probe)
	keybuf      []facts.Value // key values, filled per lookup
	bind        []colSlot     // columns that bind a variable
	check       []colSlot     // columns that must equal a variable bound by this atom
	op          cmpOp
	left, right expr
	out         int
}

type colSlot struct{ col, slot int }

// expr is a cexpr with its constants interned for one evaluation.
type expr struct {
	fn    fnKind
	slot  int
	konst int // fnConst: index in the constant pool
	val   facts.Value
	args  []expr
}

func (ev *evaluator) resolve(e cexpr) expr {
	x := expr{fn: e.fn, slot: e.slot, konst: e.konst}
	if e.fn == fnConst {
		x.val = ev.vals[e.konst]
	}
	for _, a := range e.args {
		x.args = append(x.args, ev.resolve(a))
	}
	return x
}

// build turns a plan into steps, choosing for each atom the index on the
// columns that are bound when it runs.
func (ev *evaluator) build(r *rule, order []planItem, delta int) []step {
	bound := make([]bool, r.nslots)
	steps := make([]step, 0, len(order))
	// The atoms' keys, key buffers and bindings are carved from one
	// allocation each: a module's functions are evaluated one by one, so
	// steps are built many times over.
	args := 0
	for _, l := range r.body {
		args += len(l.args)
	}
	ar := &stepArena{cols: make([]int, 0, args), exprs: make([]expr, 0, args), vals: make([]facts.Value, args), slots: make([]colSlot, 0, args)}
	for _, it := range order {
		if it.lit < 0 {
			a := r.lets[it.let]
			steps = append(steps, step{kind: stepAssign, out: a.slot, left: ev.resolve(a.expr)})
			bound[a.slot] = true
			continue
		}
		l := &r.body[it.lit]
		switch l.kind {
		case litAtom, litNeg:
			steps = append(steps, ev.atomStep(r, it.lit, delta, bound, ar))
		case litCmp:
			steps = append(steps, step{kind: stepFilter, op: l.op, left: ev.resolve(l.left), right: ev.resolve(l.right)})
		case litEq:
			switch {
			case it.assign && it.left:
				steps = append(steps, step{kind: stepAssign, out: l.left.slot, left: ev.resolve(l.right)})
				bound[l.left.slot] = true
			case it.assign:
				steps = append(steps, step{kind: stepAssign, out: l.right.slot, left: ev.resolve(l.left)})
				bound[l.right.slot] = true
			default:
				steps = append(steps, step{kind: stepFilter, op: opEq, left: ev.resolve(l.left), right: ev.resolve(l.right)})
			}
		}
	}
	return steps
}

// setRange sets the rows an atom step reads in variant delta of r: all
// of a negated atom's relation (a lower stratum's, complete).
func (ev *evaluator) setRange(st *step, r *rule, delta int) {
	if r.body[st.lit].kind == litAtom {
		st.lo, st.hi = ev.bounds(r, st.lit, delta)
	} else {
		st.lo, st.hi = 0, uint32(st.rel.Len())
	}
}

// refresh readies a runner built earlier for variant delta of r to run
// again: its atoms read the rows of this round, and when an earlier
// evaluation (of another DB) built it, this evaluation's relations,
// indexes and constants.
func (ev *evaluator) refresh(run *runner, r *rule, delta int) {
	rebind := run.ev != ev
	// Evaluations over one Symbols table share the constant pool.
	consts := rebind && (len(ev.vals) == 0 || &run.ev.vals[0] != &ev.vals[0])
	if rebind {
		run.ev, run.headRel = ev, ev.rels[r.head]
	}
	if consts {
		for i := range run.head {
			ev.rebind(&run.head[i])
		}
	}
	for i := range run.steps {
		st := &run.steps[i]
		if consts {
			ev.rebind(&st.left)
			ev.rebind(&st.right)
			for j := range st.key {
				ev.rebind(&st.key[j])
			}
		}
		if rebind {
			if st.rel != nil {
				st.rel = ev.rels[r.body[st.lit].pred]
			}
			if st.cols != nil {
				st.find = ev.finder(r, st)
			}
		}
		if st.rel != nil {
			ev.setRange(st, r, delta)
		}
	}
}

// rebind gives the constants of e this evaluation's values.
func (ev *evaluator) rebind(e *expr) {
	if e.fn == fnConst {
		e.val = ev.vals[e.konst]
	}
	for i := range e.args {
		ev.rebind(&e.args[i])
	}
}

// stepArena is the backing storage of a rule's steps (see build).
type stepArena struct {
	cols  []int
	exprs []expr
	vals  []facts.Value
	slots []colSlot
}

func (ev *evaluator) atomStep(r *rule, lit, delta int, bound []bool, ar *stepArena) step {
	l := &r.body[lit]
	st := step{lit: lit, rel: ev.rels[l.pred]}
	ev.setRange(&st, r, delta)
	keyStart, slotStart, colStart := len(ar.exprs), len(ar.slots), len(ar.cols)
	var check []colSlot
	for c, a := range l.args {
		switch {
		case a.fn == fnConst || (a.fn == fnVar && bound[a.slot]):
			ar.cols = append(ar.cols, c)
			ar.exprs = append(ar.exprs, ev.resolve(a))
		case a.fn == fnVar && l.kind == litAtom:
			repeated := false
			for _, b := range ar.slots[slotStart:] {
				repeated = repeated || b.slot == a.slot
			}
			if repeated {
				check = append(check, colSlot{c, a.slot})
			} else {
				ar.slots = append(ar.slots, colSlot{c, a.slot})
			}
		}
	}
	cols := ar.cols[colStart:len(ar.cols):len(ar.cols)]
	st.key = ar.exprs[keyStart:len(ar.exprs):len(ar.exprs)]
	st.bind = ar.slots[slotStart:len(ar.slots):len(ar.slots)]
	st.check = check
	for _, b := range st.bind {
		bound[b.slot] = true
	}
	st.keybuf, ar.vals = ar.vals[:len(st.key):len(st.key)], ar.vals[len(st.key):]
	neg := l.kind == litNeg
	switch {
	case len(cols) == len(l.args) && neg:
		st.kind = stepNegProbe
	case len(cols) == len(l.args):
		st.kind = stepProbe
	case len(cols) == 0 && neg:
		st.kind = stepNegAny
	case len(cols) == 0:
		st.kind = stepScan
	case neg:
		st.kind = stepNegLookup
	default:
		st.kind = stepLookup
	}
	if len(cols) > 0 {
		st.cols = cols
		st.find = ev.finder(r, &st)
	}
	return st
}

// finder chooses how atom step st finds its rows (facts.Relation.Finder):
// a lookup reads an index on its bound columns, or a dense one on a few
// of them with short chains; one on a relation still growing in this
// stratum keeps the index on all of them, which the planner's estimates
// read (estimate). A probe (every column bound) needs no index: without
// one with short chains it probes the duplicate set.
func (ev *evaluator) finder(r *rule, st *step) facts.Finder {
	switch {
	case st.kind == stepProbe || st.kind == stepNegProbe:
		return st.rel.Finder(st.cols, facts.FindProbe)
	case ev.inStratum[r.body[st.lit].pred]:
		return st.rel.Finder(st.cols, facts.FindGrowing)
	}
	return st.rel.Finder(st.cols, facts.FindLookup)
}

// runner joins one rule's body by nested loops over its steps, with the
// variable bindings in a fixed slot array.
type runner struct {
	ev      *evaluator
	r       *rule
	steps   []step
	slots   []facts.Value
	head    []expr
	headbuf []facts.Value
	headRel *facts.Relation
	collect *facts.Relation // aggregation: the body's distinct bindings
	pending []facts.Value   // head tuples not yet added (flush)
	held    bool            // keep pending until the end (split)
	ticks   uint32
}

func (ev *evaluator) newRunner(r *rule, steps []step) *runner {
	vals := make([]facts.Value, r.nslots+len(r.headArgs))
	run := &runner{ev: ev, r: r, steps: steps, slots: vals[:r.nslots:r.nslots],
		headbuf: vals[r.nslots:], headRel: ev.rels[r.head], head: make([]expr, len(r.headArgs))}
	for i, a := range r.headArgs {
		run.head[i] = ev.resolve(a)
	}
	return run
}

// run executes steps[k:] for the current bindings; false stops everything.
func (run *runner) run(k int) bool {
	if k == len(run.steps) {
		return run.emit()
	}
	st := &run.steps[k]
	ev := run.ev
	switch st.kind {
	case stepScan:
		for id := st.lo; id < st.hi; id++ {
			if !ev.poll(&run.ticks) {
				return false
			}
			if run.match(st, id) && !run.run(k+1) {
				return false
			}
		}
	case stepLookup:
		run.fillKey(st)
		for id := st.find.First(st.keybuf); id != facts.NoRow; id = st.find.Next(id, st.keybuf) {
			if id >= st.hi {
				continue
			}
			if id < st.lo {
				break
			}
			if !ev.poll(&run.ticks) {
				return false
			}
			if run.match(st, id) && !run.run(k+1) {
				return false
			}
		}
	case stepProbe:
		run.fillKey(st)
		if !ev.poll(&run.ticks) {
			return false
		}
		if id := st.probe(); id != facts.NoRow && id >= st.lo && id < st.hi {
			return run.run(k + 1)
		}
	case stepNegAny:
		if st.hi == 0 {
			return run.run(k + 1)
		}
	case stepNegLookup:
		run.fillKey(st)
		if st.find.First(st.keybuf) == facts.NoRow {
			return run.run(k + 1)
		}
	case stepNegProbe:
		run.fillKey(st)
		if st.probe() == facts.NoRow {
			return run.run(k + 1)
		}
	case stepFilter:
		a, ok := run.value(&st.left)
		if !ok {
			return false
		}
		b, ok := run.value(&st.right)
		if !ok {
			return false
		}
		holds, ok := run.compare(st.op, a, b)
		if !ok {
			return false
		}
		if holds {
			return run.run(k + 1)
		}
	case stepAssign:
		v, ok := run.value(&st.left)
		if !ok {
			return false
		}
		run.slots[st.out] = v
		return run.run(k + 1)
	}
	return true
}

// probe returns the row of the whole tuple in st.keybuf, or NoRow:
// through an index when the relation has one with short chains
// (facts.Relation.Finder), else through its duplicate set.
func (st *step) probe() uint32 {
	if st.find.Valid() {
		return st.find.First(st.keybuf)
	}
	return st.rel.Find(st.keybuf)
}

func (run *runner) fillKey(st *step) {
	for i := range st.key {
		e := &st.key[i]
		if e.fn == fnVar {
			st.keybuf[i] = run.slots[e.slot]
		} else {
			st.keybuf[i] = e.val
		}
	}
}

func (run *runner) match(st *step, id uint32) bool {
	for _, b := range st.bind {
		run.slots[b.slot] = st.rel.At(id, b.col)
	}
	for _, c := range st.check {
		if st.rel.At(id, c.col) != run.slots[c.slot] {
			return false
		}
	}
	return true
}

// emit handles one solution of the body.
func (run *runner) emit() bool {
	if run.collect != nil {
		if run.collect.Add(run.slots[:run.r.nbody]) {
			return run.ev.spend(1)
		}
		return true
	}
	return run.emitHead()
}

// emitHead queues the head tuple; flush adds the queue to the head
// relation in one batch (see facts.Relation.AddBatch). Facts derived in a
// round are only read in the next, so they may wait until the rule's run
// ends.
func (run *runner) emitHead() bool {
	if len(run.head) == 0 {
		if run.headRel.Add(nil) {
			run.ev.stats.Derived++
			return run.ev.spend(1)
		}
		return true
	}
	for i := range run.head {
		v, ok := run.value(&run.head[i])
		if !ok {
			return false
		}
		run.pending = append(run.pending, v)
	}
	if !run.held && len(run.pending) >= batchRows*len(run.head) {
		return run.flush()
	}
	return true
}

// batchRows is how many head tuples wait for one AddBatch: enough for the
// processor to overlap their cache misses.
const batchRows = 64

func (run *runner) flush() bool {
	if len(run.pending) == 0 {
		return true
	}
	var added int
	if run.ev.appendOnly[run.r.head] {
		run.headRel.AppendDistinct(run.pending)
		added = len(run.pending) / len(run.head)
	} else {
		added = run.headRel.AddBatch(run.pending)
	}
	run.pending = run.pending[:0]
	run.ev.stats.Derived += added
	return run.ev.spend(added)
}

// join derives the rule's head for every solution of its body, splitting
// a large first scan across the evaluation's workers.
func (run *runner) join() bool {
	if first := &run.steps[0]; run.ev.workers > 1 && first.kind == stepScan && first.hi-first.lo >= splitRows &&
		len(run.head) > 0 && run.collect == nil {
		return run.split()
	}
	return run.run(0) && run.flush()
}

// splitRows is the least number of rows a first scan must have for its
// join to be split: below it, starting goroutines costs more than it
// saves. Tests lower it to split the joins of small programs.
var splitRows uint32 = 8192

// split runs the join as chunks of the first scan's rows on the
// evaluation's workers. Nothing is added to any relation until every
// chunk is done, so the workers only read; then each chunk's head tuples
// are added in the order of its rows, which gives the rows the ids one
// runner would.
func (run *runner) split() bool {
	first := run.steps[0]
	chunks := make([]*runner, 4*run.ev.workers)
	for c := range chunks {
		w := run.fork()
		n := first.hi - first.lo
		w.steps[0].lo = first.lo + uint32(uint64(n)*uint64(c)/uint64(len(chunks)))
		w.steps[0].hi = first.lo + uint32(uint64(n)*uint64(c+1)/uint64(len(chunks)))
		chunks[c] = w
	}
	// A chunk that stops has set the evaluation's error (evalState), which
	// stops the others too.
	failed := &run.ev.shared.failed
	parallel.For(len(chunks), run.ev.workers, func(c int) {
		if !failed.Load() {
			chunks[c].run(0)
		}
	})
	if failed.Load() {
		return false
	}
	// A batch at a time, as one runner adds them, so that the fact budget
	// stops the evaluation as soon.
	batch := batchRows * len(run.head)
	defer func() {
		for _, w := range chunks {
			run.ev.shared.held.put(w.pending)
		}
	}()
	for _, w := range chunks {
		for rows := w.pending; len(rows) > 0; rows = rows[min(batch, len(rows)):] {
			run.pending = rows[:min(batch, len(rows))]
			if !run.flush() {
				return false
			}
		}
	}
	run.pending = nil
	return true
}

// fork returns a runner for the same steps with bindings, keys and head
// tuples of its own, which holds its head tuples (split).
func (run *runner) fork() *runner {
	w := &runner{ev: run.ev, r: run.r, head: run.head, headRel: run.headRel, held: true,
		steps: append([]step(nil), run.steps...), pending: run.ev.shared.held.get()}
	vals := make([]facts.Value, len(run.slots)+len(run.headbuf))
	w.slots, w.headbuf = vals[:len(run.slots):len(run.slots)], vals[len(run.slots):]
	for i := range w.steps {
		if st := &w.steps[i]; len(st.keybuf) > 0 {
			st.keybuf = make([]facts.Value, len(st.keybuf))
		}
	}
	return w
}

// reduce computes a reducer of a do-transform over column arg of the
// group of rows whose newest row is head.
func (run *runner) reduce(st *aggStmt, rows *facts.Relation, arg int, groups *facts.Index, head uint32) (facts.Value, bool) {
	var acc int64
	n := 0
	for id := head; id != facts.NoRow; id = groups.Next(id) {
		n++
		if st.reducer == reduceCount {
			continue
		}
		v := rows.At(id, arg)
		if !v.IsNumber() {
			return 0, run.ev.fail(nil, "%s of a non-number %s", reducerName[st.reducer], run.ev.syms.Format(v))
		}
		x := v.Int()
		switch {
		case st.reducer == reduceSum:
			acc += x
			if !facts.InNumberRange(acc) {
				return 0, run.ev.fail(nil, "fn:sum overflows the 63-bit number range")
			}
		case n == 1, st.reducer == reduceMin && x < acc, st.reducer == reduceMax && x > acc:
			acc = x
		}
	}
	if st.reducer == reduceCount {
		acc = int64(n)
	}
	return facts.Number(acc), true
}

var reducerName = map[reducer]string{reduceSum: "fn:sum", reduceMin: "fn:min", reduceMax: "fn:max"}
