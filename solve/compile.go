package solve

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/google/mangle/analysis"
	"github.com/google/mangle/ast"
	"github.com/google/mangle/builtin"
	"github.com/google/mangle/parse"
	"github.com/google/mangle/symbols"

	"bufferlog/facts"
)

// Source is one rule file: its name (used in error messages) and text.
type Source struct {
	Name string
	Text string
	// Syntax, if not nil, is the file's syntax tree stored ahead of time
	// (DecodeSyntax); Parse reads it instead of parsing Text if it was
	// made from Text.
	Syntax *Syntax
}

// Program is a compiled, stratified rule set. It is immutable and may be
// evaluated concurrently against different DBs.
type Program struct {
	sources []Source
	decls   []ast.Decl   // as parsed, for EvalMangle
	clauses []ast.Clause // as parsed, for EvalMangle
	preds   []predicate  // by id
	predIDs map[ast.PredicateSym]int
	consts  []ast.Constant // constant pool; resolved to Values per Eval
	facts   []*rule        // clauses without a body
	strata  []stratum      // in evaluation order
	// computed lists the predicates derived natively (see computed.go).
	computed []computed
	// roots are the predicates an evaluation is for; the strata hold
	// more when the program is restricted or has computed predicates.
	roots []int
	// given marks predicates whose facts an earlier evaluation derived
	// in full: their rules are not run again (see DerivedBy).
	given []bool
	// planned caches plan's result for each value of its argument: a
	// Program is evaluated once per function of a module. Each Program
	// value has its own (see newPlanCache).
	planned *planCache
	// positions locates the clauses of each source, parsed once when
	// first asked (see clauseStart); shared by the Programs restricted
	// from this one, which have the same sources.
	positions *sourcePositions
}

// planCache holds the strata of plan(false) and plan(true), and the
// runners of static plans that evaluations hand on to later ones (maps
// from variant to *runner; see evaluator.refresh).
type planCache struct {
	once   [2]sync.Once
	strata [2][]stratum
	used   [2][]int // the predicates the strata and the facts touch
	// negated marks, by predicate id, those some rule of the strata reads
	// in a negation: a lookup of a whole tuple, which needs the relation's
	// duplicate set, so the evaluation does not seal it (seal).
	negated [2][]bool
	// distinct marks, by predicate id, those whose stratum derives them
	// with no duplicates (stratum.distinct).
	distinct [2][]bool
	// touching counts, by predicate id, the strata that touch it.
	touching [2][]int32
	runners  sync.Pool
	scratch  sync.Pool // *evalScratch
	// rates holds, per predicate id, how many facts the last evaluation
	// of the program derived for it, from none, and from how many. A
	// module's functions are much alike: the next evaluation makes room
	// for as many per fact up front, instead of growing each relation's
	// storage and duplicate set step by step. Per fact, so that a small
	// part evaluated after a large one (the module's own ops after its
	// largest function) does not take the large one's room: on a
	// 100k-op function that held 89 MB beside its analysis.
	ratesOnce sync.Once
	rates     rowRates
	// pool is the constant pool as interned in the Symbols table of the
	// last evaluation: a module's parts share one table, so their
	// evaluations share one pool instead of each interning every constant.
	pool atomic.Pointer[constPool]
}

type constPool struct {
	syms *facts.Symbols
	vals []facts.Value // by index in Program.consts
}

// constants returns the constant pool of p interned in syms.
func (p *Program) constants(syms *facts.Symbols) []facts.Value {
	if pool := p.planned.pool.Load(); pool != nil && pool.syms == syms {
		return pool.vals
	}
	vals := make([]facts.Value, len(p.consts))
	for i, k := range p.consts {
		vals[i] = constantValue(syms, k)
	}
	p.planned.pool.Store(&constPool{syms, vals})
	return vals
}

// derivedRates returns the rates of c for a program of n predicates.
func (c *planCache) derivedRates(n int) rowRates {
	c.ratesOnce.Do(func() { c.rates = make(rowRates, n) })
	return c.rates
}

// rowRates are, by predicate id, the facts the last evaluation derived
// and the facts it started from, 32 bits each in one word: evaluations
// of one program on several DBs at once note and read them.
type rowRates []atomic.Uint64

// note records that an evaluation that started from input facts derived
// rows facts of predicate id.
func (r rowRates) note(id, rows, input int) {
	r[id].Store(uint64(min(rows, math.MaxUint32))<<32 | uint64(min(input, math.MaxUint32)))
}

// expect returns how many facts of predicate id an evaluation that
// starts from input facts is expected to derive: as many per fact as the
// last, and no more than the last. A part that has what the last lacked
// (the module's declarations beside its largest function) does not make
// room for their facts at every fact of its own.
func (r rowRates) expect(id, input int) int {
	w := r[id].Load()
	rows, last := float64(w>>32), float64(max(w&math.MaxUint32, 1))
	return int(min(rows, math.Ceil(rows*float64(input)/last)))
}

// distinctHeads reports whether r derives a different head tuple from
// each solution of its body: every variable of its positive atoms is an
// argument of the head, and they have no wildcards. The head then gives
// back the row each atom matched, and a join visits each combination of
// rows once.
func (r *rule) distinctHeads() bool {
	if r.agg != nil || len(r.headArgs) == 0 {
		return false
	}
	inHead := make([]bool, r.nslots)
	for _, a := range r.headArgs {
		if a.fn == fnVar {
			inHead[a.slot] = true
		}
	}
	for _, l := range r.body {
		if l.kind != litAtom {
			continue
		}
		for _, a := range l.args {
			if a.fn == fnWild || a.fn == fnVar && !inHead[a.slot] {
				return false
			}
		}
	}
	return true
}

type predicate struct {
	sym     ast.PredicateSym
	fact    facts.PredID // its relations' number in a DB
	columns []string     // from the Decl, if any
}

type stratum struct {
	preds     []int
	rules     []*rule
	recursive bool        // some rule reads a predicate of this stratum
	compute   []*computed // computed natively before the rules run
	// waits lists the earlier strata of a plan whose predicates this
	// one reads (set by makePlan): it may run as soon as they are done.
	waits []int
	// touches lists, once each, the predicates the stratum reads or
	// derives (set by makePlan): once every stratum that touches a
	// predicate is done, an evaluation may let its relation go
	// (Options.Release).
	touches []int
	// distinct lists the predicates of a stratum that is not recursive
	// whose one rule derives a different fact from each solution of its
	// body (rule.distinctHeads; set by makePlan): while the relation has
	// no fact before the rule runs, its facts are appended with no
	// duplicate check (evaluator.appendOnly).
	distinct []int
}

// clauseRef names a clause: source index and index among its clauses.
type clauseRef struct{ src, index int }

// rule is one compiled clause. Variables live in numbered slots: the
// body's variables first (slots [0, nbody)), then variables defined by a
// transform.
type rule struct {
	ref      clauseRef
	clause   ast.Clause // as written, for messages (text)
	head     int        // predicate id
	headArgs []cexpr
	body     []literal
	nbody    int
	nslots   int
	lets     []assignment // let-transform, applied per body solution
	agg      *aggregate   // do-transform
	varNames []string     // by slot, for messages
	// static holds a plan made without size estimates for each variant:
	// static[0] for the first pass, static[i+1] with atom i as the delta.
	static [][]planItem
}

// text returns the clause as Mangle prints it; only messages and
// explanations need it, so it is not made when the rule is compiled.
func (r *rule) text() string { return r.clause.String() }

type literalKind uint8

const (
	litAtom literalKind = iota
	litNeg
	litCmp // comparison or inequality: op(left, right)
	litEq  // X = expr: an assignment or a check, decided by the planner
)

type literal struct {
	kind        literalKind
	premise     int // index in the clause's premises, for positions
	pred        int // litAtom, litNeg
	args        []cexpr
	op          cmpOp
	left, right cexpr
}

type assignment struct {
	slot int
	expr cexpr
}

type aggregate struct {
	keys  []int // group_by variables (body slots)
	stmts []aggStmt
}

type aggStmt struct {
	out     int
	reducer reducer // reduceNone: expr over keys and earlier outputs
	arg     int     // reduced body slot
	expr    cexpr
}

type reducer uint8

const (
	reduceNone reducer = iota
	reduceCount
	reduceSum
	reduceMin
	reduceMax
)

// cexpr is an argument or expression as compiled: a variable slot, a
// constant from the pool, a wildcard that binds nothing, or a function of
// sub-expressions.
type cexpr struct {
	fn    fnKind
	slot  int // fnVar
	konst int // fnConst: index into Program.consts
	args  []cexpr
}

type fnKind uint8

const (
	fnNone fnKind = iota // the zero value: not an expression
	fnVar
	fnConst
	fnWild
	fnPlus
	fnMinus
	fnMult
	fnDiv
)

var arithmetic = map[string]fnKind{
	symbols.Plus.Symbol:  fnPlus,
	symbols.Minus.Symbol: fnMinus,
	symbols.Mult.Symbol:  fnMult,
	symbols.Div.Symbol:   fnDiv,
}

var reducers = map[string]reducer{
	symbols.Count.Symbol: reduceCount,
	symbols.Sum.Symbol:   reduceSum,
	symbols.Min.Symbol:   reduceMin,
	symbols.Max.Symbol:   reduceMax,
}

type cmpOp uint8

const (
	opEq cmpOp = iota
	opNe
	opLt
	opLe
	opGt
	opGe
)

var comparisons = map[string]cmpOp{
	symbols.Lt.Symbol: opLt,
	symbols.Le.Symbol: opLe,
	symbols.Gt.Symbol: opGt,
	symbols.Ge.Symbol: opGe,
}

// Compile parses, checks and stratifies rule files. Every error is an
// *Error naming the file, and the line and column where known.
func Compile(sources ...Source) (*Program, error) {
	parsed, err := Parse(sources...)
	if err != nil {
		return nil, err
	}
	return parsed.Compile()
}

// Parsed is rule files parsed but not compiled: what they declare and
// derive (Declarations, Clauses), for a driver to check before Compile
// analyzes them.
type Parsed struct {
	c *compiler // after parse
}

// Parse parses rule files, with the errors of Compile's first step.
func Parse(sources ...Source) (parsed *Parsed, err error) {
	defer recoverCompile(&err)
	c := &compiler{prog: &Program{sources: sources, predIDs: map[ast.PredicateSym]int{}, planned: new(planCache),
		positions: &sourcePositions{once: make([]sync.Once, len(sources)), units: make([]unitPositions, len(sources))}}}
	if err := c.parse(); err != nil {
		return nil, err
	}
	return &Parsed{c}, nil
}

// recoverCompile turns a panic into an error: Mangle's analysis asserts
// types in places, and a rule file must never crash the caller.
func recoverCompile(err *error) {
	if r := recover(); r != nil {
		*err = &Error{Msg: fmt.Sprintf("internal error while compiling rules: %v", r)}
	}
}

// Compile checks and stratifies the parsed files, as Compile does.
func (p *Parsed) Compile() (prog *Program, err error) {
	defer recoverCompile(&err)
	parsed := p.c
	c := &compiler{prog: &Program{sources: parsed.prog.sources, predIDs: map[ast.PredicateSym]int{}, planned: new(planCache),
		positions: parsed.prog.positions}, decls: parsed.decls, declRefs: parsed.declRefs, clauses: parsed.clauses, refs: parsed.refs}
	info, err := c.analyze()
	if err != nil {
		return nil, err
	}
	for i, cl := range c.clauses {
		r, err := c.compileClause(i, cl)
		if err != nil {
			return nil, err
		}
		if len(cl.Premises) == 0 {
			c.prog.facts = append(c.prog.facts, r)
		} else {
			c.rules = append(c.rules, r)
		}
	}
	// Predicates that are only declared (facts that a driver adds, such as
	// the in-place decisions) are part of the program too, so that they
	// can be asked for by name.
	for _, d := range c.decls {
		c.predID(d.DeclaredAtom.Predicate)
	}
	for sym, d := range info.Decls {
		if id, ok := c.prog.predIDs[sym]; ok {
			c.prog.preds[id].columns = declColumns(d)
		}
	}
	if err := c.stratify(info); err != nil {
		return nil, err
	}
	if err := c.computedPredicates(); err != nil {
		return nil, err
	}
	c.prog.roots = c.prog.defaultRoots()
	c.prog.decls, c.prog.clauses = c.decls, c.clauses
	return c.prog, nil
}

type compiler struct {
	prog     *Program
	decls    []ast.Decl
	declRefs []clauseRef // index = position among the unit's Decl statements
	clauses  []ast.Clause
	refs     []clauseRef
	rules    []*rule
}

func (c *compiler) parse() error {
	for si, src := range c.prog.sources {
		unit, ok := src.Syntax.unit(src.Text)
		if !ok {
			var err error
			if unit, err = parse.Unit(strings.NewReader(src.Text)); err != nil {
				return parseError(src.Name, err)
			}
		}
		declIndex := 0
		for _, d := range unit.Decls {
			switch d.DeclaredAtom.Predicate {
			case symbols.Package:
				if name := packageName(d); name != "" {
					return c.errAt(si, c.pos(si).pkg, "package %q: packages are not supported", name)
				}
			case symbols.Use:
				return c.errAt(si, c.pos(si).uses[0], "use declarations are not supported")
			default:
				if d.IsExternal() {
					return c.errAt(si, c.declPos(si, declIndex), "external predicate %v is not supported", d.DeclaredAtom.Predicate)
				}
				c.decls = append(c.decls, d)
				c.declRefs = append(c.declRefs, clauseRef{si, declIndex})
				declIndex++
			}
		}
		for ci, cl := range unit.Clauses {
			c.clauses = append(c.clauses, cl)
			c.refs = append(c.refs, clauseRef{si, ci})
		}
	}
	return nil
}

func packageName(d ast.Decl) string {
	for _, a := range d.Descr {
		if a.Predicate.Symbol == "name" && len(a.Args) == 1 {
			if k, ok := a.Args[0].(ast.Constant); ok && k.Type == ast.StringType {
				return k.Symbol
			}
		}
	}
	return ""
}

// analyze runs Mangle's checks (declarations, arities, bound variables,
// functions, transforms). Mangle reports the first failing clause without
// saying which one, so on failure we find it: checking a prefix of the
// clauses fails exactly when the prefix contains a bad clause.
func (c *compiler) analyze() (*analysis.ProgramInfo, error) {
	clauses := make([]ast.Clause, len(c.clauses))
	for i, cl := range c.clauses {
		clauses[i] = negatedWildcardsAsConstants(cl)
	}
	run := func(ndecls, nclauses int, ensure bool) (*analysis.ProgramInfo, error) {
		an, err := analysis.New(nil, c.decls[:ndecls], analysis.NoBoundsChecking)
		if err != nil {
			return nil, err
		}
		heads := clauses
		if !ensure {
			heads = clauses[:nclauses]
		}
		if err := an.EnsureDecl(heads); err != nil {
			return nil, err
		}
		return an.Analyze(clauses[:nclauses])
	}
	info, err := run(len(c.decls), len(c.clauses), true)
	if err == nil {
		return info, nil
	}
	if _, derr := run(len(c.decls), 0, false); derr != nil {
		// The declarations alone fail: find the first bad one.
		k := sort.Search(len(c.decls), func(k int) bool {
			_, err := run(k+1, 0, false)
			return err != nil
		})
		if k < len(c.decls) {
			ref := c.declRefs[k]
			return nil, c.errAt(ref.src, c.declPos(ref.src, ref.index), "%v", derr)
		}
		return nil, &Error{Msg: derr.Error()}
	}
	if _, eerr := run(len(c.decls), 0, true); eerr != nil {
		// Defining the heads fails (e.g. a rule head clashes with a Decl).
		k := sort.Search(len(c.clauses), func(k int) bool {
			_, err := run(len(c.decls), k+1, false)
			return err != nil
		})
		return nil, c.clauseErr(k, -1, "%v", eerr)
	}
	k := sort.Search(len(c.clauses), func(k int) bool {
		_, err := run(len(c.decls), k+1, true)
		return err != nil
	})
	return nil, c.clauseErr(k, -1, "%v", err)
}

// negatedWildcardsAsConstants hides wildcards in negated atoms from
// Mangle's analysis, which mishandles them: depending on the other
// premises it either rejects the clause ("variable X1 is not bound") or
// silently drops the negation while rewriting it. We compile the original
// clause, where !p(X, _) means that no p fact has X in its first column.
func negatedWildcardsAsConstants(cl ast.Clause) ast.Clause {
	var premises []ast.Term
	for i, p := range cl.Premises {
		n, ok := p.(ast.NegAtom)
		if !ok {
			continue
		}
		args := make([]ast.BaseTerm, len(n.Atom.Args))
		for j, a := range n.Atom.Args {
			args[j] = a
			if v, ok := a.(ast.Variable); ok && v.Symbol == "_" {
				args[j] = wildcardStandIn
			}
		}
		if premises == nil {
			premises = append([]ast.Term(nil), cl.Premises...)
		}
		premises[i] = ast.NegAtom{Atom: ast.Atom{Predicate: n.Atom.Predicate, Args: args}}
	}
	if premises == nil {
		return cl
	}
	return ast.Clause{Head: cl.Head, Premises: premises, Transform: cl.Transform}
}

var wildcardStandIn, _ = ast.Name("/wildcard")

// stratify orders the rules with analysis.Stratify, and on failure finds
// a clause whose negation or aggregation closes a cycle.
func (c *compiler) stratify(info *analysis.ProgramInfo) error {
	// The clauses as written, not info.Rules: Mangle's rewriting can drop
	// a negation (see negatedWildcardsAsConstants), and with it an edge.
	var rules []ast.Clause
	for _, cl := range c.clauses {
		if len(cl.Premises) > 0 {
			rules = append(rules, cl)
		}
	}
	strata, _, err := analysis.Stratify(analysis.Program{
		EdbPredicates: info.EdbPredicates, IdbPredicates: info.IdbPredicates, Rules: rules})
	if err != nil {
		return c.unstratifiable(err)
	}
	stratumOf := map[int]int{}
	for si, set := range strata {
		var preds []int
		for sym := range set {
			id := c.predID(sym)
			preds = append(preds, id)
			stratumOf[id] = si
		}
		sort.Ints(preds)
		c.prog.strata = append(c.prog.strata, stratum{preds: preds})
	}
	for _, r := range c.rules {
		s := &c.prog.strata[stratumOf[r.head]]
		s.rules = append(s.rules, r)
		for _, l := range r.body {
			if l.kind == litAtom {
				if ls, ok := stratumOf[l.pred]; ok && ls == stratumOf[r.head] {
					s.recursive = true
				}
			}
		}
	}
	return nil
}

func (c *compiler) unstratifiable(err error) error {
	reaches := c.dependencies()
	for _, r := range c.rules {
		for _, l := range r.body {
			negative := l.kind == litNeg || (l.kind == litAtom && r.agg != nil)
			if negative && reaches(l.pred, r.head) {
				what := "negation of"
				if l.kind == litAtom {
					what = "aggregation over"
				}
				return c.clauseErr(c.clauseIndex(r.ref), l.premise,
					"cannot stratify: %s %s, which depends on %s (%v)",
					what, c.prog.preds[l.pred].sym.Symbol, c.prog.preds[r.head].sym.Symbol, err)
			}
		}
	}
	return &Error{Msg: err.Error()}
}

// dependencies returns reaches(p, q): p's rules read q, directly or not
// (reaches(p, p) only through a cycle). What p reaches is found when first
// asked: the callers ask about a few predicates of hundreds.
func (c *compiler) dependencies() (reaches func(p, q int) bool) {
	edges := make([][]int, len(c.prog.preds))
	for _, r := range c.rules {
		for _, l := range r.body {
			if l.kind == litAtom || l.kind == litNeg {
				edges[r.head] = append(edges[r.head], l.pred)
			}
		}
	}
	reach := make([][]bool, len(edges))
	return func(p, q int) bool {
		if reach[p] == nil {
			seen := make([]bool, len(edges))
			stack := append([]int(nil), edges[p]...)
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if !seen[q] {
					seen[q] = true
					stack = append(stack, edges[q]...)
				}
			}
			reach[p] = seen
		}
		return reach[p][q]
	}
}

func declColumns(d *ast.Decl) []string {
	var cols []string
	for _, a := range d.DeclaredAtom.Args {
		v, ok := a.(ast.Variable)
		if !ok {
			return nil
		}
		cols = append(cols, v.Symbol)
	}
	return cols
}

func (c *compiler) predID(sym ast.PredicateSym) int {
	if id, ok := c.prog.predIDs[sym]; ok {
		return id
	}
	id := len(c.prog.preds)
	c.prog.preds = append(c.prog.preds, predicate{sym: sym, fact: facts.Intern(sym.Symbol, sym.Arity)})
	c.prog.predIDs[sym] = id
	return id
}

// clauseCompiler compiles one clause, numbering its variables.
type clauseCompiler struct {
	*compiler
	index int // clause index in c.clauses
	slots map[string]int
	r     *rule
}

func (c *compiler) compileClause(index int, cl ast.Clause) (*rule, error) {
	cc := &clauseCompiler{compiler: c, index: index, slots: map[string]int{},
		r: &rule{ref: c.refs[index], clause: cl, head: c.predID(cl.Head.Predicate)}}
	aggregating := cl.Transform != nil && !cl.Transform.IsLetTransform()
	for i, p := range cl.Premises {
		l, err := cc.literal(i, p, aggregating)
		if err != nil {
			return nil, err
		}
		cc.r.body = append(cc.r.body, l)
	}
	cc.r.nbody = len(cc.slots)
	if cl.Transform != nil {
		if err := cc.transform(cl.Transform); err != nil {
			return nil, err
		}
	}
	for _, a := range cl.Head.Args {
		e, err := cc.expr(a, -1)
		if err != nil {
			return nil, err
		}
		cc.r.headArgs = append(cc.r.headArgs, e)
	}
	cc.r.nslots = len(cc.slots)
	cc.r.varNames = make([]string, len(cc.slots))
	for name, s := range cc.slots {
		if strings.HasPrefix(name, "\x00") {
			name = "_"
		}
		cc.r.varNames[s] = name
	}
	// Plans without estimates, for each variant, serve small inputs:
	// planning per run would cost more than it saves there.
	for delta := -1; delta < len(cc.r.body); delta++ {
		if delta >= 0 && cc.r.body[delta].kind != litAtom {
			cc.r.static = append(cc.r.static, nil)
			continue
		}
		order, err := planOrder(cc.r, delta, nil)
		if err != nil {
			return nil, cc.clauseErr(index, err.premise, "%s", err.msg)
		}
		cc.r.static = append(cc.r.static, order)
	}
	return cc.r, nil
}

func (cc *clauseCompiler) literal(i int, p ast.Term, aggregating bool) (literal, error) {
	switch p := p.(type) {
	case ast.Atom:
		if op, ok := comparisons[p.Predicate.Symbol]; ok {
			if len(p.Args) != 2 {
				return literal{}, cc.clauseErr(cc.index, i, "%s takes 2 arguments", p.Predicate.Symbol)
			}
			l, err := cc.exprs(i, p.Args[0], p.Args[1])
			l.kind, l.op = litCmp, op
			return l, err
		}
		if p.Predicate.IsBuiltin() {
			return literal{}, cc.clauseErr(cc.index, i, "built-in predicate %s is not supported", p.Predicate.Symbol)
		}
		args, err := cc.atomArgs(i, p, aggregating)
		return literal{kind: litAtom, premise: i, pred: cc.predID(p.Predicate), args: args}, err
	case ast.NegAtom:
		if p.Atom.Predicate.IsBuiltin() {
			return literal{}, cc.clauseErr(cc.index, i, "negated built-in predicate %s is not supported", p.Atom.Predicate.Symbol)
		}
		args, err := cc.atomArgs(i, p.Atom, false)
		return literal{kind: litNeg, premise: i, pred: cc.predID(p.Atom.Predicate), args: args}, err
	case ast.Eq:
		l, err := cc.exprs(i, p.Left, p.Right)
		l.kind = litEq
		return l, err
	case ast.Ineq:
		l, err := cc.exprs(i, p.Left, p.Right)
		l.kind, l.op = litCmp, opNe
		return l, err
	}
	return literal{}, cc.clauseErr(cc.index, i, "unsupported premise %v", p)
}

func (cc *clauseCompiler) exprs(i int, left, right ast.BaseTerm) (literal, error) {
	l := literal{premise: i}
	var err error
	if l.left, err = cc.expr(left, i); err != nil {
		return l, err
	}
	l.right, err = cc.expr(right, i)
	return l, err
}

// atomArgs compiles the arguments of a (possibly negated) atom: only
// variables, wildcards and constants. In an aggregating rule each
// wildcard of a positive atom gets its own slot, so that the rows being
// grouped keep the facts they came from apart (see doc.go).
func (cc *clauseCompiler) atomArgs(i int, a ast.Atom, wildSlots bool) ([]cexpr, error) {
	var out []cexpr
	for _, arg := range a.Args {
		switch t := arg.(type) {
		case ast.Variable:
			if t.Symbol == "_" {
				if wildSlots {
					out = append(out, cexpr{fn: fnVar, slot: cc.slot(fmt.Sprintf("\x00_%d", len(cc.slots)))})
				} else {
					out = append(out, cexpr{fn: fnWild})
				}
				continue
			}
			out = append(out, cexpr{fn: fnVar, slot: cc.slot(t.Symbol)})
		case ast.Constant:
			e, err := cc.constant(t, i)
			if err != nil {
				return nil, err
			}
			out = append(out, e)
		default:
			return nil, cc.clauseErr(cc.index, i, "%v in %v: only variables and constants may be atom arguments (bind expressions with = first)", arg, a)
		}
	}
	return out, nil
}

func (cc *clauseCompiler) slot(name string) int {
	if s, ok := cc.slots[name]; ok {
		return s
	}
	s := len(cc.slots)
	cc.slots[name] = s
	return s
}

// expr compiles a term in an expression position (premise index i, or -1
// for the head and transforms).
func (cc *clauseCompiler) expr(t ast.BaseTerm, i int) (cexpr, error) {
	switch t := t.(type) {
	case ast.Variable:
		if t.Symbol == "_" {
			return cexpr{}, cc.clauseErr(cc.index, i, "wildcard _ used as a value")
		}
		return cexpr{fn: fnVar, slot: cc.slot(t.Symbol)}, nil
	case ast.Constant:
		return cc.constant(t, i)
	case ast.ApplyFn:
		fn, ok := arithmetic[t.Function.Symbol]
		if !ok {
			return cexpr{}, cc.clauseErr(cc.index, i, "function %s is not supported (only fn:plus, fn:minus, fn:mult, fn:div)", t.Function.Symbol)
		}
		if len(t.Args) == 0 {
			return cexpr{}, cc.clauseErr(cc.index, i, "%v needs at least one argument", t)
		}
		e := cexpr{fn: fn}
		for _, a := range t.Args {
			sub, err := cc.expr(a, i)
			if err != nil {
				return cexpr{}, err
			}
			e.args = append(e.args, sub)
		}
		return e, nil
	}
	return cexpr{}, cc.clauseErr(cc.index, i, "unsupported term %v", t)
}

func (cc *clauseCompiler) constant(k ast.Constant, i int) (cexpr, error) {
	switch k.Type {
	case ast.NameType, ast.StringType:
	case ast.NumberType:
		if n, _ := k.NumberValue(); !facts.InNumberRange(n) {
			return cexpr{}, cc.clauseErr(cc.index, i, "number %d is out of range (63-bit)", n)
		}
	default:
		return cexpr{}, cc.clauseErr(cc.index, i, "constant %v: only numbers, names and strings are supported", k)
	}
	for j, have := range cc.prog.consts {
		if have.Equals(k) {
			return cexpr{fn: fnConst, konst: j}, nil
		}
	}
	cc.prog.consts = append(cc.prog.consts, k)
	return cexpr{fn: fnConst, konst: len(cc.prog.consts) - 1}, nil
}

func (cc *clauseCompiler) transform(t *ast.Transform) error {
	stmts := t.Statements
	if t.IsLetTransform() {
		for j, s := range stmts {
			e, err := cc.expr(s.Fn, -1)
			if err != nil {
				return cc.transformErr(j, err)
			}
			cc.r.lets = append(cc.r.lets, assignment{slot: cc.slot(s.Var.Symbol), expr: e})
		}
		return nil
	}
	if stmts[0].Fn.Function.Symbol != symbols.GroupBy.Symbol {
		return cc.clauseErr(cc.index, -1, "do %v is not supported (only fn:group_by)", stmts[0].Fn)
	}
	agg := &aggregate{}
	for _, a := range stmts[0].Fn.Args {
		v, ok := a.(ast.Variable)
		if !ok {
			return cc.transformErr(0, fmt.Errorf("group_by argument %v is not a variable", a))
		}
		agg.keys = append(agg.keys, cc.slot(v.Symbol))
	}
	for j, s := range stmts[1:] {
		st := aggStmt{reducer: reducers[s.Fn.Function.Symbol]}
		switch {
		case st.reducer == reduceCount:
			if len(s.Fn.Args) != 0 {
				return cc.transformErr(j+1, fmt.Errorf("fn:count takes no arguments"))
			}
		case st.reducer != reduceNone:
			var v ast.Variable
			ok := len(s.Fn.Args) == 1
			if ok {
				v, ok = s.Fn.Args[0].(ast.Variable)
			}
			if !ok {
				return cc.transformErr(j+1, fmt.Errorf("%v: the reducer's argument must be one variable", s.Fn))
			}
			st.arg = cc.slot(v.Symbol)
		case builtin.IsReducerFunction(s.Fn.Function):
			return cc.transformErr(j+1, fmt.Errorf("reducer %s is not supported (only fn:count, fn:sum, fn:min, fn:max)", s.Fn.Function.Symbol))
		default:
			e, err := cc.expr(s.Fn, -1)
			if err != nil {
				return cc.transformErr(j+1, err)
			}
			st.expr = e
		}
		st.out = cc.slot(s.Var.Symbol)
		agg.stmts = append(agg.stmts, st)
	}
	cc.r.agg = agg
	return nil
}

func (cc *clauseCompiler) transformErr(stmt int, err error) error {
	if e, ok := err.(*Error); ok {
		return e
	}
	ref := cc.refs[cc.index]
	p := cc.pos(ref.src).clauses[ref.index]
	at := p.start
	if stmt < len(p.transforms) {
		at = p.transforms[stmt]
	}
	return cc.errAt(ref.src, at, "%v", err)
}

func (c *compiler) pos(src int) unitPositions { return c.prog.unit(src) }

func (c *compiler) declPos(src, index int) pos { return c.prog.declStart(src, index) }

func (c *compiler) clauseIndex(ref clauseRef) int {
	for i, r := range c.refs {
		if r == ref {
			return i
		}
	}
	return -1
}

// clauseErr reports a problem in clause k (an index into c.clauses), at
// its premise if premise >= 0, else at the clause's start.
func (c *compiler) clauseErr(k, premise int, format string, args ...any) error {
	if k < 0 || k >= len(c.refs) {
		return &Error{Msg: fmt.Sprintf(format, args...)}
	}
	ref := c.refs[k]
	var at pos
	if cps := c.pos(ref.src).clauses; ref.index < len(cps) {
		at = cps[ref.index].start
		if premise >= 0 && premise < len(cps[ref.index].premises) {
			at = cps[ref.index].premises[premise]
		}
	}
	return c.errAt(ref.src, at, format, args...)
}

func (c *compiler) errAt(src int, at pos, format string, args ...any) error {
	return &Error{File: c.prog.sources[src].Name, Line: at.line, Col: at.col, Msg: fmt.Sprintf(format, args...)}
}
