package solve

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"bufferlog/facts"
)

// The budget of an evaluation whose Options.MaxFacts is 0 grows with its
// input, so that no input is too large for it, while rules that never
// stop are stopped before they fill the memory: BudgetPerFact derived
// facts for each fact the evaluation starts from, and at least
// BudgetFloor.
const (
	BudgetFloor   = 10_000_000
	BudgetPerFact = 4
)

// DefaultMaxFacts is the budget of an evaluation that starts from n facts
// and whose Options.MaxFacts is 0.
func DefaultMaxFacts(n int) int { return max(BudgetFloor, BudgetPerFact*n) }

// ErrBudget is wrapped by the error of an evaluation that derived more
// facts than its budget allows.
var ErrBudget = errors.New("derived-fact budget exhausted")

// Options bound one evaluation.
type Options struct {
	// MaxFacts caps the facts derived by rules, counting the rows an
	// aggregation groups; 0 means DefaultMaxFacts of the facts the
	// evaluation starts from: those of the relations its rules read and
	// derive.
	MaxFacts int
	// Deadline, if set, stops the evaluation like a context deadline.
	Deadline time.Time
	// Reference evaluates computed predicates by the clauses that define
	// them instead of natively (see computed.go): slower, and the
	// definition that the native computation is tested against.
	Reference bool
	// Workers is how many goroutines a large join may be split across
	// (see runner.split); 0 or 1 joins on the calling goroutine only.
	Workers int
	// Release, if not nil, lets the evaluation drop from the DB each
	// relation that it reads or derives and whose name Release accepts,
	// as soon as every stratum reading or deriving it is done; its storage
	// goes to the relations made after (facts.DB.Recycle). A caller that
	// reads some relations afterwards, or evaluates another program that
	// does, says so by rejecting their names. Nil keeps every relation, as
	// does an evaluation that starts from fewer than releaseRows facts.
	Release func(name string) bool
}

// Stats describes one evaluation.
type Stats struct {
	Derived int // new facts added by rules
	Rounds  int // semi-naive rounds after the first pass of each stratum
}

// Eval evaluates the program over db: it loads the program's facts, then
// derives every stratum in order, adding the derived facts to db's
// relations (created as needed). Facts already in db count as given, for
// any predicate. On error, db keeps what was derived so far.
func (p *Program) Eval(ctx context.Context, db *facts.DB, opt Options) (Stats, error) {
	if !opt.Deadline.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, opt.Deadline)
		defer cancel()
	}
	strata, used := p.plan(opt.Reference)
	ev := newEvaluator(p, db, ctx, opt, used)
	plan := planIndex(opt.Reference)
	ev.negated = p.planned.negated[plan]
	rates := p.planned.derivedRates(len(p.preds))
	if opt.Release != nil && ev.rows() >= releaseRows {
		ev.release = newReleaser(p, ev, p.planned.touching[plan], opt.Release, rates)
	}
	if ev.loadFacts() {
		ev.sealGiven(strata)
		ev.strata(strata)
	}
	for _, id := range ev.fresh {
		if ev.rels[id] != nil { // else released, its rows noted then
			rates.note(id, ev.rels[id].Len(), ev.input)
		}
	}
	// The next evaluation of p (a module is evaluated function by
	// function) takes over the runners instead of building them again,
	// and the per-predicate arrays.
	p.planned.runners.Put(ev.runners)
	p.planned.scratch.Put(&evalScratch{rels: ev.rels, lo: ev.lo, hi: ev.hi, given: ev.given, inStratum: ev.inStratum, appendOnly: ev.appendOnly, fresh: ev.fresh})
	return ev.stats, ev.shared.error()
}

// evalScratch is an evaluator's arrays by predicate id, handed from one
// evaluation of a program to the next: a module's 1000 functions each
// evaluate five programs of a few hundred predicates, and making them
// anew was a tenth of what the analysis allocated.
type evalScratch struct {
	rels      []*facts.Relation
	lo, hi    []uint32
	given     []uint32
	inStratum []bool
	// appendOnly is all false between evaluations: each stratum clears
	// what it set.
	appendOnly []bool
	fresh      []int
}

type evaluator struct {
	prog      *Program
	db        *facts.DB
	syms      *facts.Symbols
	rels      []*facts.Relation // by predicate id
	vals      []facts.Value     // the constant pool, interned (Program.constants; read only)
	lo, hi    []uint32          // per predicate of the stratum: delta is [lo, hi) this round
	given     []uint32          // per predicate: its facts before the rules ran, for LimitError
	inStratum []bool
	negated   []bool // by predicate id: read in a negation (planCache.negated)
	// appendOnly marks, by predicate id, the relations of the strata
	// running whose facts are appended with no duplicate check: derived
	// with no duplicates, and empty when their stratum started.
	appendOnly []bool
	ctx        context.Context
	done       <-chan struct{}
	maxFacts   int
	input      int // facts the evaluation started from
	ticks      uint32
	stats      Stats
	workers    int                 // Options.Workers
	runners    map[variant]*runner // built from static plans, reused
	rule       *rule               // being evaluated, for error messages
	fresh      []int               // predicates whose relations were empty at the start
	release    *releaser           // nil unless Options.Release
	// shared is what the goroutines of the evaluation share: strata and
	// the chunks of split joins may run at once (see strata, split).
	shared *evalState
}

// evalState is the state of an evaluation that its goroutines share.
type evalState struct {
	spent  atomic.Int64 // facts charged to the budget
	failed atomic.Bool  // an error is set: every goroutine stops
	first  FirstError
	// held are the head-tuple buffers of split joins, reused from one
	// join to the next: a large join holds millions of values, and fresh
	// buffers for each would be most of what an evaluation allocates.
	held tupleBuffers
}

// tupleBuffers is a free list of value buffers, safe for concurrent use.
type tupleBuffers struct {
	mu   sync.Mutex
	free [][]facts.Value
}

// get returns an empty buffer, with room from an earlier use if any.
func (b *tupleBuffers) get() []facts.Value {
	b.mu.Lock()
	defer b.mu.Unlock()
	if k := len(b.free); k > 0 {
		buf := b.free[k-1]
		b.free = b.free[:k-1]
		return buf[:0]
	}
	return nil
}

// put returns buf for a later get.
func (b *tupleBuffers) put(buf []facts.Value) {
	if cap(buf) == 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.free = append(b.free, buf)
}

// setError keeps err if it is the first, and stops the evaluation.
func (s *evalState) setError(err error) {
	s.first.Set(err)
	s.failed.Store(true)
}

func (s *evalState) error() error { return s.first.Get() }

// FirstError keeps the first error among goroutines that evaluate
// programs: the evaluator's own, and a driver's that evaluates many DBs
// at once.
type FirstError struct {
	mu  sync.Mutex
	err error
}

// set keeps err if it is the first, or if the first was the bare error of
// a context that ended and err is the LimitError of an evaluation that
// noticed it, which names the clause it stopped in.
func (f *FirstError) Set(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var le *LimitError
	if f.err == nil || (f.err == context.Canceled || f.err == context.DeadlineExceeded) && errors.As(err, &le) {
		f.err = err
	}
}

func (f *FirstError) Get() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// newEvaluator readies an evaluation of p over db that reads and derives
// the predicates preds: their relations are created in db where missing.
func newEvaluator(p *Program, db *facts.DB, ctx context.Context, opt Options, preds []int) *evaluator {
	ev := &evaluator{prog: p, db: db, syms: db.Symbols(), ctx: ctx, done: ctx.Done(), maxFacts: opt.MaxFacts, workers: opt.Workers, shared: new(evalState)}
	if s, ok := p.planned.scratch.Get().(*evalScratch); ok {
		// Only the relations need clearing: an evaluation leaves no
		// predicate in a stratum, and sets the round bounds of each
		// stratum's predicates as the stratum starts.
		clear(s.rels)
		ev.rels, ev.lo, ev.hi, ev.given, ev.inStratum, ev.appendOnly, ev.fresh = s.rels, s.lo, s.hi, s.given, s.inStratum, s.appendOnly, s.fresh[:0]
	} else {
		ev.rels, ev.lo, ev.hi, ev.given, ev.inStratum, ev.appendOnly = make([]*facts.Relation, len(p.preds)), make([]uint32, len(p.preds)),
			make([]uint32, len(p.preds)), make([]uint32, len(p.preds)), make([]bool, len(p.preds)), make([]bool, len(p.preds))
	}
	if runners, ok := p.planned.runners.Get().(map[variant]*runner); ok {
		ev.runners = runners
	} else {
		ev.runners = map[variant]*runner{}
	}
	for _, id := range preds {
		pr := p.preds[id]
		r := db.RelationOf(pr.fact)
		if r.Columns() == nil {
			r.SetColumns(pr.columns...)
		}
		if r.Len() == 0 {
			ev.fresh = append(ev.fresh, id)
		}
		ev.rels[id] = r
		ev.given[id] = uint32(r.Len())
		ev.input += r.Len()
	}
	// A relation derived with no duplicates gets no duplicate set.
	distinct := p.planned.distinct[planIndex(opt.Reference)]
	rates := p.planned.derivedRates(len(p.preds))
	for _, id := range ev.fresh {
		switch n := rates.expect(id, ev.input); {
		case n == 0:
		case distinct != nil && distinct[id]:
			ev.rels[id].ReserveDistinct(n)
		default:
			ev.rels[id].Reserve(n)
		}
	}
	if ev.maxFacts == 0 {
		ev.maxFacts = DefaultMaxFacts(ev.input)
	}
	ev.vals = p.constants(ev.syms)
	return ev
}

// loadFacts adds the facts written in the rule files (not counted as
// derived).
func (ev *evaluator) loadFacts() bool {
	for _, r := range ev.prog.facts {
		ev.rule = r
		run := ev.newRunner(r, nil)
		for i := range run.head {
			v, ok := run.value(&run.head[i])
			if !ok {
				return false
			}
			run.headbuf[i] = v
		}
		if run.headRel.Add(run.headbuf) {
			ev.given[r.head]++
		}
	}
	return true
}

// parallelRows is the least number of facts a DB must hold for its
// strata to be evaluated at once: below it, a stratum takes a few
// microseconds and handing it to another goroutine costs more. Tests
// lower it.
var parallelRows = 1 << 15

// StrataAtOnce reports whether a DB of n facts is large enough for
// Eval with several workers to evaluate independent strata at once: a
// driver that evaluates many DBs lets such a DB have the workers.
func StrataAtOnce(n int) bool { return n >= parallelRows }

// strata evaluates the strata of a plan: in order, or, on a large DB
// with several workers, each as soon as the strata it reads are done, up
// to workers at once. Strata that run at once derive different
// predicates and read none of each other's, so they touch the DB's
// relations apart: each adds only to its own, and reads only relations
// that are complete. Each goroutine has an evaluator of its own (fork).
func (ev *evaluator) strata(strata []stratum) {
	if ev.workers < 2 || len(strata) < 2 || ev.rows() < parallelRows {
		for i := range strata {
			if !ev.stratum(&strata[i]) {
				return
			}
			ev.seal(&strata[i])
			ev.release.done(&strata[i])
		}
		return
	}
	waiting := make([]int, len(strata)) // strata each one still waits for
	waitedBy := make([][]int, len(strata))
	ready := make(chan int, len(strata))
	for i := range strata {
		waiting[i] = len(strata[i].waits)
		for _, j := range strata[i].waits {
			waitedBy[j] = append(waitedBy[j], i)
		}
		if waiting[i] == 0 {
			ready <- i
		}
	}
	var (
		mu     sync.Mutex // guards waiting, left and ready's closing
		left   = len(strata)
		wg     sync.WaitGroup
		forked = make([]*evaluator, ev.workers)
	)
	for w := range forked {
		fev := ev.fork()
		forked[w] = fev
		wg.Go(func() {
			for i := range ready {
				if fev.shared.failed.Load() {
					continue // drained after a failure
				}
				ok := fev.stratum(&strata[i])
				if ok {
					fev.seal(&strata[i])
					fev.release.done(&strata[i])
				}
				mu.Lock()
				switch {
				case left == 0: // closed after a failure
				case !ok:
					left = 0
					close(ready)
				default:
					left--
					for _, j := range waitedBy[i] {
						if waiting[j]--; waiting[j] == 0 {
							ready <- j
						}
					}
					if left == 0 {
						close(ready)
					}
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	for _, fev := range forked {
		ev.stats.Derived += fev.stats.Derived
		ev.stats.Rounds += fev.stats.Rounds
		maps.Copy(ev.runners, fev.runners)
	}
}

// rows counts the facts of the relations the evaluation reads and
// derives.
func (ev *evaluator) rows() int {
	n := 0
	for _, r := range ev.rels {
		if r != nil {
			n += r.Len()
		}
	}
	return n
}

// fork returns an evaluator for another goroutine of this evaluation: it
// shares the DB's relations, the round bounds (each stratum sets those
// of its own predicates) and the evaluation's state, and has its own
// runners, statistics and clause being evaluated.
func (ev *evaluator) fork() *evaluator {
	f := *ev
	f.runners = map[variant]*runner{}
	f.stats = Stats{}
	f.ticks = 0
	f.rule = nil
	return &f
}

// stratum evaluates one stratum to its fixpoint. Aggregations run first:
// stratification puts everything they read in lower strata. Then a first
// pass runs every rule over everything; after that, round by round, each
// rule runs once per atom of this stratum in its body, with that atom
// reading only the facts new in the last round (the delta), the atoms of
// this stratum before it reading only older facts, and those after it
// reading all facts up to the round's start. Every combination of facts
// with at least one new fact is thus joined exactly once, which keeps
// non-linear and mutual recursion complete. Facts derived during a round
// are added in batches during the round but only read from the next.
func (ev *evaluator) stratum(s *stratum) bool {
	for _, id := range s.preds {
		ev.inStratum[id] = true
		ev.lo[id], ev.hi[id] = 0, uint32(ev.rels[id].Len())
	}
	for _, id := range s.distinct {
		ev.appendOnly[id] = ev.rels[id].Len() == 0
	}
	defer func() {
		for _, id := range s.preds {
			ev.inStratum[id] = false
			ev.appendOnly[id] = false
		}
	}()
	ev.stamp(s)
	for _, c := range s.compute {
		if !ev.compute(c) {
			return false
		}
	}
	for _, r := range s.rules {
		if r.agg != nil && !ev.aggregate(r) {
			return false
		}
	}
	for _, id := range s.preds {
		ev.hi[id] = uint32(ev.rels[id].Len())
	}
	ev.stamp(s)
	for _, r := range s.rules {
		if r.agg == nil && !ev.runRule(r, -1) {
			return false
		}
	}
	if !s.recursive {
		return true
	}
	for {
		grew := false
		for _, id := range s.preds {
			ev.lo[id], ev.hi[id] = ev.hi[id], uint32(ev.rels[id].Len())
			grew = grew || ev.hi[id] > ev.lo[id]
		}
		if !grew {
			return true
		}
		// A round's runners count their own steps, and one that is built
		// anew each round never counts enough to poll: rules deriving a
		// fact or two a round, for ever, are stopped here.
		if !ev.tick() {
			return false
		}
		ev.stats.Rounds++
		ev.stamp(s)
		for _, r := range s.rules {
			if r.agg != nil {
				continue
			}
			for i, l := range r.body {
				if l.kind == litAtom && ev.inStratum[l.pred] && ev.hi[l.pred] > ev.lo[l.pred] && !ev.runRule(r, i) {
					return false
				}
			}
		}
	}
}

// sealGiven seals the relations that the evaluation reads and no stratum
// of it adds to (see seal): facts extracted from the IR, and those derived
// by earlier evaluations.
func (ev *evaluator) sealGiven(strata []stratum) {
	for i := range strata {
		for _, id := range strata[i].preds {
			ev.inStratum[id] = true
		}
	}
	for id, r := range ev.rels {
		if r != nil && !ev.inStratum[id] && !ev.negated[id] {
			r.Seal()
		}
	}
	clear(ev.inStratum)
}

// seal lets go of the duplicate sets of the relations s derived
// (facts.Relation.Seal): no rule adds to them any more, and the strata
// after it read them through indexes. Those read in a negation keep
// theirs; another lookup of a whole tuple builds the set again.
func (ev *evaluator) seal(s *stratum) {
	for _, id := range s.preds {
		if !ev.negated[id] {
			ev.rels[id].Seal()
		}
	}
}

// stamp starts a phase of s (its computations and aggregations, its
// first pass, or a round): the rows its relations gain until the next
// phase are stamped with a new time of the DB's clock. A phase reads only
// rows of earlier phases, so the premises of each derived fact are older
// than it, which Program.Why relies on to find well-founded derivations.
func (ev *evaluator) stamp(s *stratum) {
	t := ev.db.Tick()
	for _, id := range s.preds {
		ev.rels[id].Stamp(t)
	}
}

// estimate is how many of rows (a range of l's relation) the atom l is
// expected to match when cols are bound: all of them when none is bound,
// at most one when all are, exactly as many as hold the key when every
// bound column is a constant (op(X, "scf.if") in a program that has
// none: nothing, and a plan that starts there costs nothing; counted on
// the index a lookup of that key reads, built if need be), and
// otherwise halfway between the rows per distinct key of cols and the
// rows of the commonest key, as Measure counts or sketches them (unless
// the relation is still growing in this stratum and has no index on
// cols). The mean alone hides skew: a function's entry block holds most
// of its ops, but the mean block holds a few.
func (ev *evaluator) estimate(l *literal, cols []int, rows int) float64 {
	rel := ev.rels[l.pred]
	switch {
	case len(cols) == 0 || rows == 0:
		return float64(rows)
	case len(cols) == rel.Arity():
		return min(float64(rows), 1)
	}
	if ev.inStratum[l.pred] && rel.FindIndex(cols) == nil {
		// A relation still growing would be sketched again each round:
		// guess instead.
		return min(float64(rows), math.Sqrt(float64(rel.Len())))
	}
	if key, ok := ev.constantKey(l, cols); ok {
		return float64(min(rows, rel.Count(cols, key)))
	}
	m := rel.Measure(cols)
	perKey := float64(rel.Len())/float64(max(1, m.Keys))/2 + float64(m.Longest)/2
	return min(float64(rows), perKey)
}

// constantKey returns the values of l's columns cols if they all are
// constants.
func (ev *evaluator) constantKey(l *literal, cols []int) ([]facts.Value, bool) {
	for _, c := range cols {
		if l.args[c].fn != fnConst {
			return nil, false
		}
	}
	key := make([]facts.Value, len(cols))
	for i, c := range cols {
		key[i] = ev.vals[l.args[c].konst]
	}
	return key, true
}

// bounds returns the rows atom lit of r reads when delta is the delta
// atom (-1: none). A relation of a lower stratum is complete: all of it.
// Only the stratum's own relations have round bounds (lo, hi), so that a
// stratum's start costs nothing per relation of the program.
func (ev *evaluator) bounds(r *rule, lit, delta int) (uint32, uint32) {
	p := r.body[lit].pred
	switch {
	case !ev.inStratum[p]:
		return 0, uint32(ev.rels[p].Len())
	case delta < 0 || lit > delta:
		return 0, ev.hi[p]
	case lit == delta:
		return ev.lo[p], ev.hi[p]
	default:
		return 0, ev.lo[p]
	}
}

func (ev *evaluator) runRule(r *rule, delta int) bool {
	ev.rule = r
	order, static, empty, ok := ev.plan(r, delta)
	if !ok || empty {
		return ok
	}
	if static {
		// A static plan gives the same steps each time this variant runs:
		// only the row ranges of its atoms change between rounds.
		key := variant{r, delta}
		run := ev.runners[key]
		if run == nil {
			run = ev.newRunner(r, ev.build(r, order, delta))
			ev.runners[key] = run
		} else {
			ev.refresh(run, r, delta)
		}
		return run.join()
	}
	return ev.newRunner(r, ev.build(r, order, delta)).join()
}

// variant is one way a rule runs: its first pass (delta -1) or a round
// with body atom delta reading only new facts.
type variant struct {
	r     *rule
	delta int
}

// plan returns the join order of r's variant delta: the plan compiled
// without estimates when every input is small, else one planned with the
// sizes at hand (see largeInputRows); static reports the former. empty reports that a positive atom
// has no rows to read, so the body has no solution and no plan is made:
// small DBs would mostly spend their time planning such rules. ok is
// false after an error.
func (ev *evaluator) plan(r *rule, delta int) (order []planItem, static, empty, ok bool) {
	largest := 0
	for i, l := range r.body {
		if l.kind != litAtom {
			continue
		}
		lo, hi := ev.bounds(r, i, delta)
		if lo == hi {
			return nil, false, true, true
		}
		largest = max(largest, int(hi-lo), ev.rels[l.pred].Len())
	}
	if largest < largeInputRows {
		return r.static[delta+1], true, false, true
	}
	order, perr := planOrder(r, delta, func(lit int, cols []int) float64 {
		lo, hi := ev.bounds(r, lit, delta)
		return ev.estimate(&r.body[lit], cols, int(hi-lo))
	})
	if perr != nil {
		return nil, false, false, ev.fail(nil, "%s", perr.msg)
	}
	return order, false, false, true
}

// aggregate evaluates a do-transform rule: it collects the distinct
// bindings of the body's variables (wildcards included, see doc.go),
// groups them by comparing the group_by values, reduces each group, and
// adds one head fact per group. A body of one atom with a distinct
// variable in every column has for distinct bindings the atom's facts
// themselves, in their order: those are grouped where they are.
func (ev *evaluator) aggregate(r *rule) bool {
	ev.rule = r
	var run *runner
	rows, col := ev.factsAsBindings(r)
	if rows != nil {
		run = ev.newRunner(r, nil)
		if !ev.spend(rows.Len()) {
			return false
		}
	} else {
		order, _, empty, ok := ev.plan(r, -1)
		if !ok || empty {
			return ok
		}
		run = ev.newRunner(r, ev.build(r, order, -1))
		run.collect = facts.NewRelation("", r.nbody)
		if !run.run(0) {
			return false
		}
		rows, col = run.collect, make([]int, r.nbody)
		for i := range col {
			col[i] = i
		}
	}
	keyCols := make([]int, len(r.agg.keys))
	for i, s := range r.agg.keys {
		keyCols[i] = col[s]
	}
	groups := rows.Index(keyCols)
	key := make([]facts.Value, len(r.agg.keys))
	exprs := make([]expr, len(r.agg.stmts))
	for j, st := range r.agg.stmts {
		exprs[j] = ev.resolve(st.expr)
	}
	for id := uint32(0); id < uint32(rows.Len()); id++ {
		for i, c := range keyCols {
			key[i] = rows.At(id, c)
		}
		if groups.First(key) != id {
			continue // each group is reduced once, at its newest row
		}
		for i, s := range r.agg.keys {
			run.slots[s] = key[i]
		}
		for j := range r.agg.stmts {
			st := &r.agg.stmts[j]
			var v facts.Value
			var ok bool
			if st.reducer == reduceNone {
				v, ok = run.value(&exprs[j])
			} else {
				arg := -1 // fn:count reads no column
				if st.reducer != reduceCount {
					arg = col[st.arg]
				}
				v, ok = run.reduce(st, rows, arg, groups, id)
			}
			if !ok {
				return false
			}
			run.slots[st.out] = v
		}
		if !run.emitHead() {
			return false
		}
	}
	return run.flush()
}

// factsAsBindings returns the relation of r's body when that is one atom
// with a distinct variable in every column, and the column of each body
// variable; else nil.
func (ev *evaluator) factsAsBindings(r *rule) (*facts.Relation, []int) {
	if len(r.body) != 1 || r.body[0].kind != litAtom || len(r.lets) > 0 || len(r.body[0].args) != r.nbody {
		return nil, nil
	}
	col := make([]int, r.nbody)
	seen := make([]bool, r.nbody)
	for c, a := range r.body[0].args {
		if a.fn != fnVar || a.slot >= r.nbody || seen[a.slot] {
			return nil, nil
		}
		seen[a.slot], col[a.slot] = true, c
	}
	return ev.rels[r.body[0].pred], col
}

// tick counts work and polls the context now and then.
func (ev *evaluator) tick() bool { return ev.poll(&ev.ticks) }

// poll counts a step on ticks and, every few thousand steps, checks
// whether the evaluation was stopped. It is small enough to be inlined
// into the join loop, which calls it for every binding.
func (ev *evaluator) poll(ticks *uint32) bool {
	*ticks++
	return *ticks&0xFFF != 0 || ev.goesOn()
}

// goesOn is poll's check: false once the evaluation failed or its
// context is done.
func (ev *evaluator) goesOn() bool {
	if ev.shared.failed.Load() {
		return false
	}
	if ev.done == nil {
		return true
	}
	select {
	case <-ev.done:
		return ev.stop(ev.ctx.Err())
	default:
		return true
	}
}

// spend charges n facts (derived, or grouped by an aggregation) to the
// budget.
func (ev *evaluator) spend(n int) bool {
	if ev.shared.spent.Add(int64(n)) > int64(ev.maxFacts) {
		return ev.stop(ErrBudget)
	}
	return true
}

// LimitError is the error of an evaluation that its budget
// (Options.MaxFacts) or its context (a deadline) stopped. It names the
// clause being evaluated, whose head is most often the relation that
// grows without end, and how many facts of that head were derived.
type LimitError struct {
	Err    error // ErrBudget, or the context's error
	Budget int   // the budget, for ErrBudget
	// Clause is where the clause being evaluated starts, FILE:LINE, and
	// Head its head predicate, NAME/ARITY, of which the evaluation
	// derived Derived facts; Clause is "" when none was.
	Clause  string
	Head    string
	Derived int
}

// Unwrap returns the cause.
func (e *LimitError) Unwrap() error { return e.Err }

func (e *LimitError) Error() string {
	if errors.Is(e.Err, ErrBudget) {
		return fmt.Sprintf("evaluation exceeded the budget of %d derived facts%s", e.Budget, e.Culprit())
	}
	return fmt.Sprintf("evaluation stopped: %v%s", e.Err, e.Culprit())
}

// Culprit is the part of the message that names the clause: " (rule
// FILE:LINE derived N facts of NAME/ARITY)", or "".
func (e *LimitError) Culprit() string {
	if e.Clause == "" {
		return ""
	}
	return fmt.Sprintf(" (rule %s derived %d facts of %s)", e.Clause, e.Derived, e.Head)
}

// stop records that the evaluation's limits stopped it, and returns false.
func (ev *evaluator) stop(cause error) bool {
	e := &LimitError{Err: cause, Budget: ev.maxFacts}
	if r := ev.rule; r != nil {
		e.Clause = ev.prog.sources[r.ref.src].Name
		if at, ok := ev.prog.clauseStart(r.ref.src, r.ref.index); ok {
			e.Clause += ":" + strconv.Itoa(at.line)
		}
		sym := ev.prog.preds[r.head].sym
		e.Head = sym.Symbol + "/" + strconv.Itoa(sym.Arity)
		e.Derived = ev.rels[r.head].Len() - int(ev.given[r.head])
	}
	ev.shared.setError(e)
	return false
}

// fail records an error naming the current clause, and returns false.
func (ev *evaluator) fail(cause error, format string, args ...any) bool {
	msg := fmt.Sprintf(format, args...)
	if cause != nil {
		msg += ": " + cause.Error()
	}
	e := &Error{Msg: msg, Err: cause}
	if r := ev.rule; r != nil {
		e.File = ev.prog.sources[r.ref.src].Name
		if at, ok := ev.prog.clauseStart(r.ref.src, r.ref.index); ok {
			e.Line, e.Col = at.line, at.col
		}
		e.Msg += " (in " + r.text() + ")"
	}
	ev.shared.setError(e)
	return false
}
