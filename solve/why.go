package solve

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/google/mangle/ast"

	"bufferlog/facts"
)

// How says where the fact of a Derivation comes from.
type How uint8

const (
	// Given facts were in the DB before any rule derived them: extracted
	// from the IR, added by a driver, or copied from another DB.
	Given How = iota
	// Derived facts follow from Rule and the premises in Body.
	Derived
	// Computed facts are a computed predicate's (see computed.go): Rule
	// is its declaration.
	Computed
	// Stated facts are written in a rule file: Rule is where.
	Stated
)

var howNames = [...]string{Given: "given", Derived: "derived", Computed: "computed", Stated: "stated"}

func (h How) String() string { return howNames[h] }

// Derivation is a fact and how it holds: a node of a derivation tree.
// Nodes are shared: a fact that supports several others is one node.
type Derivation struct {
	Pred string
	Args []facts.Value
	How  How
	// Rule is the clause that derived the fact (Derived), the fact in a
	// rule file (Stated) or the declaration (Computed).
	Rule RuleRef
	Body []Premise
	// Truncated is set when WhyOptions.MaxDepth stopped the search
	// before this fact's premises were looked for, or WhyOptions.MaxSteps
	// before they were found.
	Truncated bool
}

// RuleRef is a clause or declaration of a rule file.
type RuleRef struct {
	File      string
	Line, Col int
	Text      string // the clause as Mangle prints it
}

func (r RuleRef) String() string { return fmt.Sprintf("%s:%d", r.File, r.Line) }

// PremiseKind is what a premise of a clause instance is.
type PremiseKind uint8

const (
	// Holds: a positive atom, satisfied by Fact.
	Holds PremiseKind = iota
	// NoMatch: a negated atom with no fact matching Pred(Args), where
	// Wild marks the wildcard columns.
	NoMatch
	// Condition: a comparison or assignment, Text with Bindings.
	Condition
	// Group: an aggregation's group, Text describing it, Members the
	// facts of some of its rows.
	Group
)

// Premise is one premise of a clause instance.
type Premise struct {
	Kind     PremiseKind
	Fact     *Derivation // Holds
	Pred     string      // NoMatch
	Args     []facts.Value
	Wild     []bool
	Text     string    // Condition, Group
	Bindings []Binding // Condition, Group: the variables' values
	Members  []*Derivation
}

// Binding is a variable's value in a clause instance.
type Binding struct {
	Var   string
	Value facts.Value
}

// WhyOptions bound a search for derivations.
type WhyOptions struct {
	// MaxDepth is how deep derivations are searched; 0 means 64. Facts
	// below it are Truncated.
	MaxDepth int
	// GroupMembers is how many rows of an aggregation's group are
	// explained; 0 means 3.
	GroupMembers int
	// MaxSteps bounds the facts one search for a clause instance visits;
	// 0 means 100000. A fact whose search runs out is Truncated.
	MaxSteps int
}

// Explainer finds derivations of the facts of one evaluated DB. It
// remembers what it found: a fact is explained once however often it is
// asked for.
type Explainer struct {
	p        *Program
	ev       *evaluator
	opt      WhyOptions
	rulesOf  map[int][]*rule
	factsOf  map[int][]*rule
	computed map[int]*computed
	memo     map[rowKey]*Derivation
	// exhausted is set when a search ran out of steps (MaxSteps).
	exhausted bool
}

type rowKey struct {
	pred int
	row  uint32
}

// Explainer returns an explainer of db's facts, which p (or programs with
// the same clauses) evaluated.
func (p *Program) Explainer(db *facts.DB, opt WhyOptions) *Explainer {
	if opt.MaxDepth == 0 {
		opt.MaxDepth = 64
	}
	if opt.GroupMembers == 0 {
		opt.GroupMembers = 3
	}
	if opt.MaxSteps == 0 {
		opt.MaxSteps = 100_000
	}
	x := &Explainer{p: p, ev: newEvaluator(p, db, context.Background(), Options{}, p.allPredicates()), opt: opt,
		rulesOf: map[int][]*rule{}, factsOf: map[int][]*rule{}, computed: map[int]*computed{},
		memo: map[rowKey]*Derivation{}}
	for _, s := range p.strata {
		for _, r := range s.rules {
			x.rulesOf[r.head] = append(x.rulesOf[r.head], r)
		}
	}
	for _, r := range p.facts {
		x.factsOf[r.head] = append(x.factsOf[r.head], r)
	}
	for i := range p.computed {
		x.computed[p.computed[i].pred] = &p.computed[i]
	}
	return x
}

// Why returns the derivation of the fact pred(args...), or an error if
// the DB does not hold it. The derivation is well founded: a fact derived
// by a rule is explained by premises the evaluation had before it (see
// facts.Relation.Stamp), so recursive rules give finite trees. Of several
// derivations, the first clause in the rule files that has an instance
// wins, and of its instances the first found.
func (x *Explainer) Why(pred string, args ...facts.Value) (*Derivation, error) {
	id, ok := x.p.predIDs[ast.PredicateSym{Symbol: pred, Arity: len(args)}]
	if !ok {
		return nil, fmt.Errorf("unknown predicate %s/%d", pred, len(args))
	}
	row := x.ev.rels[id].Find(args)
	if row == facts.NoRow {
		return nil, fmt.Errorf("no fact %s", x.format(id, args))
	}
	d := x.explain(id, row, 0)
	if err := x.ev.shared.error(); err != nil {
		return nil, err
	}
	return d, nil
}

func (x *Explainer) format(pred int, args []facts.Value) string {
	var parts []string
	for _, a := range args {
		parts = append(parts, x.ev.syms.Format(a))
	}
	return x.p.preds[pred].sym.Symbol + "(" + strings.Join(parts, ", ") + ")"
}

// explain finds the derivation of row of pred's relation.
func (x *Explainer) explain(pred int, row uint32, depth int) *Derivation {
	key := rowKey{pred, row}
	if d, ok := x.memo[key]; ok {
		return d
	}
	rel := x.ev.rels[pred]
	d := &Derivation{Pred: x.p.preds[pred].sym.Symbol, Args: rel.Row(row)}
	if c, ok := x.computed[pred]; ok {
		d.How, d.Rule = Computed, x.declRef(c)
		x.memo[key] = d
		return d
	}
	at := rel.StampOf(row)
	if at == 0 {
		for _, r := range x.factsOf[pred] {
			if x.instance(r, d.Args, 0, depth) != nil {
				d.How, d.Rule = Stated, x.ruleRef(r)
				break
			}
		}
		x.memo[key] = d
		return d
	}
	if depth >= x.opt.MaxDepth {
		d.Truncated = true
		return d // not remembered: a shallower path may explain it
	}
	x.exhausted = false
	for _, r := range x.rulesOf[pred] {
		var body []Premise
		if r.agg != nil {
			body = x.group(r, d.Args, depth)
		} else {
			body = x.instance(r, d.Args, at, depth)
		}
		if body != nil {
			d.How, d.Rule, d.Body = Derived, x.ruleRef(r), body
			break
		}
	}
	if d.How == Given && x.exhausted {
		d.Truncated = true
	}
	x.memo[key] = d
	return d
}

func (x *Explainer) ruleRef(r *rule) RuleRef {
	ref := RuleRef{File: x.p.sources[r.ref.src].Name, Text: r.text()}
	if at, ok := x.p.clauseStart(r.ref.src, r.ref.index); ok {
		ref.Line, ref.Col = at.line, at.col
	}
	return ref
}

func (x *Explainer) declRef(c *computed) RuleRef {
	at := x.p.declStart(c.src, c.decl)
	return RuleRef{File: x.p.sources[c.src].Name, Line: at.line, Col: at.col,
		Text: fmt.Sprintf("computed by %s over %s", algorithmName(c.algorithm), x.p.preds[c.edge].sym.Symbol)}
}

func algorithmName(a algorithm) string {
	for name, b := range algorithms {
		if a == b {
			return name
		}
	}
	return "?"
}

// search is one clause instance being searched for: the slots bound so
// far and the row each atom matched.
type search struct {
	x       *Explainer
	r       *rule
	run     *runner
	bound   []bool
	done    []bool   // literal used
	rows    []uint32 // per literal: the row a positive atom matched
	before  uint32   // positive atoms match rows stamped before this (0: any)
	headArg []facts.Value
	steps   int // facts visited
}

func (x *Explainer) newSearch(r *rule, head []facts.Value, before uint32) (*search, bool) {
	s := &search{x: x, r: r, run: x.ev.newRunner(r, nil), bound: make([]bool, r.nslots),
		done: make([]bool, len(r.body)), rows: make([]uint32, len(r.body)), before: before, headArg: head}
	for i, a := range r.headArgs {
		switch a.fn {
		case fnConst:
			if s.run.head[i].val != head[i] {
				return nil, false
			}
		case fnVar:
			if s.bound[a.slot] && s.run.slots[a.slot] != head[i] {
				return nil, false
			}
			if r.agg == nil || a.slot < r.nbody && isKey(r.agg, a.slot) {
				s.bound[a.slot], s.run.slots[a.slot] = true, head[i]
			}
		}
	}
	return s, true
}

func isKey(a *aggregate, slot int) bool {
	for _, k := range a.keys {
		if k == slot {
			return true
		}
	}
	return false
}

// instance returns the premises of an instance of r whose head is head
// and whose positive atoms match rows stamped before before (any row if
// before is 0), or nil if there is none.
func (x *Explainer) instance(r *rule, head []facts.Value, before uint32, depth int) []Premise {
	s, ok := x.newSearch(r, head, before)
	if !ok {
		return nil
	}
	var found bool
	s.solve(func() bool {
		found = s.lets() && s.headMatches()
		return found
	})
	if !found {
		return nil
	}
	if len(r.body) == 0 {
		return []Premise{}
	}
	return s.premises(depth)
}

// lets applies a let-transform's assignments, checking those whose
// variable the head bound.
func (s *search) lets() bool {
	for _, a := range s.r.lets {
		e := s.x.ev.resolve(a.expr)
		v, ok := s.run.value(&e)
		if !ok {
			return false
		}
		if s.bound[a.slot] && s.run.slots[a.slot] != v {
			return false
		}
		s.run.slots[a.slot] = v
	}
	return true
}

func (s *search) headMatches() bool {
	for i := range s.run.head {
		v, ok := s.run.value(&s.run.head[i])
		if !ok || v != s.headArg[i] {
			return false
		}
	}
	return true
}

// premises describes the instance found, explaining its atoms' facts.
func (s *search) premises(depth int) []Premise {
	var out []Premise
	for i, l := range s.r.body {
		switch l.kind {
		case litAtom:
			out = append(out, Premise{Kind: Holds, Fact: s.x.explain(l.pred, s.rows[i], depth+1)})
		case litNeg:
			p := Premise{Kind: NoMatch, Pred: s.x.p.preds[l.pred].sym.Symbol}
			for j := range l.args {
				v, wild := s.arg(&l.args[j])
				p.Args, p.Wild = append(p.Args, v), append(p.Wild, wild)
			}
			out = append(out, p)
		default:
			out = append(out, Premise{Kind: Condition, Text: s.literalText(i), Bindings: s.bindings(l.left, l.right)})
		}
	}
	return out
}

func (s *search) arg(e *cexpr) (facts.Value, bool) {
	switch e.fn {
	case fnVar:
		return s.run.slots[e.slot], false
	case fnConst:
		return s.x.ev.vals[e.konst], false
	}
	return 0, true
}

// literalText is comparison or equality i of the clause.
func (s *search) literalText(i int) string {
	l := &s.r.body[i]
	return s.exprText(l.left) + " " + cmpText[l.op] + " " + s.exprText(l.right)
}

var cmpText = map[cmpOp]string{opEq: "=", opNe: "!=", opLt: "<", opLe: "<=", opGt: ">", opGe: ">="}

func (s *search) exprText(e cexpr) string {
	switch e.fn {
	case fnVar:
		return s.r.varNames[e.slot]
	case fnConst:
		return s.x.ev.syms.Format(s.x.ev.vals[e.konst])
	case fnWild:
		return "_"
	}
	var args []string
	for _, a := range e.args {
		args = append(args, s.exprText(a))
	}
	return fnName[e.fn] + "(" + strings.Join(args, ", ") + ")"
}

func (s *search) bindings(es ...cexpr) []Binding {
	var out []Binding
	seen := map[int]bool{}
	var walk func(e cexpr)
	walk = func(e cexpr) {
		if e.fn == fnVar && !seen[e.slot] {
			seen[e.slot] = true
			out = append(out, Binding{s.r.varNames[e.slot], s.run.slots[e.slot]})
		}
		for _, a := range e.args {
			walk(a)
		}
	}
	for _, e := range es {
		walk(e)
	}
	return out
}

// solve enumerates the instances of the body under the bindings so far,
// calling found on each until it returns true. Conditions run as soon as
// their variables are bound; of the atoms left, the one with the most
// bound arguments runs next.
func (s *search) solve(found func() bool) bool {
	next, best := -1, -1
	for i, l := range s.r.body {
		if s.done[i] {
			continue
		}
		switch l.kind {
		case litAtom:
			n := 0
			for _, a := range l.args {
				if a.fn == fnConst || a.fn == fnVar && s.bound[a.slot] {
					n++
				}
			}
			if n > best {
				next, best = i, n
			}
		case litNeg:
			if s.argsBound(l.args...) {
				return s.try(i, found, func() bool { return !s.matchesAny(&l) })
			}
		case litCmp:
			if s.argsBound(l.left, l.right) {
				return s.try(i, found, func() bool { return s.compare(&l) })
			}
		case litEq:
			lb, rb := s.argsBound(l.left), s.argsBound(l.right)
			switch {
			case lb && rb:
				return s.try(i, found, func() bool { return s.compare(&l) })
			case rb && l.left.fn == fnVar:
				return s.assign(i, l.left.slot, l.right, found)
			case lb && l.right.fn == fnVar:
				return s.assign(i, l.right.slot, l.left, found)
			}
		}
	}
	if next < 0 {
		return found()
	}
	return s.atom(next, found)
}

// try marks literal i done and goes on if ok holds.
func (s *search) try(i int, found func() bool, ok func() bool) bool {
	if !ok() {
		return false
	}
	s.done[i] = true
	stop := s.solve(found)
	s.done[i] = false
	return stop
}

func (s *search) assign(i, slot int, e cexpr, found func() bool) bool {
	x := s.x.ev.resolve(e)
	v, ok := s.run.value(&x)
	if !ok {
		return false
	}
	s.run.slots[slot], s.bound[slot], s.done[i] = v, true, true
	stop := s.solve(found)
	s.bound[slot], s.done[i] = false, false
	return stop
}

func (s *search) compare(l *literal) bool {
	a, b := s.x.ev.resolve(l.left), s.x.ev.resolve(l.right)
	va, ok := s.run.value(&a)
	if !ok {
		return false
	}
	vb, ok := s.run.value(&b)
	if !ok {
		return false
	}
	holds, ok := s.run.compare(l.op, va, vb)
	return ok && holds
}

func (s *search) argsBound(es ...cexpr) bool {
	for _, e := range es {
		if e.fn == fnVar && !s.bound[e.slot] {
			return false
		}
		if !s.argsBound(e.args...) {
			return false
		}
	}
	return true
}

// key returns the columns of an atom that are bound, and their values.
func (s *search) key(l *literal) ([]int, []facts.Value) {
	var cols []int
	var vals []facts.Value
	for c := range l.args {
		a := &l.args[c]
		if a.fn == fnConst || a.fn == fnVar && s.bound[a.slot] {
			v, _ := s.arg(a)
			cols, vals = append(cols, c), append(vals, v)
		}
	}
	return cols, vals
}

// matchesAny reports whether a fact matches a negated atom.
func (s *search) matchesAny(l *literal) bool {
	rel := s.x.ev.rels[l.pred]
	cols, vals := s.key(l)
	switch {
	case len(cols) == len(l.args):
		return rel.Contains(vals)
	case len(cols) == 0:
		return rel.Len() > 0
	}
	return rel.Index(cols).First(vals) != facts.NoRow
}

// atom joins positive atom i with the facts that match its bound
// arguments, binding the others.
func (s *search) atom(i int, found func() bool) bool {
	l := &s.r.body[i]
	rel := s.x.ev.rels[l.pred]
	cols, vals := s.key(l)
	visit := func(id uint32) bool {
		if s.steps++; s.steps > s.x.opt.MaxSteps {
			s.x.exhausted = true
			return true
		}
		if s.before > 0 && rel.StampOf(id) >= s.before {
			return false
		}
		var newly []int
		ok := true
		for c, a := range l.args {
			if a.fn != fnVar {
				continue
			}
			switch v := rel.At(id, c); {
			case !s.bound[a.slot]:
				s.bound[a.slot], s.run.slots[a.slot] = true, v
				newly = append(newly, a.slot)
			case s.run.slots[a.slot] != v:
				ok = false
			}
		}
		stop := false
		if ok {
			s.done[i], s.rows[i] = true, id
			stop = s.solve(found)
			s.done[i] = false
		}
		for _, slot := range newly {
			s.bound[slot] = false
		}
		return stop
	}
	switch {
	case len(cols) == len(l.args):
		if id := rel.Find(vals); id != facts.NoRow {
			return visit(id)
		}
	case len(cols) == 0:
		for id := range uint32(rel.Len()) {
			if visit(id) {
				return true
			}
		}
	default:
		ix := rel.Index(cols)
		for id := ix.First(vals); id != facts.NoRow; id = ix.Next(id) {
			if visit(id) {
				return true
			}
		}
	}
	return false
}

// group explains an aggregation's fact: it collects the group's distinct
// body instances (the head binds the group_by variables), reduces them
// as the evaluation does, and checks the head. It returns nil if they do
// not give the fact.
func (x *Explainer) group(r *rule, head []facts.Value, depth int) []Premise {
	s, ok := x.newSearch(r, head, 0)
	if !ok {
		return nil
	}
	type member struct {
		slots []facts.Value
		rows  []uint32
	}
	var members []member
	seen := facts.NewRelation("", r.nbody)
	s.solve(func() bool {
		if seen.Add(s.run.slots[:r.nbody]) {
			members = append(members, member{append([]facts.Value(nil), s.run.slots[:r.nbody]...), append([]uint32(nil), s.rows...)})
		}
		return false
	})
	if len(members) == 0 || s.steps > x.opt.MaxSteps {
		return nil // no group, or only part of it
	}
	slices.SortFunc(members, func(a, b member) int { return slices.Compare(a.slots, b.slots) })
	var text []string
	for _, st := range r.agg.stmts {
		var acc int64
		switch st.reducer {
		case reduceCount:
			acc = int64(len(members))
		case reduceNone:
			e := x.ev.resolve(st.expr)
			v, ok := s.run.value(&e)
			if !ok {
				return nil
			}
			s.run.slots[st.out] = v
			text = append(text, fmt.Sprintf("%s = %s", r.varNames[st.out], x.ev.syms.Format(v)))
			continue
		default:
			for k, m := range members {
				v := m.slots[st.arg]
				if !v.IsNumber() {
					return nil
				}
				switch n := v.Int(); {
				case st.reducer == reduceSum:
					acc += n
				case k == 0, st.reducer == reduceMin && n < acc, st.reducer == reduceMax && n > acc:
					acc = n
				}
			}
		}
		s.run.slots[st.out] = facts.Number(acc)
		text = append(text, fmt.Sprintf("%s = %s%s", r.varNames[st.out], reducerText(st, r), x.ev.syms.Format(facts.Number(acc))))
	}
	if !s.headMatches() {
		return nil
	}
	var keys []Binding
	for _, k := range r.agg.keys {
		keys = append(keys, Binding{r.varNames[k], s.run.slots[k]})
	}
	g := Premise{Kind: Group, Bindings: keys,
		Text: fmt.Sprintf("a group of %d rows: %s", len(members), strings.Join(text, ", "))}
	for _, m := range members[:min(len(members), x.opt.GroupMembers)] {
		for i, l := range r.body {
			if l.kind == litAtom {
				g.Members = append(g.Members, x.explain(l.pred, m.rows[i], depth+1))
			}
		}
	}
	return []Premise{g}
}

func reducerText(st aggStmt, r *rule) string {
	switch st.reducer {
	case reduceCount:
		return "fn:count() = "
	case reduceSum:
		return "fn:sum(" + r.varNames[st.arg] + ") = "
	case reduceMin:
		return "fn:min(" + r.varNames[st.arg] + ") = "
	case reduceMax:
		return "fn:max(" + r.varNames[st.arg] + ") = "
	}
	return ""
}
