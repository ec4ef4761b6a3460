package solve

import (
	"context"
	"fmt"
	"slices"

	"bufferlog/facts"
)

// Order is the order in which Decide takes the ops of a function, as in
// One-Shot Bufferize's analysis heuristics.
type Order int

const (
	// BottomUp takes ops in reverse post-order (One-Shot's default): the
	// uses of a value are decided before its definition.
	BottomUp Order = iota
	// TopDown takes ops in post-order.
	TopDown
)

// Operand is tensor operand Index of op Op (ids of the fact schema).
type Operand struct{ Op, Index int64 }

// Decision is the verdict on one operand. An out-of-place operand gives
// the reason: a read-only buffer it would write, or the conflict that
// bufferizing it in place would have created.
type Decision struct {
	Operand
	InPlace  bool
	ReadOnly int64 // the read-only value, or -1
	// ReadOnlyValues are all the read-only values in place would write,
	// ascending, the first being ReadOnly.
	ReadOnlyValues []int64
	// Bytes is what copying the operand costs: its tensor's size if its
	// op reads it, else 0 (set by Analyze).
	Bytes int
	// Conflict, when set, is a raw_conflict fact (read op, read index,
	// write op, write index, definition) that would have held, or for a
	// write in a parallel region the write alone (Read is -1).
	Conflict *Conflict
	// Conflicts are all the raw_conflict facts that would have held, in
	// the order of the reads, then the writes (by op and operand), the
	// first being Conflict: which one MLIR names depends on the order of
	// its hash sets, so an explanation lists them all.
	Conflicts []Conflict
}

// Conflict names a read, a write and the definition between them.
type Conflict struct {
	Read, Write Operand
	Definition  int64
	Parallel    bool // the write races with parallel iterations
}

// Decisions are the verdicts on every tensor operand, in the order they
// were taken.
type Decisions struct {
	List    []Decision
	inPlace map[Operand]bool
}

// InPlace reports whether the operand bufferizes in place. Operands that
// were never decided (not tensors) report false.
func (d *Decisions) InPlace(o Operand) bool { return d.inPlace[o] }

// The relations Decide reads: what the in-place rules (rules/inplace.mg)
// derive, plus the schema's structure.
var decideInputs = []struct {
	name  string
	arity int
}{
	{"tensor_use", 3}, {"operand_alias", 3}, {"operand_writes", 2}, {"conflict_read", 2},
	{"raw_conflict", 5}, {"parallel_write_conflict", 2}, {"read_only_value", 1},
	{"must_inplace", 2}, {"parent_op", 2}, {"op", 2}, {"func", 2}, {"call", 2},
}

// DriverPredicates names the predicates whose facts the decision driver
// adds (declared in rules/decisions.mg): a program that needs them must
// run after the decisions, as Analyze and AnalyzeModule do.
func DriverPredicates() []string {
	return append(decisionPredicates(), "analyzed", "callee_arg_written", "callee_result_alias", "callee_result_equivalent",
		"module_calls")
}

// decisionPredicates are the facts Analyze adds between its two
// evaluations.
func decisionPredicates() []string {
	return []string{"inplace", "out_of_place", "blocked_by_conflict", "blocked_by_read_only", "blocked_by_parallel_write"}
}

// DecidePredicates names the derived predicates Decide reads, for
// restricting a program to what the decisions need.
func DecidePredicates() []string {
	var names []string
	for _, in := range decideInputs {
		names = append(names, in.name)
	}
	return names
}

// Decide takes One-Shot Bufferize's greedy decisions over the facts the
// in-place rules derived in db. Functions are taken callees first, the
// ops of each in the given order, and each op's tensor operands in order.
// An operand goes in place unless that would make a read-only value
// writable-through-an-alias or join a read and a write that raw_conflict
// says conflict, given the alias sets of the operands decided in place so
// far. Operands that must bufferize in place are in place from the start.
//
// The rules decide what conflicts; Decide only keeps the alias sets of
// the decisions taken (a union-find with member lists) and asks.
func Decide(db *facts.DB, order Order) (*Decisions, error) {
	return decideInOrder(db, order, nil)
}

// CopyBeforeWrite is the baseline that needs no conflict analysis, as
// One-Shot Bufferize's copy-before-write option: every operand that
// writes its buffer gets a buffer of its own, every other operand is in
// place (operands that must be in place are). Since no write ever
// reaches a buffer another value still holds, no conflict is left, which
// the rules check as for any policy.
func CopyBeforeWrite(db *facts.DB) (*Decisions, error) {
	d, rel := newDecider(db)
	d.mustInPlace(rel["must_inplace"])
	for _, op := range opOrder(rel["parent_op"], rel["op"], rel["func"], rel["call"], d.operandsOf, BottomUp) {
		for _, i := range d.operandsOf[op] {
			o := Operand{op, i}
			if d.out.inPlace[o] {
				continue
			}
			dec := Decision{Operand: o, ReadOnly: -1, InPlace: !d.has(d.writes, o.Op, o.Index)}
			d.out.List = append(d.out.List, dec)
			if dec.InPlace {
				d.bufferizeInPlace(o)
			}
		}
	}
	return d.out, nil
}

// decideInOrder is Decide with the operands, once listed in the given
// order, rearranged by arrange (if not nil) before they are decided.
func decideInOrder(db *facts.DB, order Order, arrange func([]Operand)) (*Decisions, error) {
	d, rel := newDecider(db)
	d.mustInPlace(rel["must_inplace"])
	var ops []Operand
	for _, op := range opOrder(rel["parent_op"], rel["op"], rel["func"], rel["call"], d.operandsOf, order) {
		for _, i := range d.operandsOf[op] {
			if o := (Operand{op, i}); !d.out.inPlace[o] {
				ops = append(ops, o)
			}
		}
	}
	if arrange != nil {
		arrange(ops)
	}
	for _, o := range ops {
		dec := d.decide(o)
		d.out.List = append(d.out.List, dec)
		if dec.InPlace {
			d.bufferizeInPlace(o)
		}
	}
	return d.out, nil
}

// newDecider loads the relations Decide reads (an absent one has no
// facts, e.g. no calls) and returns a decider with no decisions taken.
func newDecider(db *facts.DB) (*decider, map[string]*facts.Relation) {
	rel := map[string]*facts.Relation{}
	for _, in := range decideInputs {
		r := db.Lookup(in.name, in.arity)
		if r == nil {
			r = facts.NewRelation(in.name, in.arity)
		}
		rel[in.name] = r
	}
	d := &decider{
		uses:      rel["tensor_use"],
		usesOf:    rel["tensor_use"].Index([]int{2}),
		alias:     rel["operand_alias"],
		aliasOf:   rel["operand_alias"].Index([]int{0, 1}),
		writes:    rel["operand_writes"],
		reads:     rel["conflict_read"],
		conflicts: rel["raw_conflict"].Index([]int{0, 1, 2, 3}),
		raw:       rel["raw_conflict"],
		parallel:  rel["parallel_write_conflict"],
		readOnly:  rel["read_only_value"],
		out:       &Decisions{inPlace: map[Operand]bool{}},
	}
	d.init()
	return d, rel
}

// mustInPlace puts the operands that must bufferize in place in place.
func (d *decider) mustInPlace(must *facts.Relation) {
	for id := range uint32(must.Len()) {
		row := must.Row(id)
		if o := (Operand{row[0].Int(), row[1].Int()}); d.isTensorOperand(o) {
			d.bufferizeInPlace(o)
		}
	}
}

type decider struct {
	uses, alias, writes, reads, raw, parallel, readOnly *facts.Relation
	usesOf, aliasOf, conflicts                          *facts.Index

	operandsOf map[int64][]int64 // op -> its tensor operand indexes, ascending
	valueOf    map[Operand]int64

	// Alias sets of the decisions so far: a union-find over value ids,
	// with each set's members on a circular list (next). Slices cover the
	// ids from lo: a part of a module has a range of them.
	lo                 int64
	parent, size, next []int64 // parent -1: a value not seen yet

	key    [4]facts.Value
	hasKey [4]facts.Value // scratch for has
	out    *Decisions
}

func (d *decider) init() {
	d.operandsOf = map[int64][]int64{}
	d.valueOf = map[Operand]int64{}
	lo, hi := int64(-1), int64(-1)
	span := func(v int64) {
		if lo < 0 || v < lo {
			lo = v
		}
		hi = max(hi, v)
	}
	for id := range uint32(d.uses.Len()) {
		row := d.uses.Row(id)
		o := Operand{row[0].Int(), row[1].Int()}
		d.operandsOf[o.Op] = append(d.operandsOf[o.Op], o.Index)
		d.valueOf[o] = row[2].Int()
		span(row[2].Int())
	}
	for id := range uint32(d.alias.Len()) {
		span(d.alias.Row(id)[2].Int())
	}
	for op := range d.operandsOf {
		slices.Sort(d.operandsOf[op])
	}
	d.resetSets(lo, hi)
}

// resetSets makes every value of [lo, hi] a set of its own.
func (d *decider) resetSets(lo, hi int64) {
	n := max(hi-lo+1, 0)
	d.lo = max(lo, 0)
	d.parent, d.size, d.next = make([]int64, n), make([]int64, n), make([]int64, n)
	for i := range d.parent {
		d.parent[i] = -1
	}
}

func (d *decider) isTensorOperand(o Operand) bool {
	_, ok := d.valueOf[o]
	return ok
}

func (d *decider) find(v int64) int64 {
	i := v - d.lo
	if d.parent[i] < 0 {
		d.parent[i], d.size[i], d.next[i] = v, 1, v
		return v
	}
	for d.parent[i] != v {
		p := d.parent[i]
		d.parent[i] = d.parent[p-d.lo] // path halving
		v, i = p, p-d.lo
	}
	return v
}

func (d *decider) union(a, b int64) {
	ra, rb := d.find(a), d.find(b)
	if ra == rb {
		return
	}
	if d.size[ra-d.lo] < d.size[rb-d.lo] {
		ra, rb = rb, ra
	}
	d.parent[rb-d.lo] = ra
	d.size[ra-d.lo] += d.size[rb-d.lo]
	d.next[ra-d.lo], d.next[rb-d.lo] = d.next[rb-d.lo], d.next[ra-d.lo] // splice the circular lists
}

// nextMember returns the member after m in m's set.
func (d *decider) nextMember(m int64) int64 { return d.next[m-d.lo] }

// aliasTargets returns the values operand o aliases if in place.
func (d *decider) aliasTargets(o Operand) []int64 {
	d.key[0], d.key[1] = facts.Number(o.Op), facts.Number(o.Index)
	var out []int64
	for id := d.aliasOf.First(d.key[:2]); id != facts.NoRow; id = d.aliasOf.Next(id) {
		out = append(out, d.alias.Row(id)[2].Int())
	}
	return out
}

func (d *decider) bufferizeInPlace(o Operand) {
	d.out.inPlace[o] = true
	v := d.valueOf[o]
	for _, w := range d.aliasTargets(o) {
		d.union(v, w)
	}
}

func (d *decider) has(r *facts.Relation, vals ...int64) bool {
	t := d.hasKey[:len(vals)]
	for i, v := range vals {
		t[i] = facts.Number(v)
	}
	return r.Contains(t)
}

// decide checks operand o as One-Shot's bufferizableInPlaceAnalysisImpl
// does: collect the reads and in-place writes of the alias sets of o's
// value and of the values it aliases, then look for a read-only member
// (if anything writes) and for a conflicting read and write.
func (d *decider) decide(o Operand) Decision {
	dec := Decision{Operand: o, ReadOnly: -1}
	roots := map[int64]bool{d.find(d.valueOf[o]): true}
	for _, w := range d.aliasTargets(o) {
		roots[d.find(w)] = true
	}
	var members []int64
	var reads, writes []Operand
	for _, root := range sortedKeys(roots) {
		for m := root; ; {
			members = append(members, m)
			d.key[0] = facts.Number(m)
			for id := d.usesOf.First(d.key[:1]); id != facts.NoRow; id = d.usesOf.Next(id) {
				row := d.uses.Row(id)
				u := Operand{row[0].Int(), row[1].Int()}
				if d.has(d.reads, u.Op, u.Index) {
					reads = append(reads, u)
				}
				if d.out.inPlace[u] && d.has(d.writes, u.Op, u.Index) {
					writes = append(writes, u)
				}
			}
			if m = d.nextMember(m); m == root {
				break
			}
		}
	}
	if d.has(d.writes, o.Op, o.Index) {
		writes = append(writes, o)
	}
	if len(writes) > 0 {
		slices.Sort(members)
		for _, m := range members {
			if d.has(d.readOnly, m) {
				dec.ReadOnlyValues = append(dec.ReadOnlyValues, m)
			}
		}
		if len(dec.ReadOnlyValues) > 0 {
			dec.ReadOnly = dec.ReadOnlyValues[0]
			return dec
		}
	}
	if len(reads) > 0 {
		for _, w := range writes {
			if d.has(d.parallel, w.Op, w.Index) {
				dec.Conflict = &Conflict{Read: Operand{-1, -1}, Write: w, Definition: -1, Parallel: true}
				return dec
			}
		}
	}
	sortOperands(reads)
	sortOperands(writes)
	for _, r := range reads {
		for _, w := range writes {
			d.key[0], d.key[1], d.key[2], d.key[3] = facts.Number(r.Op), facts.Number(r.Index), facts.Number(w.Op), facts.Number(w.Index)
			for id := d.conflicts.First(d.key[:]); id != facts.NoRow; id = d.conflicts.Next(id) {
				dec.Conflicts = append(dec.Conflicts, Conflict{Read: r, Write: w, Definition: d.raw.Row(id)[4].Int()})
			}
		}
	}
	if len(dec.Conflicts) > 0 {
		dec.Conflict = &dec.Conflicts[0]
		return dec
	}
	dec.InPlace = true
	return dec
}

func sortedKeys(m map[int64]bool) []int64 {
	var ks []int64
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func sortOperands(os []Operand) {
	slices.SortFunc(os, func(a, b Operand) int {
		if a.Op != b.Op {
			return int(a.Op - b.Op)
		}
		return int(a.Index - b.Index)
	})
}

// opOrder returns the ops with tensor operands in decision order:
// functions callees first (module order among independent ones), and
// within a function the ops in reverse post-order (BottomUp) or
// post-order (TopDown). Op ids are pre-order, so an op's nested ops are
// the ids after it up to its last descendant.
func opOrder(parentOp, ops, funcs, calls *facts.Relation, operandsOf map[int64][]int64, order Order) []int64 {
	parent := map[int64]int64{}
	for id := range uint32(parentOp.Len()) {
		row := parentOp.Row(id)
		parent[row[0].Int()] = row[1].Int()
	}
	isFunc := map[int64]bool{}
	for id := range uint32(funcs.Len()) {
		isFunc[funcs.Row(id)[0].Int()] = true
	}
	funcOf := func(op int64) int64 {
		for x := op; ; {
			if isFunc[x] {
				return x
			}
			p, ok := parent[x]
			if !ok {
				return -1
			}
			x = p
		}
	}
	last := map[int64]int64{} // op -> its last descendant
	var all []int64
	for id := range uint32(ops.Len()) {
		all = append(all, ops.Row(id)[0].Int())
	}
	slices.Sort(all)
	for i := len(all) - 1; i >= 0; i-- {
		op := all[i]
		last[op] = max(last[op], op)
		if p, ok := parent[op]; ok {
			last[p] = max(last[p], last[op])
		}
	}
	// Callees first: a function's rank is one more than its callees'.
	callees := map[int64][]int64{}
	for id := range uint32(calls.Len()) {
		row := calls.Row(id)
		if f := funcOf(row[0].Int()); f >= 0 {
			callees[f] = append(callees[f], row[1].Int())
		}
	}
	rank := map[int64]int{}
	var rankOf func(f int64, visiting map[int64]bool) int
	rankOf = func(f int64, visiting map[int64]bool) int {
		if r, ok := rank[f]; ok {
			return r
		}
		if visiting[f] { // recursion: break the cycle here
			return 0
		}
		visiting[f] = true
		r := 0
		for _, c := range callees[f] {
			r = max(r, rankOf(c, visiting)+1)
		}
		rank[f] = r
		return r
	}
	// Each op's function and its rank are looked up once, not per
	// comparison.
	type keyed struct {
		op, fn, last int64
		rank         int
	}
	var withOperands []keyed
	for op := range operandsOf {
		f := funcOf(op)
		withOperands = append(withOperands, keyed{op: op, fn: f, last: last[op], rank: rankOf(f, map[int64]bool{})})
	}
	slices.SortFunc(withOperands, func(a, b keyed) int {
		if a.fn != b.fn {
			if a.rank != b.rank {
				return a.rank - b.rank
			}
			return int(a.fn - b.fn)
		}
		// Post-order: by last descendant, an op after the ops it holds.
		post := cmpPost(a.op, a.last, b.op, b.last)
		if order == BottomUp {
			return -post
		}
		return post
	})
	out := make([]int64, len(withOperands))
	for i, k := range withOperands {
		out[i] = k.op
	}
	return out
}

// cmpPost orders two ops of one function in post-order, given the last
// op nested in each.
func cmpPost(a, lastA, b, lastB int64) int {
	if lastA != lastB {
		return int(lastA - lastB)
	}
	return int(b - a) // one holds the other: the inner (larger id) first
}

// String renders a decision for messages.
func (d Decision) String() string {
	switch {
	case d.InPlace:
		return fmt.Sprintf("op %d operand %d: in place", d.Op, d.Index)
	case d.ReadOnly >= 0:
		return fmt.Sprintf("op %d operand %d: out of place, value %d is read-only", d.Op, d.Index, d.ReadOnly)
	case d.Conflict != nil && d.Conflict.Parallel:
		return fmt.Sprintf("op %d operand %d: out of place, write %v races in a parallel region", d.Op, d.Index, d.Conflict.Write)
	case d.Conflict != nil:
		return fmt.Sprintf("op %d operand %d: out of place, read %v write %v definition %d", d.Op, d.Index, d.Conflict.Read, d.Conflict.Write, d.Conflict.Definition)
	}
	return fmt.Sprintf("op %d operand %d: out of place", d.Op, d.Index)
}

// Analyze runs the whole in-place analysis on db: it evaluates the
// relations Decide reads, decides by policy, adds the decisions to db as facts
// (inplace, out_of_place and the blocked_by_* reasons, declared in
// rules/decisions.mg), and evaluates the predicates named in after,
// which may read them.
func Analyze(ctx context.Context, prog *Program, db *facts.DB, opt Options, policy Policy, after ...string) (*Decisions, error) {
	return newPhases(prog, after).run(ctx, db, opt, policy)
}

// phases holds the parts of a program that Analyze evaluates, restricted
// once for the many DBs of a module.
type phases struct {
	// early is what the decisions need that does not read the summaries
	// of the callees: a module's parts can derive it before their
	// callees are analyzed. decide is the rest.
	early, decide *Program
	after         *Program // nil when nothing is asked for
}

func newPhases(prog *Program, after []string) *phases {
	all := prog.Restrict(DecidePredicates()...)
	callees := calleeSummaries()
	a := &phases{early: all.independentOf(callees)}
	a.decide = all.derivedBy(a.early, callees)
	if len(after) > 0 {
		// What the decisions need was derived before them and does not
		// depend on them: do not derive it again.
		a.after = prog.Restrict(after...).derivedBy(all, decisionPredicates())
	}
	return a
}

func (a *phases) run(ctx context.Context, db *facts.DB, opt Options, policy Policy) (*Decisions, error) {
	if _, err := a.early.Eval(ctx, db, opt); err != nil {
		return nil, err
	}
	return a.finish(ctx, db, opt, policy)
}

// finish runs the phases after early, which db has been evaluated with.
func (a *phases) finish(ctx context.Context, db *facts.DB, opt Options, policy Policy) (*Decisions, error) {
	if _, err := a.decide.Eval(ctx, db, opt); err != nil {
		return nil, err
	}
	dec, err := policy(db)
	if err != nil {
		return nil, err
	}
	cost := operandCosts(db)
	for i := range dec.List {
		dec.List[i].Bytes = cost[dec.List[i].Operand].Bytes
	}
	dec.addFacts(db)
	if a.after != nil {
		if _, err := a.after.Eval(ctx, db, opt); err != nil {
			return nil, err
		}
	}
	return dec, nil
}

func (d *Decisions) addFacts(db *facts.DB) {
	n := facts.Number
	inplace, out := db.Relation("inplace", 2), db.Relation("out_of_place", 2)
	conflict, readOnly := db.Relation("blocked_by_conflict", 7), db.Relation("blocked_by_read_only", 3)
	parallel := db.Relation("blocked_by_parallel_write", 4)
	var ins []Operand
	for o := range d.inPlace {
		ins = append(ins, o)
	}
	sortOperands(ins)
	for _, o := range ins {
		inplace.Add([]facts.Value{n(o.Op), n(o.Index)})
	}
	for _, dec := range d.List {
		o := []facts.Value{n(dec.Op), n(dec.Index)}
		switch c := dec.Conflict; {
		case dec.InPlace:
		case dec.ReadOnly >= 0:
			readOnly.Add(append(o, n(dec.ReadOnly)))
		case c != nil && c.Parallel:
			parallel.Add(append(o, n(c.Write.Op), n(c.Write.Index)))
		case c != nil:
			conflict.Add(append(o, n(c.Read.Op), n(c.Read.Index), n(c.Write.Op), n(c.Write.Index), n(c.Definition)))
		}
		if !dec.InPlace {
			out.Add(o)
		}
	}
}
