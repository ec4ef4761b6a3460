package driver

import (
	"cmp"
	"context"
	"iter"
	"slices"

	"bufferlog/facts"
	"bufferlog/rewrite"
	"bufferlog/rules/contract"
	"bufferlog/solve"
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

// The relations Decide reads: what the in-place rules (rules/inplace*.mg)
// derive, plus the schema's structure.
var decideInputs = []contract.Handle{
	contract.TensorUse, contract.OperandAlias, contract.OperandWrites, contract.ConflictRead,
	contract.RawConflict, contract.ParallelWriteConflict, contract.ReadOnlyValue,
	facts.MustInplace, contract.SharesBuffer, facts.ParentOp, facts.Op, facts.Func, facts.Call,
}

// policyInputs names what the policies and addBytes read of a part's
// facts after the evaluation that derives what the decisions need: the
// evaluation must not let them go (solve.Options.Release).
func policyInputs() []string {
	return append(DecidePredicates(), contract.Names(contract.ConflictClass, contract.OperandReads, facts.ValueType)...)
}

// DriverPredicates names the predicates whose facts the decision driver
// adds (declared in rules/decisions.mg): a program that needs them must
// run after the decisions, as Analyze and AnalyzeModule do.
func DriverPredicates() []string {
	return append(decisionPredicates(), contract.Names(contract.Analyzed, contract.CalleeArgWritten, contract.CalleeResultAlias,
		contract.CalleeResultEquivalent, contract.CalleeResultReadOnly, contract.CalleeResultsAlias, contract.ModuleCalls)...)
}

// decisionPredicates are the facts Analyze adds between its two
// evaluations.
func decisionPredicates() []string {
	return contract.Names(contract.Inplace, contract.OutOfPlace, contract.BlockedByConflict, contract.BlockedByReadOnly,
		contract.BlockedByParallelWrite)
}

// DecidePredicates names the derived predicates Decide reads, for
// restricting a program to what the decisions need.
func DecidePredicates() []string { return contract.Names(decideInputs...) }

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
func Decide(db *facts.DB, order Order) (*rewrite.Decisions, error) {
	return decideInOrder(db, order, nil)
}

// CopyBeforeWrite is the baseline that needs no conflict analysis, as
// One-Shot Bufferize's copy-before-write option: every operand that
// writes its buffer gets a buffer of its own, every other operand is in
// place (operands that must be in place are). Since no write ever
// reaches a buffer another value still holds, no conflict is left, which
// the rules check as for any policy.
func CopyBeforeWrite(db *facts.DB) (*rewrite.Decisions, error) {
	d, _ := newDecider(db)
	for _, e := range d.undecided(BottomUp) {
		dec := rewrite.Decision{Operand: d.operands[e].Operand, ReadOnly: -1, InPlace: !d.operands[e].write}
		d.out.List = append(d.out.List, dec)
		if dec.InPlace {
			d.bufferizeInPlace(e)
		}
	}
	return d.finish(), nil
}

// decideInOrder is Decide with the operands, once listed in the given
// order, rearranged by arrange (if not nil) before they are decided.
func decideInOrder(db *facts.DB, order Order, arrange func([]rewrite.Operand)) (*rewrite.Decisions, error) {
	d, _ := newDecider(db)
	todo := d.undecided(order)
	if arrange != nil {
		ops := make([]rewrite.Operand, len(todo))
		for i, e := range todo {
			ops[i] = d.operands[e].Operand
		}
		arrange(ops)
		for i, o := range ops {
			todo[i], _ = d.operandOf(o)
		}
	}
	for _, e := range todo {
		dec := d.decide(e)
		d.out.List = append(d.out.List, dec)
		if dec.InPlace {
			d.bufferizeInPlace(e)
		}
	}
	return d.finish(), nil
}

// newDecider loads the relations Decide reads (an absent one has no
// facts, e.g. no calls) and returns a decider with only the operands that
// must be in place in place.
func newDecider(db *facts.DB) (*decider, map[contract.Handle]*facts.Relation) {
	rel := map[contract.Handle]*facts.Relation{}
	for _, in := range decideInputs {
		r := contract.Lookup(db, in)
		if r == nil {
			r = facts.NewRelation(in.Name(), in.Arity())
		}
		rel[in] = r
	}
	d := &decider{rel: rel, out: &rewrite.Decisions{}}
	d.init()
	for row := range rows(rel[facts.MustInplace]) {
		if e, ok := d.operandOf(rewrite.Operand{Op: row[0].Int(), Index: row[1].Int()}); ok {
			d.bufferizeInPlace(e)
		}
	}
	return d, rel
}

// A decider reads the relations once, into slices indexed by id (the ids
// of a DB are dense: a module part holds a range of them) and flags per
// operand: a map or relation lookup per use of each member of an alias
// set would cost more than all the rest of a decision.
type decider struct {
	rel map[contract.Handle]*facts.Relation

	// The tensor operands, by op, each op's by index: an operand's number
	// (its position here) orders operands as rewrite.Operand.Compare does.
	operands []operand
	ops      idRange // op ids: operands, the op, func and call relations, and children in parent_op
	// The operands of op are operands[opStart[op-ops.lo]:opStart[op-ops.lo+1]].
	opStart []int32
	// What each operand aliases in place (operand_alias) and the
	// raw_conflict rows in which it is the read, newest row first as in a
	// facts.Index chain: that order fixes the order in which sets are
	// joined, hence which parallel write a decision names, and the order
	// of Conflicts.
	aliasStart    []int32
	aliasTo       []int64
	conflictStart []int32
	conflicts     []rawConflict

	values   idRange    // value ids: tensor_use's and operand_alias's
	useStart []int32    // value -> its uses, in uses
	uses     []int32    // operand numbers, newest tensor_use row first
	readOnly []bool     // value -> read_only_value
	shared   [][2]int64 // shares_buffer: values of one alias set before any decision

	sets aliasSets

	// Scratch of decide, kept across decisions.
	roots, readOnlyMembers []int64
	reads, writes          []int32
	isWrite                []bool // operand -> in writes

	out *rewrite.Decisions
}

// operand is a tensor operand with its value and what the rules say of it.
type operand struct {
	rewrite.Operand
	value int64
	// conflict_read, operand_writes, parallel_write_conflict
	read, write, parallel bool
	inPlace               bool
}

type rawConflict struct {
	write      int32 // operand number
	definition int64
}

// idRange is a range of ids [lo, lo+n), indexed from 0 in slices.
type idRange struct{ lo, n int64 }

// spanOf is the least range that holds the ids column col of the rows
// of every relation.
func spanOf(col int, rels ...*facts.Relation) idRange {
	lo, hi := int64(0), int64(-1)
	for _, r := range rels {
		for row := range rows(r) {
			v := row[col].Int()
			if hi < lo {
				lo, hi = v, v
			}
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return idRange{lo, hi - lo + 1}
}

// index is id's position in the range.
func (s idRange) index(id int64) (int, bool) {
	if id < s.lo || id >= s.lo+s.n {
		return 0, false
	}
	return int(id - s.lo), true
}

// rows returns the rows of r, in id order, each in one buffer: a row is
// good until the next.
func rows(r *facts.Relation) iter.Seq[[]facts.Value] {
	return func(yield func([]facts.Value) bool) {
		row := make([]facts.Value, 0, r.Arity())
		for id := range uint32(r.Len()) {
			if row = r.AppendRow(row[:0], id); !yield(row) {
				return
			}
		}
	}
}

// group sorts the rows of r by key into n groups, newest row first in
// each: group k is items[start[k]:start[k+1]]. Rows without a key are
// left out.
func group[T any](r *facts.Relation, n int, key func([]facts.Value) (int, bool), item func([]facts.Value) T) (start []int32, items []T) {
	start = make([]int32, n+1)
	for row := range rows(r) {
		if k, ok := key(row); ok {
			start[k]++
		}
	}
	for k := 1; k <= n; k++ {
		start[k] += start[k-1]
	}
	// start[k] is now the end of group k: filling from the end, in row
	// order, puts the newest row first and leaves start[k] at the start.
	items = make([]T, start[n])
	for row := range rows(r) {
		if k, ok := key(row); ok {
			start[k]--
			items[start[k]] = item(row)
		}
	}
	return start, items
}

func (d *decider) init() {
	uses, alias := d.rel[contract.TensorUse], d.rel[contract.OperandAlias]
	d.ops = spanOf(0, uses, d.rel[facts.Op], d.rel[facts.ParentOp], d.rel[facts.Func], d.rel[facts.Call])
	d.values = spanOf(2, uses, alias)
	d.opStart, d.operands = group(uses, int(d.ops.n),
		func(row []facts.Value) (int, bool) { return d.ops.index(row[0].Int()) },
		func(row []facts.Value) operand {
			return operand{Operand: rewrite.Operand{Op: row[0].Int(), Index: row[1].Int()}, value: row[2].Int()}
		})
	for i := range d.ops.n {
		slices.SortFunc(d.operands[d.opStart[i]:d.opStart[i+1]], func(a, b operand) int { return a.Operand.Compare(b.Operand) })
	}
	for _, flag := range []struct {
		rel contract.Pred
		set func(*operand)
	}{
		{contract.ConflictRead, func(o *operand) { o.read = true }},
		{contract.OperandWrites, func(o *operand) { o.write = true }},
		{contract.ParallelWriteConflict, func(o *operand) { o.parallel = true }},
	} {
		for row := range rows(d.rel[flag.rel]) {
			if e, ok := d.operandOf(rewrite.Operand{Op: row[0].Int(), Index: row[1].Int()}); ok {
				flag.set(&d.operands[e])
			}
		}
	}
	n := len(d.operands)
	d.useStart, d.uses = group(uses, int(d.values.n),
		func(row []facts.Value) (int, bool) { return d.values.index(row[2].Int()) },
		func(row []facts.Value) int32 {
			e, _ := d.operandOf(rewrite.Operand{Op: row[0].Int(), Index: row[1].Int()})
			return e
		})
	d.aliasStart, d.aliasTo = group(alias, n,
		func(row []facts.Value) (int, bool) {
			e, ok := d.operandOf(rewrite.Operand{Op: row[0].Int(), Index: row[1].Int()})
			return int(e), ok
		},
		func(row []facts.Value) int64 { return row[2].Int() })
	d.conflictStart, d.conflicts = group(d.rel[contract.RawConflict], n,
		func(row []facts.Value) (int, bool) {
			r, ok := d.operandOf(rewrite.Operand{Op: row[0].Int(), Index: row[1].Int()})
			_, okW := d.operandOf(rewrite.Operand{Op: row[2].Int(), Index: row[3].Int()})
			return int(r), ok && okW
		},
		func(row []facts.Value) rawConflict {
			w, _ := d.operandOf(rewrite.Operand{Op: row[2].Int(), Index: row[3].Int()})
			return rawConflict{w, row[4].Int()}
		})
	d.readOnly = make([]bool, d.values.n)
	for row := range rows(d.rel[contract.ReadOnlyValue]) {
		if i, ok := d.values.index(row[0].Int()); ok {
			d.readOnly[i] = true
		}
	}
	for row := range rows(d.rel[contract.SharesBuffer]) {
		v, w := row[0].Int(), row[1].Int()
		if _, ok := d.values.index(v); ok {
			if _, ok := d.values.index(w); ok {
				d.shared = append(d.shared, [2]int64{v, w})
			}
		}
	}
	d.isWrite = make([]bool, n)
	d.sets.reset(d.values)
	d.joinShared(&d.sets)
}

// joinShared merges into sets the values that share a buffer whatever the
// decisions.
func (d *decider) joinShared(sets *aliasSets) {
	for _, p := range d.shared {
		sets.union(p[0], p[1])
	}
}

// operandOf returns the number of tensor operand o.
func (d *decider) operandOf(o rewrite.Operand) (int32, bool) {
	i, ok := d.ops.index(o.Op)
	if !ok {
		return -1, false
	}
	for e := d.opStart[i]; e < d.opStart[i+1]; e++ {
		if d.operands[e].Index == o.Index {
			return e, true
		}
	}
	return -1, false
}

// aliasTargets returns the values operand e aliases if in place.
func (d *decider) aliasTargets(e int32) []int64 { return d.aliasTo[d.aliasStart[e]:d.aliasStart[e+1]] }

// conflictsOf returns the raw_conflict rows in which operand r is the
// read.
func (d *decider) conflictsOf(r int32) []rawConflict {
	return d.conflicts[d.conflictStart[r]:d.conflictStart[r+1]]
}

// usesOf returns the operands that use value v.
func (d *decider) usesOf(v int64) []int32 {
	i := v - d.values.lo
	return d.uses[d.useStart[i]:d.useStart[i+1]]
}

func (d *decider) bufferizeInPlace(e int32) {
	d.operands[e].inPlace = true
	d.join(&d.sets, e)
}

// join merges into sets the alias sets operand e joins in place.
func (d *decider) join(sets *aliasSets, e int32) {
	for _, w := range d.aliasTargets(e) {
		sets.union(d.operands[e].value, w)
	}
}

// undecided returns the operands not yet in place, in decision order,
// and makes room for their decisions.
func (d *decider) undecided(order Order) []int32 {
	out := make([]int32, 0, len(d.operands))
	for _, i := range d.opOrder(order) {
		for e := d.opStart[i]; e < d.opStart[i+1]; e++ {
			if !d.operands[e].inPlace {
				out = append(out, e)
			}
		}
	}
	d.out.List = slices.Grow(d.out.List, len(out))
	return out
}

// finish records the operands in place in the decisions and returns them.
func (d *decider) finish() *rewrite.Decisions {
	n := 0
	for _, o := range d.operands {
		if o.inPlace {
			n++
		}
	}
	d.out.InPlaceOperands = make([]rewrite.Operand, 0, n)
	for _, o := range d.operands {
		if o.inPlace {
			d.out.InPlaceOperands = append(d.out.InPlaceOperands, o.Operand)
		}
	}
	return d.out
}

// aliasSets are the alias sets of the decisions so far: a union-find over
// value ids, with each set's members on a circular list (next). Slices
// cover a range of ids: a part of a module has a range of them.
type aliasSets struct {
	lo                 int64
	parent, size, next []int64 // parent -1: a value not seen yet
	seen               []int64 // the values seen since the last reset or clear
}

// reset makes every value of ids a set of its own.
func (s *aliasSets) reset(ids idRange) {
	s.lo = ids.lo
	s.parent, s.size, s.next = make([]int64, ids.n), make([]int64, ids.n), make([]int64, ids.n)
	for i := range s.parent {
		s.parent[i] = -1
	}
	s.seen = s.seen[:0]
}

// clear makes every value a set of its own again, at the cost of the
// values seen since: MinCopy checks thousands of choices, each touching
// a few values of a large function.
func (s *aliasSets) clear() {
	for _, v := range s.seen {
		s.parent[v-s.lo] = -1
	}
	s.seen = s.seen[:0]
}

func (s *aliasSets) find(v int64) int64 {
	i := v - s.lo
	if s.parent[i] < 0 {
		s.parent[i], s.size[i], s.next[i] = v, 1, v
		s.seen = append(s.seen, v)
		return v
	}
	for s.parent[i] != v {
		p := s.parent[i]
		s.parent[i] = s.parent[p-s.lo] // path halving
		v, i = p, p-s.lo
	}
	return v
}

func (s *aliasSets) union(a, b int64) {
	ra, rb := s.find(a), s.find(b)
	if ra == rb {
		return
	}
	if s.size[ra-s.lo] < s.size[rb-s.lo] {
		ra, rb = rb, ra
	}
	s.parent[rb-s.lo] = ra
	s.size[ra-s.lo] += s.size[rb-s.lo]
	s.next[ra-s.lo], s.next[rb-s.lo] = s.next[rb-s.lo], s.next[ra-s.lo] // splice the circular lists
}

// nextMember returns the member after m in m's set.
func (s *aliasSets) nextMember(m int64) int64 { return s.next[m-s.lo] }

// decide checks operand e as One-Shot's bufferizableInPlaceAnalysisImpl
// does: collect the reads and in-place writes of the alias sets of e's
// value and of the values it aliases, then look for a read-only member
// (if anything writes) and for a conflicting read and write.
func (d *decider) decide(e int32) rewrite.Decision {
	o := &d.operands[e]
	dec := rewrite.Decision{Operand: o.Operand, ReadOnly: -1}
	roots := append(d.roots[:0], d.sets.find(o.value))
	for _, w := range d.aliasTargets(e) {
		roots = append(roots, d.sets.find(w))
	}
	slices.Sort(roots)
	roots = slices.Compact(roots)
	readOnly, reads, writes := d.readOnlyMembers[:0], d.reads[:0], d.writes[:0]
	for _, root := range roots {
		for m := root; ; {
			if d.readOnly[m-d.values.lo] {
				readOnly = append(readOnly, m)
			}
			for _, u := range d.usesOf(m) {
				if d.operands[u].read {
					reads = append(reads, u)
				}
				if d.operands[u].inPlace && d.operands[u].write {
					writes = append(writes, u)
				}
			}
			if m = d.sets.nextMember(m); m == root {
				break
			}
		}
	}
	if o.write {
		writes = append(writes, e)
	}
	d.roots, d.readOnlyMembers, d.reads, d.writes = roots, readOnly, reads, writes
	if len(writes) > 0 && len(readOnly) > 0 {
		dec.ReadOnlyValues = slices.Clone(readOnly)
		slices.Sort(dec.ReadOnlyValues)
		dec.ReadOnly = dec.ReadOnlyValues[0]
		return dec
	}
	if len(reads) > 0 {
		for _, w := range writes {
			if d.operands[w].parallel {
				dec.Conflict = &rewrite.Conflict{Read: rewrite.Operand{Op: -1, Index: -1}, Write: d.operands[w].Operand, Definition: -1, Parallel: true}
				return dec
			}
		}
	}
	if len(reads) > 0 && len(writes) > 0 {
		dec.Conflicts = d.conflictsBetween(reads, writes)
	}
	if len(dec.Conflicts) > 0 {
		dec.Conflict = &dec.Conflicts[0]
		return dec
	}
	dec.InPlace = true
	return dec
}

// conflictsBetween returns the raw_conflict rows between reads and
// writes, by read, then write (operand numbers order them as operands),
// then newest row first.
func (d *decider) conflictsBetween(reads, writes []int32) []rewrite.Conflict {
	slices.Sort(reads)
	for _, w := range writes {
		d.isWrite[w] = true
	}
	var out []rewrite.Conflict
	for _, r := range reads {
		first := len(out)
		for _, c := range d.conflictsOf(r) {
			if d.isWrite[c.write] {
				out = append(out, rewrite.Conflict{Read: d.operands[r].Operand, Write: d.operands[c.write].Operand, Definition: c.definition})
			}
		}
		if len(out)-first > 1 {
			slices.SortStableFunc(out[first:], func(a, b rewrite.Conflict) int { return a.Write.Compare(b.Write) })
		}
	}
	for _, w := range writes {
		d.isWrite[w] = false
	}
	return out
}

// opOrder returns the ops with tensor operands (as indexes in d.ops) in
// decision order: functions callees first (module order among
// independent ones), and within a function the ops in reverse post-order
// (BottomUp) or post-order (TopDown). Op ids are pre-order, so an op's
// nested ops are the ids after it up to its last descendant.
func (d *decider) opOrder(order Order) []int32 {
	n := d.ops.n
	parent := make([]int64, n) // -1: none
	for i := range parent {
		parent[i] = -1
	}
	for row := range rows(d.rel[facts.ParentOp]) {
		i, _ := d.ops.index(row[0].Int())
		parent[i] = row[1].Int()
	}
	isFunc := make([]bool, n)
	for row := range rows(d.rel[facts.Func]) {
		i, _ := d.ops.index(row[0].Int())
		isFunc[i] = true
	}
	// Every func and every op with a parent is in d.ops: an id outside
	// it is in neither relation.
	funcOf := func(op int64) int64 {
		for x := op; ; {
			i, ok := d.ops.index(x)
			switch {
			case !ok:
				return -1
			case isFunc[i]:
				return x
			case parent[i] < 0:
				return -1
			}
			x = parent[i]
		}
	}
	last := make([]int64, n) // op -> its last descendant
	isOp := make([]bool, n)
	for row := range rows(d.rel[facts.Op]) {
		i, _ := d.ops.index(row[0].Int())
		isOp[i] = true
	}
	for i := n - 1; i >= 0; i-- {
		if !isOp[i] {
			continue
		}
		last[i] = max(last[i], d.ops.lo+i)
		if p, ok := d.ops.index(parent[i]); ok {
			last[p] = max(last[p], last[i])
		}
	}
	// Callees first: a function's rank is one more than its callees'.
	calleeStart, callees := group(d.rel[facts.Call], int(n),
		func(row []facts.Value) (int, bool) { return d.ops.index(funcOf(row[0].Int())) },
		func(row []facts.Value) int64 { return row[1].Int() })
	rank := make([]int, n) // -1: not known yet
	for i := range rank {
		rank[i] = -1
	}
	// A function on the stack of rankOf: a call cycle is broken where it
	// comes back, so ranks in a cycle depend on the function entered
	// first, which is the first in op order. Every function marked has
	// its rank once rankOf returns, so the marks need no clearing.
	visiting := make([]bool, n)
	var rankOf func(f int64) int
	rankOf = func(f int64) int {
		i, ok := d.ops.index(f)
		if !ok { // no function (-1), or one of another part: no callees here
			return 0
		}
		if rank[i] >= 0 {
			return rank[i]
		}
		if visiting[i] {
			return 0
		}
		visiting[i] = true
		r := 0
		// Callees in call order (group lists them newest first).
		for _, c := range slices.Backward(callees[calleeStart[i]:calleeStart[i+1]]) {
			r = max(r, rankOf(c)+1)
		}
		rank[i] = r
		return r
	}
	// The ops of each function by their place in post-order, the
	// functions callees first, then by id. Consecutive ops are mostly of
	// one function: its bucket is looked up when the function changes.
	type bucket struct {
		fn   int64
		rank int
		ops  []int64 // post-order keys
	}
	var fns []bucket
	fnAt := map[int64]int{}
	cur, count := -1, 0
	for i := range n {
		if d.opStart[i] == d.opStart[i+1] {
			continue
		}
		if f := funcOf(d.ops.lo + i); cur < 0 || fns[cur].fn != f {
			k, ok := fnAt[f]
			if !ok {
				k = len(fns)
				fnAt[f] = k
				fns = append(fns, bucket{fn: f, rank: rankOf(f)})
			}
			cur = k
		}
		fns[cur].ops = append(fns[cur].ops, postKey(last[i]-d.ops.lo, i, n))
		count++
	}
	slices.SortFunc(fns, func(a, b bucket) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		return cmp.Compare(a.fn, b.fn)
	})
	out := make([]int32, 0, count)
	for _, f := range fns {
		slices.Sort(f.ops)
		if order == BottomUp {
			slices.Reverse(f.ops)
		}
		for _, k := range f.ops {
			out = append(out, int32(n-1-k%n))
		}
	}
	return out
}

// postKey orders the ops of a function, given as indexes i in [0, n), in
// post-order: by the last op nested in each (last, an index, or below 0
// for none), then the inner one (the larger index) first when one holds
// the other. The key modulo n gives i back.
func postKey(last, i, n int64) int64 {
	return (max(last, -1)+1)*n + n - 1 - i
}

// Rules are compiled rule files with the bounds of each evaluation of
// them.
type Rules struct {
	Program *solve.Program
	Limits  solve.Options
}

// Analysis is how the in-place analysis runs: with which rules, by which
// policy, and how many parts of a module at once.
type Analysis struct {
	Rules
	Policy  Policy
	Workers int
}

// Analyze runs the whole in-place analysis on db: it evaluates the
// relations Decide reads, decides by a.Policy, adds the decisions to db as facts
// (inplace, out_of_place and the blocked_by_* reasons, declared in
// rules/decisions.mg), and evaluates the predicates named in after,
// which may read them.
func Analyze(ctx context.Context, a Analysis, db *facts.DB, after ...string) (*rewrite.Decisions, error) {
	return newPhases(a.Program, after).run(ctx, db, a)
}

// phases holds the parts of a program that Analyze evaluates, restricted
// once for the many DBs of a module.
type phases struct {
	// early is what the decisions need that does not read the summaries
	// of the callees: a module's parts can derive it before their
	// callees are analyzed. decide is the rest.
	early, decide *solve.Program
	// all is early and decide as one program: on a large DB, where
	// strata run at once, their strata overlap.
	all   *solve.Program
	after *solve.Program // nil when nothing is asked for
	// decided, if not nil, keeps the relations that something after the
	// decisions reads; finish lets the others go once they are taken: a
	// large function's releases drop only what an evaluation reads, and a
	// small one's drop nothing.
	decided func(name string) bool
}

func newPhases(prog *solve.Program, after []string) *phases {
	all := prog.Restrict(DecidePredicates()...)
	callees := calleeSummaries()
	a := &phases{early: all.IndependentOf(callees), all: all}
	a.decide = all.DerivedBy(a.early, callees)
	if len(after) > 0 {
		// What the decisions need was derived before them and does not
		// depend on them: do not derive it again.
		a.after = prog.Restrict(after...).DerivedBy(all, decisionPredicates())
	}
	return a
}

func (p *phases) run(ctx context.Context, db *facts.DB, a Analysis) (*rewrite.Decisions, error) {
	dec, err := p.finish(ctx, db, a, p.all, nil)
	if err != nil {
		return nil, err
	}
	addBytes(dec, db)
	return dec, nil
}

// finish derives what the decisions need with first (decide, once db has
// been evaluated with early, or all), then decides, calls decided if not
// nil, and derives after. It leaves the decisions' Bytes unset (see
// addBytes): nothing that a module's callers wait for needs them.
func (p *phases) finish(ctx context.Context, db *facts.DB, a Analysis, first *solve.Program, decided func()) (*rewrite.Decisions, error) {
	if _, err := first.Eval(ctx, db, a.Limits); err != nil {
		return nil, err
	}
	dec, err := a.Policy(db)
	if err != nil {
		return nil, err
	}
	addFacts(dec, db)
	if p.decided != nil {
		db.Recycle(p.decided)
	}
	if decided != nil {
		decided()
	}
	if p.after != nil {
		if _, err := p.after.Eval(ctx, db, a.Limits); err != nil {
			return nil, err
		}
	}
	return dec, nil
}

// addBytes sets the Bytes of each out-of-place decision from the facts
// of db. Only those are ever copied: costing every operand took a tenth
// of the time a 100k-op function spent after its decisions.
func addBytes(d *rewrite.Decisions, db *facts.DB) {
	out := map[rewrite.Operand]bool{}
	for _, dec := range d.List {
		if !dec.InPlace {
			out[dec.Operand] = true
		}
	}
	if len(out) == 0 {
		return
	}
	cost := operandCosts(db, out)
	for i, dec := range d.List {
		if !dec.InPlace {
			d.List[i].Bytes = cost[dec.Operand].Bytes
		}
	}
}

func addFacts(d *rewrite.Decisions, db *facts.DB) {
	n := facts.Number
	inplace, out := contract.Inplace.In(db), contract.OutOfPlace.In(db)
	conflict, readOnly := contract.BlockedByConflict.In(db), contract.BlockedByReadOnly.In(db)
	parallel := contract.BlockedByParallelWrite.In(db)
	for _, o := range d.InPlaceOperands {
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
