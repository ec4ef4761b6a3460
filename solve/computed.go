package solve

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/google/mangle/ast"

	"bufferlog/facts"
)

// A computed predicate is a relation that the engine derives with a
// native algorithm instead of its clauses, because the algorithm is
// asymptotically cheaper than any Datalog formulation. The rule file
// declares it and still defines it:
//
//	Decl class_of(V, R)
//	  descr [doc("..."), computed(/union_find, "same_step", "node")].
//	class_of(V, R) :- ...reference definition...
//
// The clauses are the predicate's meaning: Options.Reference and
// EvalMangle evaluate them, and tests check that the native algorithm
// derives the same facts. The computation runs when its stratum starts;
// its inputs are in lower strata, so they are complete by then.
type computed struct {
	pred       int
	algorithm  algorithm
	edge, node int // input predicates; node is -1 when not given
	// The rule file and index of the Decl, for errors: its position is
	// found only when needed (Program.declStart), since locating a file's
	// declarations parses the file again.
	src, decl int
}

type algorithm uint8

const (
	// algoUnionFind derives P(V, R) for every V that is a node or an end of
	// an edge, where R is the least value connected to V by edges taken
	// in either direction: the representative of V's class under the
	// equivalence relation that the edges generate.
	algoUnionFind algorithm = iota + 1
	// algoStrongComponents derives P(V, R) for every node and every end of
	// an edge V, where R is the least value that V reaches and that
	// reaches V along edges taken forward (V itself included): the
	// representative of V's strongly connected component. A call graph's
	// cycles cost one pass, where rules need its whole transitive closure.
	algoStrongComponents
	// algoRunningTotal derives P(G, K, T) for every row (G, K, N) of its
	// input, where T is the sum of the amounts N2 of the rows (G, K2, N2)
	// of group G that come no later than (N, K) in the order of amount,
	// then key: the running total of the group's amounts, smallest first
	// (for a key given several amounts, at its largest). One sort, where
	// rules pair every row of a group with every other.
	algoRunningTotal
	// algoIntervalReuse derives P(X, Y) from rows (G, X, S, E), one per
	// item X, live from S to E in group G: taking the items of each group
	// in the order of S (then X), an item takes the storage of the first
	// item freed (least E, then Y) whose storage is free before the item
	// starts (E < S) and that no earlier item took. P(X, Y): X takes the
	// storage Y held. Greedy interval partitioning, first freed first
	// taken: one sort and a queue per group, where rules count, for each
	// item, the items that start and end before it.
	algoIntervalReuse
)

var algorithms = map[string]algorithm{
	"/union_find": algoUnionFind, "/strong_components": algoStrongComponents, "/running_total": algoRunningTotal,
	"/interval_reuse": algoIntervalReuse,
}

// shape is the arity of an algorithm's result and of its inputs: the
// first input is required, the second (a node predicate) optional.
func (a algorithm) shape() (result int, inputs []int) {
	switch a {
	case algoRunningTotal:
		return 3, []int{3}
	case algoIntervalReuse:
		return 2, []int{4}
	}
	return 2, []int{2, 1}
}

func (a algorithm) String() string {
	for name, b := range algorithms {
		if a == b {
			return name[1:]
		}
	}
	return "?"
}

// descrComputed is the descriptor atom that marks a computed predicate.
const descrComputed = "computed"

// computedPredicates reads the computed(...) descriptors of the
// declarations and checks that each computed predicate can be computed at
// the start of its stratum.
func (c *compiler) computedPredicates() error {
	stratumOf := map[int]int{}
	for si, s := range c.prog.strata {
		for _, id := range s.preds {
			stratumOf[id] = si
		}
	}
	level := func(id int) int {
		if s, ok := stratumOf[id]; ok {
			return s
		}
		return -1 // extensional: given before any stratum
	}
	reaches := c.dependencies()
	for k, d := range c.decls {
		for _, a := range d.Descr {
			if a.Predicate.Symbol != descrComputed {
				continue
			}
			ref := c.declRefs[k]
			fail := func(format string, args ...any) error {
				return c.errAt(ref.src, c.declPos(ref.src, ref.index), "%v: "+format,
					append([]any{d.DeclaredAtom.Predicate.Symbol}, args...)...)
			}
			comp, err := c.computedDecl(d, a)
			if err != nil {
				return fail("%v", err)
			}
			comp.src, comp.decl = ref.src, ref.index
			hasRule := false
			for _, r := range c.rules {
				hasRule = hasRule || r.head == comp.pred
			}
			switch {
			case !hasRule:
				return fail("a computed predicate needs clauses that define it: they are its reference definition")
			case reaches(comp.pred, comp.pred):
				return fail("a computed predicate must not depend on itself")
			}
			for _, in := range []int{comp.edge, comp.node} {
				if in < 0 {
					continue
				}
				name := c.prog.preds[in].sym.Symbol
				if !reaches(comp.pred, in) || level(in) >= level(comp.pred) {
					return fail("its reference definition must read %s, and %s must not depend on it", name, name)
				}
			}
			c.prog.computed = append(c.prog.computed, comp)
		}
	}
	return nil
}

// computedDecl checks one computed(/algorithm, "edge"[, "node"]) atom.
func (c *compiler) computedDecl(d ast.Decl, a ast.Atom) (computed, error) {
	comp := computed{node: -1}
	if len(a.Args) < 2 || len(a.Args) > 3 {
		return comp, fmt.Errorf(`write computed(/ALGORITHM, "edge_predicate") or computed(/ALGORITHM, "edge_predicate", "node_predicate")`)
	}
	name, ok := a.Args[0].(ast.Constant)
	if ok {
		comp.algorithm = algorithms[name.String()]
	}
	if comp.algorithm == 0 {
		return comp, fmt.Errorf("unknown computation %v (known: %s)", a.Args[0], strings.Join(slices.Sorted(maps.Keys(algorithms)), ", "))
	}
	result, inputs := comp.algorithm.shape()
	switch {
	case d.DeclaredAtom.Predicate.Arity != result && comp.algorithm == algoIntervalReuse:
		return comp, fmt.Errorf("%v derives pairs (item, item whose storage it takes): the predicate must have 2 arguments", comp.algorithm)
	case d.DeclaredAtom.Predicate.Arity != result && result == 2:
		return comp, fmt.Errorf("%v derives pairs (value, representative): the predicate must have 2 arguments", comp.algorithm)
	case d.DeclaredAtom.Predicate.Arity != result:
		return comp, fmt.Errorf("%v derives triples (group, key, total): the predicate must have 3 arguments", comp.algorithm)
	case len(a.Args)-1 > len(inputs):
		return comp, fmt.Errorf("%v takes one input predicate", comp.algorithm)
	}
	comp.pred = c.predID(d.DeclaredAtom.Predicate)
	for i, arity := range inputs {
		if i+1 >= len(a.Args) {
			break
		}
		k, ok := a.Args[i+1].(ast.Constant)
		if !ok || k.Type != ast.StringType {
			return comp, fmt.Errorf("argument %d of computed(...) must be a predicate name in quotes", i+2)
		}
		sym := ast.PredicateSym{Symbol: k.Symbol, Arity: arity}
		id, ok := c.prog.predIDs[sym]
		if !ok && slices.ContainsFunc(c.decls, func(d ast.Decl) bool { return d.DeclaredAtom.Predicate == sym }) {
			id, ok = c.predID(sym), true
		}
		if !ok {
			return comp, fmt.Errorf("input %s/%d is not a predicate of the program", k.Symbol, arity)
		}
		if i == 0 {
			comp.edge = id
		} else {
			comp.node = id
		}
	}
	return comp, nil
}

// plan returns the strata to evaluate: those of the program's roots and
// what they need, with the clauses of computed predicates replaced by
// their computation unless reference is set; and the predicates they
// touch (usedBy).
func (p *Program) plan(reference bool) ([]stratum, []int) {
	i := planIndex(reference)
	p.planned.once[i].Do(func() {
		p.planned.strata[i] = p.makePlan(reference)
		p.planned.used[i] = p.usedBy(p.planned.strata[i])
		p.planned.negated[i] = p.negatedBy(p.planned.strata[i])
		p.planned.distinct[i] = distinctBy(p.planned.strata[i], len(p.preds))
		p.planned.touching[i] = touching(p.planned.strata[i], len(p.preds))
	})
	return p.planned.strata[i], p.planned.used[i]
}

// touching counts, by predicate id, the strata that read or derive it.
func touching(strata []stratum, preds int) []int32 {
	n := make([]int32, preds)
	for _, s := range strata {
		for _, id := range s.touches {
			n[id]++
		}
	}
	return n
}

// planIndex is the index of the plan for Options.Reference in planCache.
func planIndex(reference bool) int {
	if reference {
		return 1
	}
	return 0
}

// negatedBy marks the predicates that a rule of strata reads negated.
func (p *Program) negatedBy(strata []stratum) []bool {
	negated := make([]bool, len(p.preds))
	for _, s := range strata {
		for _, r := range s.rules {
			for _, l := range r.body {
				if l.kind == litNeg {
					negated[l.pred] = true
				}
			}
		}
	}
	return negated
}

// distinctBy marks the predicates that a stratum of strata derives with
// no duplicates (stratum.distinct).
func distinctBy(strata []stratum, preds int) []bool {
	distinct := make([]bool, preds)
	for _, s := range strata {
		for _, id := range s.distinct {
			distinct[id] = true
		}
	}
	return distinct
}

// usedBy returns the predicates that evaluating strata reads or derives,
// with those of the rule files' facts: the only relations an evaluation
// needs, where a module's many small DBs would otherwise each get one
// for every predicate of the program.
func (p *Program) usedBy(strata []stratum) []int {
	used := make([]bool, len(p.preds))
	for _, r := range p.facts {
		used[r.head] = true
	}
	for _, s := range strata {
		for _, id := range s.touches {
			used[id] = true
		}
	}
	var ids []int
	for id, u := range used {
		if u {
			ids = append(ids, id)
		}
	}
	return ids
}

// natives returns, by predicate id, the computation of each computed
// predicate, for needed to follow instead of its defining clauses.
func (p *Program) natives() []*computed {
	native := make([]*computed, len(p.preds))
	for i := range p.computed {
		native[p.computed[i].pred] = &p.computed[i]
	}
	return native
}

// makePlan computes plan's result.
func (p *Program) makePlan(reference bool) []stratum {
	native := make([]*computed, len(p.preds))
	if !reference {
		native = p.natives()
	}
	need := p.needed(p.roots, native)
	var out []stratum
	for _, s := range p.strata {
		t := stratum{recursive: s.recursive}
		for _, id := range s.preds {
			if !need[id] || p.isGiven(id) {
				continue
			}
			t.preds = append(t.preds, id)
			if native[id] != nil {
				t.compute = append(t.compute, native[id])
			}
		}
		if len(t.preds) == 0 {
			// A restricted program needs few of the strata: a module's
			// functions would each step through the others.
			continue
		}
		t.rules = keep(s.rules, func(r *rule) bool { return need[r.head] && native[r.head] == nil && !p.isGiven(r.head) })
		t.distinct = distinctPreds(t)
		out = append(out, t)
	}
	setWaits(out)
	for i := range out {
		s := &out[i]
		s.touches = slices.Clone(s.preds)
		s.reads(func(id int) {
			if !slices.Contains(s.touches, id) {
				s.touches = append(s.touches, id)
			}
		})
	}
	return out
}

// distinctPreds returns the predicates of s whose facts its rules derive
// with no duplicates: s is not recursive, and the predicate's one rule
// has distinct heads (a computed predicate has none left in s).
func distinctPreds(s stratum) []int {
	if s.recursive {
		return nil
	}
	var ids []int
	for _, id := range s.preds {
		var only *rule
		n := 0
		for _, r := range s.rules {
			if r.head == id {
				only, n = r, n+1
			}
		}
		if n == 1 && only.distinctHeads() {
			ids = append(ids, id)
		}
	}
	return ids
}

// setWaits sets which earlier strata each stratum reads from.
func setWaits(strata []stratum) {
	derivedIn := map[int]int{} // predicate -> its stratum
	for i, s := range strata {
		for _, id := range s.preds {
			derivedIn[id] = i
		}
	}
	for i := range strata {
		s := &strata[i]
		s.reads(func(id int) {
			if j, ok := derivedIn[id]; ok && j != i && !slices.Contains(s.waits, j) {
				s.waits = append(s.waits, j)
			}
		})
	}
}

// reads calls fn on every predicate the stratum's rules read, positively
// or negated, and its computations take as input (a predicate may come
// more than once). The stratum's own predicates are among them when it
// is recursive.
func (s *stratum) reads(fn func(pred int)) {
	for _, r := range s.rules {
		for _, l := range r.body {
			if l.kind == litAtom || l.kind == litNeg {
				fn(l.pred)
			}
		}
	}
	for _, c := range s.compute {
		fn(c.edge)
		if c.node >= 0 {
			fn(c.node)
		}
	}
}

// needed returns the predicates that the roots depend on: through the
// rules that define them, or, for predicates computed natively, through
// the computation's inputs.
func (p *Program) needed(roots []int, native []*computed) []bool {
	rulesOf := make([][]*rule, len(p.preds))
	for _, s := range p.strata {
		for _, r := range s.rules {
			rulesOf[r.head] = append(rulesOf[r.head], r)
		}
	}
	need := make([]bool, len(p.preds))
	stack := slices.Clone(roots)
	for _, id := range roots {
		need[id] = true
	}
	visit := func(id int) {
		if id >= 0 && !need[id] {
			need[id] = true
			stack = append(stack, id)
		}
	}
	for len(stack) > 0 {
		head := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p.isGiven(head) {
			continue // derived before: what it was derived from is not needed
		}
		if c := native[head]; c != nil {
			visit(c.edge)
			visit(c.node)
			continue
		}
		for _, r := range rulesOf[head] {
			for _, l := range r.body {
				if l.kind == litAtom || l.kind == litNeg {
					visit(l.pred)
				}
			}
		}
	}
	return need
}

// defaultRoots is every predicate except the helpers of reference
// definitions (such as a class-membership closure): those that only
// computed predicates' clauses need. Evaluating a whole program thus does
// not build what its computed predicates exist to avoid; Restrict can
// still ask for a helper by name.
func (p *Program) defaultRoots() []int {
	if len(p.computed) == 0 {
		return p.allPredicates()
	}
	none, native := make([]*computed, len(p.preds)), p.natives()
	var definitions []int // what the reference definitions read
	for _, c := range p.computed {
		for _, s := range p.strata {
			for _, r := range s.rules {
				for _, l := range r.body {
					if r.head == c.pred && (l.kind == litAtom || l.kind == litNeg) {
						definitions = append(definitions, l.pred)
					}
				}
			}
		}
	}
	inDefinitions := p.needed(definitions, none)
	var others []int
	for id := range p.preds {
		if !inDefinitions[id] {
			others = append(others, id)
		}
	}
	neededByOthers := p.needed(others, native)
	var roots []int
	for id := range p.preds {
		if !inDefinitions[id] || neededByOthers[id] {
			roots = append(roots, id)
		}
	}
	return roots
}

func (p *Program) allPredicates() []int {
	all := make([]int, len(p.preds))
	for id := range all {
		all[id] = id
	}
	return all
}

// compute derives a computed predicate natively.
func (ev *evaluator) compute(c *computed) bool {
	ev.rule = nil
	switch c.algorithm {
	case algoRunningTotal:
		return ev.runningTotal(c)
	case algoIntervalReuse:
		return ev.intervalReuse(c)
	}
	edges := ev.rels[c.edge]
	nodes := facts.NewRelation("", 1)
	if c.node >= 0 {
		nodes = ev.rels[c.node]
	}
	cl, bad := newClasses(edges, nodes)
	if cl == nil {
		return ev.computeFail(c, "%v over %s: %s is not a number", c.algorithm, ev.prog.preds[c.edge].sym.Symbol, ev.syms.Format(bad))
	}
	var rep []int32
	switch c.algorithm {
	case algoUnionFind:
		for id := range uint32(edges.Len()) {
			if !ev.tick() {
				return false
			}
			cl.union(cl.index(edges.At(id, 0)), cl.index(edges.At(id, 1)))
		}
		rep = cl.parent
		for i := range rep {
			if rep[i] >= 0 {
				rep[i] = cl.find(int32(i))
			}
		}
	case algoStrongComponents:
		if rep = cl.strongComponents(edges, ev.tick); rep == nil {
			return false
		}
	}
	out := ev.rels[c.pred]
	out.Reserve(cl.count)
	tuple := make([]facts.Value, 2)
	for i, r := range rep {
		if r < 0 {
			continue
		}
		tuple[0], tuple[1] = cl.value(int32(i)), cl.value(r)
		if out.Add(tuple) {
			ev.stats.Derived++
			if !ev.spend(1) {
				return false
			}
		}
	}
	return true
}

// runningTotal computes algoRunningTotal: the input's rows sorted by
// group, amount and key, summed group by group.
func (ev *evaluator) runningTotal(c *computed) bool {
	in := ev.rels[c.edge]
	rows := make([][3]int64, 0, in.Len()) // group, amount, key
	var row []facts.Value
	for id := range uint32(in.Len()) {
		row = in.AppendRow(row[:0], id)
		for _, v := range row {
			if !v.IsNumber() {
				return ev.computeFail(c, "%v over %s: %s is not a number", c.algorithm, ev.prog.preds[c.edge].sym.Symbol, ev.syms.Format(v))
			}
		}
		rows = append(rows, [3]int64{row[0].Int(), row[2].Int(), row[1].Int()})
	}
	slices.SortFunc(rows, func(a, b [3]int64) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]), cmp.Compare(a[2], b[2]))
	})
	// A key given several amounts takes the total at its largest: the
	// last of its rows in this order.
	totals := map[[2]int64]int64{} // group, key -> total
	var total int64
	for i, r := range rows {
		if !ev.tick() {
			return false
		}
		if i == 0 || r[0] != rows[i-1][0] {
			total = 0
		}
		// Both are in the 63-bit range of numbers: their sum fits an int64.
		total += r[1]
		if !facts.InNumberRange(total) {
			return ev.computeFail(c, "%v over %s: the total overflows the 63-bit number range", c.algorithm, ev.prog.preds[c.edge].sym.Symbol)
		}
		totals[[2]int64{r[0], r[2]}] = total
	}
	out := ev.rels[c.pred]
	out.Reserve(len(totals))
	tuple := make([]facts.Value, 3)
	for _, r := range rows {
		key := [2]int64{r[0], r[2]}
		t, ok := totals[key]
		if !ok {
			continue // given already, at an earlier row of the key
		}
		delete(totals, key)
		tuple[0], tuple[1], tuple[2] = facts.Number(r[0]), facts.Number(r[2]), facts.Number(t)
		if out.Add(tuple) {
			ev.stats.Derived++
			if !ev.spend(1) {
				return false
			}
		}
	}
	return true
}

// intervalReuse computes algoIntervalReuse: the rows sorted once by
// start and once by end, group by group; walking the starts, the ends
// before each start join a queue of free storages, and the item takes
// the queue's head.
func (ev *evaluator) intervalReuse(c *computed) bool {
	in := ev.rels[c.edge]
	type span struct{ group, item, start, end int64 }
	starts := make([]span, 0, in.Len())
	seen := make(map[int64]bool, in.Len())
	var row []facts.Value
	for id := range uint32(in.Len()) {
		row = in.AppendRow(row[:0], id)
		for _, v := range row {
			if !v.IsNumber() {
				return ev.computeFail(c, "%v over %s: %s is not a number", c.algorithm, ev.prog.preds[c.edge].sym.Symbol, ev.syms.Format(v))
			}
		}
		sp := span{row[0].Int(), row[1].Int(), row[2].Int(), row[3].Int()}
		if seen[sp.item] {
			return ev.computeFail(c, "%v over %s: item %d has several rows", c.algorithm, ev.prog.preds[c.edge].sym.Symbol, sp.item)
		}
		seen[sp.item] = true
		starts = append(starts, sp)
	}
	ends := slices.Clone(starts)
	slices.SortFunc(starts, func(a, b span) int {
		return cmp.Or(cmp.Compare(a.group, b.group), cmp.Compare(a.start, b.start), cmp.Compare(a.item, b.item))
	})
	slices.SortFunc(ends, func(a, b span) int {
		return cmp.Or(cmp.Compare(a.group, b.group), cmp.Compare(a.end, b.end), cmp.Compare(a.item, b.item))
	})
	out := ev.rels[c.pred]
	tuple := make([]facts.Value, 2)
	var free []int64 // the group's free storages, first freed first
	next := 0        // the first of ends not yet freed
	for i, it := range starts {
		if !ev.tick() {
			return false
		}
		if i == 0 || it.group != starts[i-1].group {
			free = free[:0]
			for next < len(ends) && ends[next].group < it.group {
				next++
			}
		}
		for next < len(ends) && ends[next].group == it.group && ends[next].end < it.start {
			free = append(free, ends[next].item)
			next++
		}
		if len(free) == 0 {
			continue
		}
		tuple[0], tuple[1] = facts.Number(it.item), facts.Number(free[0])
		free = free[1:]
		if out.Add(tuple) {
			ev.stats.Derived++
			if !ev.spend(1) {
				return false
			}
		}
	}
	return true
}

func (ev *evaluator) computeFail(c *computed, format string, args ...any) bool {
	at := ev.prog.declStart(c.src, c.decl)
	ev.shared.setError(&Error{File: ev.prog.sources[c.src].Name, Line: at.line, Col: at.col,
		Msg: fmt.Sprintf("computing %s: ", ev.prog.preds[c.pred].sym.Symbol) + fmt.Sprintf(format, args...)})
	return false
}

// classes is a union-find forest over the values of a computation,
// numbered so that index order is numeric order: then linking the larger
// root under the smaller keeps each class's least value at its root.
type classes struct {
	parent []int32       // by index; -1 for an index that is no value
	base   int64         // index 0's value when the values are dense
	sorted []facts.Value // index -> value when the values are sparse
	count  int
}

// newClasses numbers the values of the edges and nodes: by their offset
// from the least when they span a range not much wider than their number
// (ids, the usual case: a module's function holds a run of them), else
// by rank. Given a value that is not a number, it returns nil and that
// value.
func newClasses(edges, nodes *facts.Relation) (*classes, facts.Value) {
	minVal, maxVal := int64(math.MaxInt64), int64(math.MinInt64)
	for _, r := range []*facts.Relation{edges, nodes} {
		for id := range uint32(r.Len()) {
			for c := range r.Arity() {
				v := r.At(id, c)
				if !v.IsNumber() {
					return nil, v
				}
				minVal, maxVal = min(minVal, v.Int()), max(maxVal, v.Int())
			}
		}
	}
	cl := &classes{}
	if total := uint64(2*edges.Len() + nodes.Len()); total > 0 && uint64(maxVal)-uint64(minVal) < 4*total+1024 {
		cl.base = minVal
		cl.parent = make([]int32, maxVal-minVal+1)
	} else {
		for _, r := range []*facts.Relation{edges, nodes} {
			for id := range uint32(r.Len()) {
				cl.sorted = r.AppendRow(cl.sorted, id)
			}
		}
		slices.SortFunc(cl.sorted, compareNumbers)
		cl.sorted = slices.Compact(cl.sorted)
		cl.parent = make([]int32, len(cl.sorted))
	}
	for i := range cl.parent {
		cl.parent[i] = -1
	}
	for id := range uint32(nodes.Len()) {
		cl.index(nodes.At(id, 0))
	}
	return cl, 0
}

// index returns v's index, adding v as a class of its own if new.
func (cl *classes) index(v facts.Value) int32 {
	var i int32
	if cl.sorted == nil {
		i = int32(v.Int() - cl.base)
	} else {
		n, _ := slices.BinarySearchFunc(cl.sorted, v, compareNumbers)
		i = int32(n)
	}
	if cl.parent[i] < 0 {
		cl.parent[i] = i
		cl.count++
	}
	return i
}

func compareNumbers(a, b facts.Value) int { return cmp.Compare(a.Int(), b.Int()) }

func (cl *classes) value(i int32) facts.Value {
	if cl.sorted == nil {
		return facts.Number(cl.base + int64(i))
	}
	return cl.sorted[i]
}

// find returns the root of i's class, halving the path on the way.
func (cl *classes) find(i int32) int32 {
	for cl.parent[i] != i {
		cl.parent[i] = cl.parent[cl.parent[i]]
		i = cl.parent[i]
	}
	return i
}

func (cl *classes) union(a, b int32) {
	ra, rb := cl.find(a), cl.find(b)
	switch {
	case ra < rb:
		cl.parent[rb] = ra
	case rb < ra:
		cl.parent[ra] = rb
	}
}

func (p *Program) isGiven(id int) bool { return p.given != nil && p.given[id] }

// DerivedBy returns p with the predicates that an evaluation of prior (a
// restriction of the same compiled program) derived, or was given, marked
// given: their facts are complete in a DB prior was evaluated on, so
// evaluating p there afterwards does not derive them again. Predicates
// that depend on any of the named ones (facts added between the two
// evaluations, such as the decisions) are derived again.
func (p *Program) DerivedBy(prior *Program, added []string) *Program {
	given := prior.needed(prior.roots, prior.natives())
	for id := range given {
		given[id] = given[id] || prior.isGiven(id)
	}
	for id, changed := range p.readersOf(added) {
		if changed {
			given[id] = false
		}
	}
	out := *p
	out.planned = new(planCache)
	out.given = given
	return &out
}

// readersOf returns the named predicates and every predicate whose rules
// (or computation) read them, directly or not.
func (p *Program) readersOf(names []string) []bool {
	readers := make([][]int, len(p.preds))
	for _, st := range p.strata {
		for _, r := range st.rules {
			for _, l := range r.body {
				if l.kind == litAtom || l.kind == litNeg {
					readers[l.pred] = append(readers[l.pred], r.head)
				}
			}
		}
	}
	for _, c := range p.computed {
		readers[c.edge] = append(readers[c.edge], c.pred)
		if c.node >= 0 {
			readers[c.node] = append(readers[c.node], c.pred)
		}
	}
	var stack []int
	for id, pr := range p.preds {
		if slices.Contains(names, pr.sym.Symbol) {
			stack = append(stack, id)
		}
	}
	changed := make([]bool, len(p.preds))
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if changed[id] {
			continue
		}
		changed[id] = true
		stack = append(stack, readers[id]...)
	}
	return changed
}

// strongComponents returns, by index, the least index of each value's
// strongly connected component under edges (-1 for an index that is no
// value), or nil when tick says to stop. It is Tarjan's algorithm with an
// explicit stack, so a chain of a million calls does not recurse a
// million deep.
func (cl *classes) strongComponents(edges *facts.Relation, tick func() bool) []int32 {
	n := len(cl.parent)
	// The successors of index i are succ[start[i]:start[i+1]].
	start := make([]int32, n+1)
	for id := range uint32(edges.Len()) {
		start[cl.index(edges.At(id, 0))+1]++
	}
	for i := range n {
		start[i+1] += start[i]
	}
	succ, fill := make([]int32, edges.Len()), slices.Clone(start[:n])
	for id := range uint32(edges.Len()) {
		from := cl.index(edges.At(id, 0))
		succ[fill[from]] = cl.index(edges.At(id, 1))
		fill[from]++
	}
	const unvisited = -1
	order, low := make([]int32, n), make([]int32, n) // visit number, lowest reachable on the stack
	onStack := make([]bool, n)
	rep := make([]int32, n)
	for i := range n {
		order[i], rep[i] = unvisited, -1
	}
	var stack []int32                     // Tarjan's stack of open components
	type frame struct{ node, next int32 } // a node and its next successor to try
	var calls []frame
	visited := int32(0)
	for root := range int32(n) {
		if cl.parent[root] < 0 || order[root] != unvisited {
			continue
		}
		calls = append(calls, frame{root, start[root]})
		order[root], low[root] = visited, visited
		visited++
		stack, onStack[root] = append(stack, root), true
		for len(calls) > 0 {
			if !tick() {
				return nil
			}
			f := &calls[len(calls)-1]
			if f.next < start[f.node+1] {
				w := succ[f.next]
				f.next++
				switch {
				case order[w] == unvisited:
					order[w], low[w] = visited, visited
					visited++
					stack, onStack[w] = append(stack, w), true
					calls = append(calls, frame{w, start[w]})
				case onStack[w]:
					low[f.node] = min(low[f.node], order[w])
				}
				continue
			}
			v := f.node
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				u := calls[len(calls)-1].node
				low[u] = min(low[u], low[v])
			}
			if low[v] != order[v] {
				continue
			}
			// v roots a component: the stack above it, v included.
			k := len(stack) - 1
			for stack[k] != v {
				k--
			}
			least := slices.Min(stack[k:])
			for _, w := range stack[k:] {
				rep[w], onStack[w] = least, false
			}
			stack = stack[:k]
		}
	}
	return rep
}
