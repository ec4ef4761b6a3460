package driver

import (
	"context"
	"maps"
	"slices"
	"sync"

	"bufferlog/facts"
	"bufferlog/internal/parallel"
	"bufferlog/rewrite"
	"bufferlog/rules/contract"
	"bufferlog/solve"
)

// summaryPredicates are the facts a function's analysis gives its call
// sites (rules/decisions.mg and inplace*.mg), and the annotations on its
// arguments that call sites of an unanalyzed function read instead. A
// fact the caller derives for itself too goes by another name there, so
// that the caller's rules never read their own conclusions about it.
var summaryPredicates = []summaryPredicate{
	{contract.Analyzed, nil}, {contract.FuncArgRead, nil}, {contract.FuncArgWrittenAfter, contract.CalleeArgWritten},
	{contract.FuncResultAlias, contract.CalleeResultAlias}, {contract.FuncResultEquivalent, contract.CalleeResultEquivalent},
	{contract.FuncResultReadOnly, contract.CalleeResultReadOnly}, {contract.FuncResultsAlias, contract.CalleeResultsAlias},
	{facts.ArgAccess, nil},
}

// summaryPredicate is a predicate of a function's summary, and the one
// its call sites read it by if another.
type summaryPredicate struct{ of, as contract.Handle }

// given is the predicate the call sites read.
func (s summaryPredicate) given() contract.Handle {
	if s.as != nil {
		return s.as
	}
	return s.of
}

// splitSummaries parts the summary predicates into those that a
// caller's decisions read (handed) and the others (late), which only what
// it derives after them reads. If deriving the handed ones after the
// decisions would read a late one of the callees, none is late.
func splitSummaries(prog *solve.Program) (handed, late []string) {
	decisions := prog.Restrict(DecidePredicates()...)
	for _, s := range summaryPredicates {
		if decisions.Needs(s.given().Name()) {
			handed = append(handed, s.of.Name())
		} else {
			late = append(late, s.of.Name())
		}
	}
	first := prog.Restrict(handed...)
	for _, s := range summaryPredicates {
		if slices.Contains(late, s.of.Name()) && first.Needs(s.given().Name()) {
			return slices.Concat(handed, late), nil
		}
	}
	return handed, late
}

// calleeSummaries names the facts a part receives from its callees, as it
// reads them.
func calleeSummaries() []string {
	var names []string
	for _, s := range summaryPredicates {
		names = append(names, s.given().Name())
	}
	return names
}

// ModuleParts is a module split into parts (see extract.Functions) as
// AnalyzeParts takes it: the call graph at once, the facts of each part
// on demand, so that the analysis of the first parts need not wait for
// the others to be extracted, nor all parts be held at once.
type ModuleParts struct {
	// Funcs[i] are the functions of part i (the first column of its func
	// facts) and Calls[i] the functions its calls call (the second column
	// of its call facts), in the order of those facts.
	Funcs, Calls [][]int64
	// Part returns the facts of part i. AnalyzeParts calls it at most once
	// per part, a few parts ahead of the part's analysis, for several
	// parts at once; an error ends the analysis, which returns it.
	Part func(i int) (*facts.DB, error)
	// Done, if set, hears of each part once its decisions and the facts
	// of after are derived, before the rest of its facts are dropped: on
	// the goroutine that derived them, for several parts at once, in no
	// fixed order. A caller that prints a function as soon as it is final
	// (bufferize --analysis-only) does so there.
	Done func(i int, db *facts.DB, dec *rewrite.Decisions)
	// Decided, if set, hears of each part as soon as its decisions are
	// taken and the facts that only they read are let go (a function's
	// largest relations), before what follows them is derived: on the
	// goroutine that took them, for several parts at once.
	Decided func(i int)
}

// PartsOf gives parts already extracted as AnalyzeParts takes them, with
// the call graph of their func and call facts.
func PartsOf(parts []*facts.DB) ModuleParts {
	m := ModuleParts{Funcs: make([][]int64, len(parts)), Calls: make([][]int64, len(parts)),
		Part: func(i int) (*facts.DB, error) { return parts[i], nil }}
	for i, db := range parts {
		m.Funcs[i] = column(contract.Lookup(db, facts.Func), 0)
		m.Calls[i] = column(contract.Lookup(db, facts.Call), 1)
	}
	return m
}

// column returns column c of every row of r (nil if r is), in row order.
func column(r *facts.Relation, c int) []int64 {
	if r == nil {
		return nil
	}
	out := make([]int64, r.Len())
	for id := range uint32(r.Len()) {
		out[id] = r.At(id, c).Int()
	}
	return out
}

// AnalyzeModule is AnalyzeParts on parts already extracted.
func AnalyzeModule(ctx context.Context, a Analysis, parts []*facts.DB, after ...string) (*rewrite.Decisions, error) {
	return AnalyzeParts(ctx, a, PartsOf(parts), after...)
}

// AnalyzeParts runs the in-place analysis on a module split into parts,
// as One-Shot Bufferize's module analysis does: callees before callers,
// so that a call site reads and writes what the callee's decisions make
// it read and write. Parts whose callees are all done are analyzed
// together, up to a.Workers at once: each gets the summary facts of its
// callees, then runs Analyze, then is marked analyzed. Functions of a
// call cycle see each other as unanalyzed (read, write and alias
// everything). after names the predicates to derive once a part's
// decisions are taken; the summary predicates always are. Each part
// keeps only those, the decisions and the call graph: the rest of its
// facts are dropped once it is analyzed. Each part is fetched (m.Part)
// shortly before its analysis, on the goroutines of the early phase. The
// summaries a caller's decisions do not read (splitSummaries: the
// equivalence of results to arguments) are derived behind the callers'
// decisions, and given to each caller before it derives its own.
func AnalyzeParts(ctx context.Context, a Analysis, m ModuleParts, after ...string) (*rewrite.Decisions, error) {
	prog, opt, workers := a.Program, a.Limits, a.Workers
	funcPart := map[int64]int{} // func op -> part
	for i, funcs := range m.Funcs {
		for _, f := range funcs {
			funcPart[f] = i
		}
	}
	partFuncs := m.Funcs
	callees := make([][]int, len(partFuncs))
	var edges [][2]int64 // caller function, callee function
	for i, calls := range m.Calls {
		for _, g := range calls {
			if q, ok := funcPart[g]; ok && q != i && !slices.Contains(callees[i], q) {
				callees[i] = append(callees[i], q)
			}
			// Functions are isolated from above: a part with a function
			// holds just that one, and it makes the part's calls.
			for _, f := range partFuncs[i] {
				edges = append(edges, [2]int64{f, g})
			}
		}
	}
	cycleCalls := cycleCalls(callees, funcPart, edges)
	load := func(i int) (*facts.DB, error) {
		db, err := m.Part(i)
		if err == nil && len(cycleCalls[i]) > 0 {
			r := contract.ModuleCalls.In(db)
			for _, e := range cycleCalls[i] {
				r.Add([]facts.Value{facts.Number(e[0]), facts.Number(e[1])})
			}
		}
		return db, err
	}
	var names []string
	for _, s := range summaryPredicates {
		names = append(names, s.of.Name())
	}
	kept := slices.Concat(after, names, DriverPredicates(), contract.Names(facts.Call, facts.Func, facts.FuncExternal))
	// What the callers read is derived first; the rest of after is
	// derived from it (see below). Of that, what their decisions read is
	// derived right after the part's decisions and handed on at once; the
	// late summaries, which only what callers derive after their own
	// decisions reads, are derived behind them.
	handed, late := splitSummaries(prog)
	analysis := newPhases(prog, handed)
	derived := analysis.after
	var lateSummaries *solve.Program
	if len(late) > 0 {
		lateSummaries = prog.Restrict(late...).DerivedBy(analysis.after, nil)
		derived = lateSummaries
	}
	rest := prog.Restrict(after...).DerivedBy(derived, nil)
	// After the decisions a part's own functions are marked analyzed:
	// only what reads that is derived again.
	summaries := prog.Restrict(names...).DerivedBy(derived, contract.Names(contract.Analyzed))
	// Each evaluation lets a relation go once its last stratum reading it
	// is done, unless something after reads it: the caller, the policy,
	// or a later phase (for the early phase, the rest of the decisions'
	// program too). A large function's analysis otherwise holds every
	// relation of every phase at once. Once a part's decisions are
	// taken, the policy's inputs go too, but for what addBytes reads
	// (decided).
	decided := map[string]bool{}
	for _, name := range slices.Concat(kept, costInputs()) {
		decided[name] = true
	}
	for _, q := range []*solve.Program{analysis.after, lateSummaries, rest, summaries} {
		if q != nil {
			maps.Copy(decided, q.Needed())
		}
	}
	analysis.decided = func(name string) bool { return decided[name] }
	later := maps.Clone(decided)
	for _, name := range policyInputs() {
		later[name] = true
	}
	a.Limits.Release = func(name string) bool { return !later[name] }
	opt = a.Limits
	beforeDecide, decideNeeds := a, analysis.decide.Needed()
	beforeDecide.Limits.Release = func(name string) bool { return !later[name] && !decideNeeds[name] }
	// When the rules read analyzed(F) only beside a call of F, marking the
	// functions of a part that calls none of them changes nothing it
	// derives: its summaries stand, and the rest of after may be derived
	// while its callers are analyzed.
	onlyAtCalls := summaries.JoinedOn(contract.Analyzed.Name(), 0, facts.Call.Name(), 1)
	levels := callLevels(callees)
	levelOf := make([]int, len(partFuncs))
	for l, level := range levels {
		for _, i := range level {
			levelOf[i] = l
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	early := runEarly(ctx, analysis.early, load, slices.Concat(levels...), beforeDecide)
	defer early.wait()
	defer cancel()
	var (
		results   = make([]*rewrite.Decisions, len(partFuncs))
		given     = make([]summary, len(partFuncs)) // what each part gives its callers' decisions
		lateGiven = make([]summary, len(partFuncs)) // and the rest of its summaries
		lateDone  = make([]chan struct{}, len(partFuncs))
		errs      solve.FirstError
		behind    sync.WaitGroup                         // the rest of after, derived beside the analysis
		room      = make(chan struct{}, max(1, workers)) // bounds what runs behind
	)
	for i := range lateDone {
		lateDone[i] = make(chan struct{})
	}
	// deriveLate derives part i's late summaries, once its callees have
	// given theirs.
	deriveLate := func(i int, db *facts.DB) error {
		if lateSummaries == nil {
			return nil
		}
		for _, q := range callees[i] {
			if levelOf[q] >= levelOf[i] {
				continue // a callee of the same call cycle (see analyze)
			}
			select {
			case <-lateDone[q]:
			case <-ctx.Done():
				return ctx.Err()
			}
			lateGiven[q].addTo(db)
		}
		_, err := lateSummaries.Eval(ctx, db, opt)
		return err
	}
	// handLate hands part i's late summaries on to its callers.
	handLate := func(i int, db *facts.DB) {
		lateGiven[i] = summaryOf(db, partFuncs[i], late)
		close(lateDone[i])
	}
	// finish derives the rest of after on part i and the Bytes of its
	// decisions and tells m.Done.
	finish := func(i int, db *facts.DB, dec *rewrite.Decisions) error {
		addBytes(dec, db)
		_, err := rest.Eval(ctx, db, opt)
		if err == nil && m.Done != nil {
			m.Done(i, db, dec)
		}
		return err
	}
	// drop lets go of every fact of a finished part that neither the
	// callers nor the caller of AnalyzeParts read: a module's facts need
	// not all fit in memory at once, and the next parts' relations reuse
	// their storage (facts.DB.Recycle). Nothing reads the part's other
	// relations after: the callers have copies of its summaries
	// (summaryOf).
	drop := func(db *facts.DB) {
		db.Recycle(func(name string) bool { return slices.Contains(kept, name) })
	}
	analyze := func(i int) {
		db, err := early.result(i)
		var dec *rewrite.Decisions
		if err == nil {
			for _, q := range callees[i] {
				// A callee of the same call cycle, not analyzed before
				// this part, has no summary to give.
				if levelOf[q] < levelOf[i] {
					given[q].addTo(db)
				}
			}
			first := analysis.decide
			if early.whole[i] {
				first = analysis.all
			}
			var decided func()
			if m.Decided != nil {
				decided = func() { m.Decided(i) }
			}
			dec, err = analysis.finish(ctx, db, a, first, decided)
		}
		results[i] = dec
		switch {
		case err != nil:
			close(lateDone[i])
		case onlyAtCalls && !callsAny(db, partFuncs[i]):
			markAnalyzed(db)
			given[i] = summaryOf(db, partFuncs[i], handed)
			room <- struct{}{}
			behind.Go(func() {
				err := deriveLate(i, db)
				handLate(i, db)
				if err == nil {
					err = finish(i, db, dec)
				}
				drop(db)
				errs.Set(err)
				<-room
			})
		default:
			// Recursion: what is derived after the decisions must see
			// the part's functions unanalyzed, as the decisions did, and
			// the summaries analyzed, derived from all the part's facts.
			if err = deriveLate(i, db); err == nil {
				err = finish(i, db, dec)
			}
			if err == nil {
				markAnalyzed(db)
				_, err = summaries.Eval(ctx, db, opt)
			}
			given[i] = summaryOf(db, partFuncs[i], handed)
			handLate(i, db)
			drop(db)
		}
		errs.Set(err)
		early.finished()
	}
	for _, level := range levels {
		// parallel.For takes parts on this goroutine too: on a chain of
		// calls, where each level is one part, handing each to another
		// goroutine and waiting for it cost more than 80 µs a level.
		parallel.For(len(level), workers, func(k int) { analyze(level[k]) })
		if errs.Get() != nil {
			break
		}
	}
	behind.Wait()
	if err := errs.Get(); err != nil {
		return nil, err
	}
	// Sized at once: growing a list of every operand of the module by
	// appending took up to 70 ms of copying and the collections it set off.
	nList, nInPlace := 0, 0
	for _, d := range results {
		if d != nil {
			nList, nInPlace = nList+len(d.List), nInPlace+len(d.InPlaceOperands)
		}
	}
	all := &rewrite.Decisions{List: make([]rewrite.Decision, 0, nList), InPlaceOperands: make([]rewrite.Operand, 0, nInPlace)}
	for _, d := range results {
		if d == nil {
			continue
		}
		all.List = append(all.List, d.List...)
		all.InPlaceOperands = append(all.InPlaceOperands, d.InPlaceOperands...)
	}
	// A part may hold top-level ops that are not next to each other (see
	// extract.Functions): the parts' ids need not ascend.
	slices.SortFunc(all.InPlaceOperands, rewrite.Operand.Compare)
	return all, nil
}

// earlyPhase fetches a module's parts and evaluates their early phase
// (see phases) ahead of their analysis: it reads nothing the callees
// give, so the parts need not wait for their callees, and on a chain of
// calls, where the analysis takes one part at a time, it runs beside it,
// as does the fetching (the extraction) of the next parts.
type earlyPhase struct {
	done  []chan error  // per part: the early phase's result
	parts []*facts.DB   // per part, once fetched
	whole []bool        // parts whose early phase is left to their analysis
	ahead chan struct{} // a turn per part taken and not yet analyzed
	wg    sync.WaitGroup
}

// earlyLead bounds how many parts the early phase may run ahead of the
// analysis: each holds its facts until it is analyzed.
const earlyLead = 4

// runEarly starts taking the parts in the given order (every part once),
// on a.Workers goroutines, until ctx is done: it fetches each with load,
// then evaluates early on it unless the part is whole.
func runEarly(ctx context.Context, early *solve.Program, load func(i int) (*facts.DB, error), order []int, a Analysis) *earlyPhase {
	e := &earlyPhase{done: make([]chan error, len(order)), parts: make([]*facts.DB, len(order)), whole: make([]bool, len(order)), ahead: make(chan struct{}, earlyLead)}
	for i := range e.done {
		e.done[i] = make(chan error, 1)
	}
	feed := make(chan int)
	e.wg.Go(func() {
		defer close(feed)
		for k, i := range order {
			select {
			case e.ahead <- struct{}{}:
			case <-ctx.Done():
				e.skip(ctx, order[k:])
				return
			}
			select {
			case feed <- i:
			case <-ctx.Done():
				e.skip(ctx, order[k:])
				return
			}
		}
	})
	for range max(1, a.Workers) {
		e.wg.Go(func() {
			for i := range feed {
				e.done[i] <- e.take(ctx, early, load, i, a)
			}
		})
	}
	return e
}

// take fetches part i and evaluates early on it, unless the part is as
// large as a DB whose strata run at once: such a part is evaluated in one
// piece when its turn comes, its early strata beside the others, rather
// than ahead of it on one goroutine.
func (e *earlyPhase) take(ctx context.Context, early *solve.Program, load func(i int) (*facts.DB, error), i int, a Analysis) error {
	db, err := load(i)
	if err != nil {
		return err
	}
	e.parts[i] = db
	if e.whole[i] = a.Workers > 1 && solve.StrataAtOnce(factCount(db)); e.whole[i] {
		return nil
	}
	_, err = early.Eval(ctx, db, a.Limits)
	return err
}

// skip gives the parts that the early phase will not take, its context
// having ended, the context's error for their result.
func (e *earlyPhase) skip(ctx context.Context, parts []int) {
	for _, i := range parts {
		e.done[i] <- ctx.Err()
	}
}

// result waits for the early phase of part i and returns the part. Once
// the context ends, the evaluations notice it within a few thousand steps
// and skip gives the rest their error, so the wait is short; the error of
// an evaluation that noticed names the clause it stopped in.
func (e *earlyPhase) result(i int) (*facts.DB, error) {
	err := <-e.done[i]
	return e.parts[i], err
}

// finished tells that part i's analysis is over: the early phase may
// take another. A part the early phase never took (the context ended
// first) holds no turn, so none is waited for.
func (e *earlyPhase) finished() {
	select {
	case <-e.ahead:
	default:
	}
}

// wait waits for the early phase's goroutines to stop.
func (e *earlyPhase) wait() { e.wg.Wait() }

// callLevels groups parts by their depth in the call graph: level 0 calls
// no other part, level k only parts of lower levels. A call cycle is cut
// where the search meets it again.
func callLevels(callees [][]int) [][]int {
	level := make([]int, len(callees))
	state := make([]uint8, len(callees)) // 0 new, 1 on the search path, 2 done
	var visit func(i int) int
	visit = func(i int) int {
		switch state[i] {
		case 1:
			return -1
		case 2:
			return level[i]
		}
		state[i] = 1
		for _, q := range callees[i] {
			level[i] = max(level[i], visit(q)+1)
		}
		state[i] = 2
		return level[i]
	}
	var levels [][]int
	for i := range callees {
		l := visit(i)
		for len(levels) <= l {
			levels = append(levels, nil)
		}
		levels[l] = append(levels[l], i)
	}
	for _, l := range levels {
		slices.Sort(l)
	}
	return levels
}

// summary is what a part gives its callers: the summary facts of its
// functions, by the predicate the callers read them (summaryPredicates), not
// what it received of its own callees, which would pile up along chains
// of calls. It is copied out of the part's DB, which the rest of the
// analysis may still be writing.
type summary []summaryRelation

type summaryRelation struct {
	pred contract.Handle
	rows []facts.Value // row-major
}

// summaryOf takes the summary facts of funcs, the functions of db, of the
// named summary predicates.
func summaryOf(db *facts.DB, funcs []int64, names []string) summary {
	var out summary
	for _, s := range summaryPredicates {
		if !slices.Contains(names, s.of.Name()) {
			continue
		}
		src := contract.Lookup(db, s.of)
		if src == nil {
			continue
		}
		var rows []facts.Value
		for id := range uint32(src.Len()) {
			if slices.Contains(funcs, src.At(id, 0).Int()) {
				rows = src.AppendRow(rows, id)
			}
		}
		out = append(out, summaryRelation{s.given(), rows})
	}
	return out
}

// addTo adds the summary to a caller's DB.
func (s summary) addTo(db *facts.DB) {
	for _, rel := range s {
		db.Relation(rel.pred.Name(), rel.pred.Arity()).AddBatch(rel.rows)
	}
}

// markAnalyzed adds analyzed(F) for the functions with a body in db.
func markAnalyzed(db *facts.DB) {
	funcs, external := contract.Lookup(db, facts.Func), contract.Lookup(db, facts.FuncExternal)
	if funcs == nil {
		return
	}
	analyzed := contract.Analyzed.In(db)
	for id := range uint32(funcs.Len()) {
		f := funcs.At(id, 0)
		if external == nil || !external.Contains([]facts.Value{f}) {
			analyzed.Add([]facts.Value{f})
		}
	}
}

// factCount counts the facts of db.
func factCount(db *facts.DB) int {
	n := 0
	for _, r := range db.Relations() {
		n += r.Len()
	}
	return n
}

// callsAny reports whether db holds a call of one of funcs.
func callsAny(db *facts.DB, funcs []int64) bool {
	calls := contract.Lookup(db, facts.Call)
	if calls == nil {
		return false
	}
	for id := range uint32(calls.Len()) {
		if slices.Contains(funcs, calls.At(id, 1).Int()) {
			return true
		}
	}
	return false
}

// cycleCalls gives each part in a call cycle through other parts the
// calls between the functions of that cycle, to add as module_calls
// facts: each part holds only its own calls, and rules/decisions.mg
// derives in_call_cycle from both. The cycles are the strongly connected
// components of the parts' call graph.
func cycleCalls(callees [][]int, funcPart map[int64]int, edges [][2]int64) [][][2]int64 {
	comp := components(callees)
	members := map[int][]int{} // component -> its parts
	for i, c := range comp {
		members[c] = append(members[c], i)
	}
	given := make([][][2]int64, len(callees))
	for _, e := range edges {
		c := comp[funcPart[e[0]]]
		if len(members[c]) < 2 || comp[funcPart[e[1]]] != c {
			continue
		}
		for _, i := range members[c] {
			given[i] = append(given[i], e)
		}
	}
	return given
}

// components numbers the strongly connected components of a graph given
// as successor lists (Tarjan's algorithm).
func components(succ [][]int) []int {
	index, low, comp := make([]int, len(succ)), make([]int, len(succ)), make([]int, len(succ))
	onStack := make([]bool, len(succ))
	for i := range index {
		index[i], comp[i] = -1, -1
	}
	var stack []int
	next, ncomp := 0, 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range succ[v] {
			if index[w] < 0 {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp[w] = ncomp
				if w == v {
					break
				}
			}
			ncomp++
		}
	}
	for v := range succ {
		if index[v] < 0 {
			visit(v)
		}
	}
	return comp
}
