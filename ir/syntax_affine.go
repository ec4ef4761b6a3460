package ir

import (
	"slices"
	"strconv"
	"strings"
)

// Custom syntax of the affine dialect's loops, conditionals and memory
// accesses. affine.apply, affine.min and affine.max are in syntax_misc.go.

func init() {
	register("affine.for", &opSyntax{Inherent: []string{"lowerBoundMap", "upperBoundMap", "step"}, Parse: parseAffineFor, Print: printAffineFor})
	register("affine.parallel", &opSyntax{Inherent: parallelInherent, Parse: parseAffineParallel, Print: printAffineParallel})
	register("affine.if", &opSyntax{Inherent: []string{"condition"}, Parse: parseAffineIf, Print: printAffineIf})
	register("affine.yield", yieldSyntax("affine.yield"))
	register("affine.load", &opSyntax{Inherent: []string{"map"}, Parse: parseAffineLoad, Print: printAffineLoad})
	register("affine.store", &opSyntax{Inherent: []string{"map"}, Parse: parseAffineStore, Print: printAffineStore})
}

var affineYield = impliedTerminator{"affine.yield", 0}

// --- affine expressions ---

// affineExpr is an affine expression as written: operands stay in source
// order and parentheses are nodes, so that writing it back gives the same
// tokens with other spellings for its dimensions and symbols, which MLIR
// then reads into the same expression whichever way they are spelled.
type affineExpr struct {
	kind     affineKind
	text     string // an integer's literal, a binary operator
	index    int    // a dimension's or symbol's position
	lhs, rhs *affineExpr
}

type affineKind uint8

const (
	affineInt affineKind = iota
	affineDim
	affineSym
	affineNeg    // -lhs
	affineParen  // (lhs)
	affineBinary // lhs text rhs
)

// affineExprParser reads affine expressions with the package's lexer. It
// checks their syntax only: whether a product or quotient is affine is
// MLIR's to judge, on the expressions it simplifies as it reads them.
type affineExprParser struct {
	lexer
	tok token
	// ident reads an identifier at tok: an SSA value in subscripts, a
	// declared name in a map's text; it returns nil after fail.
	ident func(ap *affineExprParser) *affineExpr
	// err is the first error, at errAt.
	err   string
	errAt int
}

func (ap *affineExprParser) advance()         { ap.tok = ap.next() }
func (ap *affineExprParser) text() string     { return string(ap.src[ap.tok.start:ap.tok.end]) }
func (ap *affineExprParser) is(p string) bool { return ap.tok.kind == tPunct && ap.text() == p }

func (ap *affineExprParser) fail(msg string) *affineExpr {
	if ap.err == "" {
		ap.err, ap.errAt = msg, ap.tok.start
	}
	return nil
}

// expect consumes the punctuation p or records an error.
func (ap *affineExprParser) expect(p string) bool {
	if !ap.is(p) {
		ap.fail("expected '" + p + "'")
		return false
	}
	ap.advance()
	return true
}

// sum reads `term (('+' | '-') term)*`.
func (ap *affineExprParser) sum() *affineExpr {
	lhs := ap.term()
	for lhs != nil && (ap.is("+") || ap.is("-")) {
		op := ap.text()
		ap.advance()
		rhs := ap.term()
		if rhs == nil {
			return nil
		}
		lhs = &affineExpr{kind: affineBinary, text: op, lhs: lhs, rhs: rhs}
	}
	return lhs
}

// term reads `unary (('*' | 'floordiv' | 'ceildiv' | 'mod') unary)*`.
func (ap *affineExprParser) term() *affineExpr {
	lhs := ap.unary()
	for lhs != nil {
		op := ap.text()
		if !ap.is("*") && (ap.tok.kind != tBare || op != "floordiv" && op != "ceildiv" && op != "mod") {
			break
		}
		ap.advance()
		rhs := ap.unary()
		if rhs == nil {
			return nil
		}
		lhs = &affineExpr{kind: affineBinary, text: op, lhs: lhs, rhs: rhs}
	}
	return lhs
}

// unary reads `'-' unary | '(' sum ')' | integer | identifier`.
func (ap *affineExprParser) unary() *affineExpr {
	switch {
	case ap.is("-"):
		ap.advance()
		if x := ap.unary(); x != nil {
			return &affineExpr{kind: affineNeg, lhs: x}
		}
		return nil
	case ap.is("("):
		ap.advance()
		x := ap.sum()
		if x == nil || !ap.expect(")") {
			return nil
		}
		return &affineExpr{kind: affineParen, lhs: x}
	case ap.tok.kind == tInt:
		e := &affineExpr{kind: affineInt, text: ap.text()}
		ap.advance()
		return e
	}
	return ap.ident(ap)
}

// write emits e, its dimensions and symbols spelled by dim and sym.
func (e *affineExpr) write(w func(string), dim, sym func(int)) {
	switch e.kind {
	case affineInt:
		w(e.text)
	case affineDim:
		dim(e.index)
	case affineSym:
		sym(e.index)
	case affineNeg:
		w("-")
		e.lhs.write(w, dim, sym)
	case affineParen:
		w("(")
		e.lhs.write(w, dim, sym)
		w(")")
	case affineBinary:
		e.lhs.write(w, dim, sym)
		w(" " + e.text + " ")
		e.rhs.write(w, dim, sym)
	}
}

// identifiers calls f for every dimension and symbol in source order.
func (e *affineExpr) identifiers(f func(kind affineKind, index int)) {
	switch e.kind {
	case affineDim, affineSym:
		f(e.kind, e.index)
	case affineNeg, affineParen:
		e.lhs.identifiers(f)
	case affineBinary:
		e.lhs.identifiers(f)
		e.rhs.identifiers(f)
	}
}

// isConstant reports whether e is an integer literal, possibly negated,
// the form of a constant loop bound; it returns the literal's text.
func (e *affineExpr) isConstant() (string, bool) {
	switch {
	case e.kind == affineInt:
		return e.text, true
	case e.kind == affineNeg && e.lhs.kind == affineInt:
		return "-" + e.lhs.text, true
	}
	return "", false
}

// affineMapText writes the map `(d0, ...)[s0, ...] -> (results)`.
func affineMapText(dims, syms int, results []*affineExpr) string {
	var b strings.Builder
	w := func(s string) { b.WriteString(s) }
	list := func(prefix string, n int) {
		for i := range n {
			if i > 0 {
				w(", ")
			}
			w(prefix + strconv.Itoa(i))
		}
	}
	w("affine_map<(")
	list("d", dims)
	w(")")
	if syms > 0 {
		w("[")
		list("s", syms)
		w("]")
	}
	w(" -> (")
	for i, e := range results {
		if i > 0 {
			w(", ")
		}
		e.write(w, func(i int) { w("d" + strconv.Itoa(i)) }, func(i int) { w("s" + strconv.Itoa(i)) })
	}
	w(")>")
	return b.String()
}

// --- affine map and integer set literals ---

// affineMap is the structure of an affine map literal as far as custom
// syntaxes need it: its dimension and symbol names and result expressions.
type affineMap struct {
	dims, syms, results []string
}

// parseAffineMapText splits `affine_map<(d0, d1)[s0] -> (d1, d0)>` into
// its parts; ok is false for other text.
func parseAffineMapText(text string) (m affineMap, ok bool) {
	s, found := strings.CutPrefix(strings.TrimSpace(text), "affine_map<")
	if !found || !strings.HasSuffix(s, ">") {
		return m, false
	}
	dims, syms, s, ok := cutDimsAndSymbols(s[:len(s)-1])
	if !ok {
		return m, false
	}
	s, found = strings.CutPrefix(s, "->")
	if !found {
		return m, false
	}
	results, rest, ok := cutParenList(strings.TrimSpace(s), '(', ')')
	if !ok || strings.TrimSpace(rest) != "" {
		return m, false
	}
	return affineMap{dims: dims, syms: syms, results: results}, true
}

// affineSetCounts reads the number of dimensions and symbols of an
// `affine_set<(d0, ...)[s0, ...] : (constraints)>`.
func affineSetCounts(text string) (dims, syms int, ok bool) {
	s, found := strings.CutPrefix(strings.TrimSpace(text), "affine_set<")
	if !found {
		return 0, 0, false
	}
	dimNames, symNames, s, ok := cutDimsAndSymbols(s)
	if !ok || !strings.HasPrefix(s, ":") {
		return 0, 0, false
	}
	return len(dimNames), len(symNames), true
}

// cutDimsAndSymbols splits `(d0, d1)[s0] rest`, the symbol list optional,
// into the dimension and symbol names and the text after them.
func cutDimsAndSymbols(s string) (dims, syms []string, rest string, ok bool) {
	dims, s, ok = cutParenList(strings.TrimSpace(s), '(', ')')
	if !ok {
		return nil, nil, "", false
	}
	if s = strings.TrimSpace(s); strings.HasPrefix(s, "[") {
		if syms, s, ok = cutParenList(s, '[', ']'); !ok {
			return nil, nil, "", false
		}
	}
	return dims, syms, strings.TrimSpace(s), true
}

// cutParenList splits the bracketed list at the start of s into its
// top-level comma-separated elements and returns the text after it.
func cutParenList(s string, open, close byte) (elems []string, rest string, ok bool) {
	if s == "" || s[0] != open {
		return nil, "", false
	}
	depth, start := 0, 1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
			if depth == 0 {
				if s[i] != close {
					return nil, "", false
				}
				if last := strings.TrimSpace(s[start:i]); last != "" || len(elems) > 0 {
					elems = append(elems, last)
				}
				return elems, s[i+1:], true
			}
		case ',':
			if depth == 1 {
				elems = append(elems, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return nil, "", false
}

// parsedAffineMap is a map literal with its results read as expressions.
type parsedAffineMap struct {
	dims, syms int
	results    []*affineExpr
}

// parseAffineMapExprs reads an affine_map attribute down to its result
// expressions; ok is false for anything else.
func parseAffineMapExprs(a Attribute) (m parsedAffineMap, ok bool) {
	if a == nil {
		return m, false
	}
	am, ok := parseAffineMapText(a.String())
	if !ok {
		return m, false
	}
	m.dims, m.syms = len(am.dims), len(am.syms)
	for _, text := range am.results {
		ap := &affineExprParser{lexer: lexer{src: []byte(text)}, ident: func(ap *affineExprParser) *affineExpr {
			if ap.tok.kind == tBare {
				name := ap.text()
				if i := slices.Index(am.dims, name); i >= 0 {
					ap.advance()
					return &affineExpr{kind: affineDim, index: i}
				}
				if i := slices.Index(am.syms, name); i >= 0 {
					ap.advance()
					return &affineExpr{kind: affineSym, index: i}
				}
			}
			return ap.fail("expected affine expression")
		}}
		ap.advance()
		e := ap.sum()
		if e == nil || ap.tok.kind != tEOF {
			return m, false
		}
		m.results = append(m.results, e)
	}
	return m, true
}

// --- subscripts: affine maps of SSA values ---

// ssaAffineOperands numbers the SSA values of affine expressions written
// with them, the way MLIR does: each distinct value becomes a dimension,
// or a symbol when wrapped in symbol(...), numbered in order of first
// appearance.
type ssaAffineOperands struct {
	seen       map[string]*affineExpr
	dims, syms []operandRef
}

// ident reads a value, or symbol(value), as an affineExprParser's
// identifier.
func (s *ssaAffineOperands) ident(ap *affineExprParser) *affineExpr {
	isSym := ap.tok.kind == tBare && ap.text() == "symbol"
	if isSym {
		ap.advance()
		if !ap.expect("(") {
			return nil
		}
	}
	if ap.tok.kind != tPercent {
		if isSym {
			return ap.fail("expected SSA identifier")
		}
		return ap.fail("expected affine expression")
	}
	text := ap.text()[1:]
	name, num, hasNum := strings.Cut(text, "#")
	ref := operandRef{name: name, pos: Pos(ap.tok.start)}
	if hasNum {
		n, err := strconv.Atoi(num)
		if err != nil {
			return ap.fail("invalid SSA value result number")
		}
		ref.num = n
	}
	if s.seen == nil {
		s.seen = map[string]*affineExpr{}
	}
	e := s.seen[name]
	switch {
	case e != nil && hasNum:
		// MLIR matches a repeated value by its name alone and leaves
		// the result number unread.
		return ap.fail("a value with a result number may appear only once in affine subscripts")
	case e != nil:
	case isSym:
		e = &affineExpr{kind: affineSym, index: len(s.syms)}
		s.syms = append(s.syms, ref)
		s.seen[name] = e
	default:
		e = &affineExpr{kind: affineDim, index: len(s.dims)}
		s.dims = append(s.dims, ref)
		s.seen[name] = e
	}
	ap.advance()
	if isSym && !ap.expect(")") {
		return nil
	}
	return e
}

// mapOf returns the map of results over the values read, and its
// operands, dimensions first.
func (s *ssaAffineOperands) mapOf(results []*affineExpr) (Attribute, []operandRef) {
	return &OpaqueAttr{Text: affineMapText(len(s.dims), len(s.syms), results)}, append(s.dims, s.syms...)
}

// ssaAffineList parses the affine expressions of SSA values between the
// current token, open, and the matching close, reading each element with
// elem (at least one expression, added to results) and numbering the
// values in ops.
func (p *parser) ssaAffineList(open, close string, ops *ssaAffineOperands, elem func(ap *affineExprParser, results []*affineExpr) []*affineExpr) []*affineExpr {
	if !p.is(open) {
		p.fail("expected '%s', found %s", open, p.describe())
	}
	ap := &affineExprParser{lexer: lexer{src: p.src, pos: p.tok.end}, ident: ops.ident}
	ap.advance()
	var results []*affineExpr
	if !ap.is(close) {
		for {
			n := len(results)
			results = elem(ap, results)
			if len(results) == n {
				p.failAt(Pos(ap.errAt), "%s", ap.err)
			}
			if !ap.is(",") {
				break
			}
			ap.advance()
		}
	}
	if !ap.is(close) {
		ap.fail("expected '" + close + "'")
		p.failAt(Pos(ap.errAt), "%s", ap.err)
	}
	p.skipTo(ap.tok.end)
	return results
}

// oneAffineExpr reads one expression of an ssaAffineList.
func oneAffineExpr(ap *affineExprParser, results []*affineExpr) []*affineExpr {
	if e := ap.sum(); e != nil {
		results = append(results, e)
	}
	return results
}

// affineSubscripts parses `[%i + 1, symbol(%n) * 2]` the way MLIR does
// (see ssaAffineOperands). It returns the map and its operands.
func (p *parser) affineSubscripts() (Attribute, []operandRef) {
	var ops ssaAffineOperands
	return ops.mapOf(p.ssaAffineList("[", "]", &ops, oneAffineExpr))
}

// affineSubscripts prints map applied to operands as subscripts. It
// returns false when MLIR would not read them back into the same map and
// operands (see ssaAffineWritable).
func (p *printer) affineSubscripts(a Attribute, operands []*Value) bool {
	m, ok := parseAffineMapExprs(a)
	if !ok || !ssaAffineWritable(m, operands) {
		return false
	}
	p.w("[")
	for i, e := range m.results {
		if i > 0 {
			p.w(", ")
		}
		p.ssaAffineExpr(e, m, operands)
	}
	p.w("]")
	return true
}

// ssaAffineWritable reports whether m's results, written with operands in
// place of its dimensions and symbols, read back into m and operands: the
// dimensions and symbols must first appear in order, and no value may
// stand for two of them.
func ssaAffineWritable(m parsedAffineMap, operands []*Value) bool {
	if m.dims+m.syms != len(operands) {
		return false
	}
	var next [2]int // the dimensions and symbols met so far
	inOrder := true
	uses := make([]int, len(operands))
	for _, e := range m.results {
		e.identifiers(func(kind affineKind, i int) {
			group, operand := 0, i
			if kind == affineSym {
				group, operand = 1, m.dims+i
			}
			if uses[operand] == 0 {
				inOrder = inOrder && i == next[group]
				next[group]++
			}
			uses[operand]++
		})
	}
	if !inOrder || next[0] != m.dims || next[1] != m.syms {
		return false
	}
	names := map[string]bool{}
	for i, v := range operands {
		name, _, hasNum := strings.Cut(v.printName, "#")
		if names[name] || hasNum && uses[i] > 1 {
			return false
		}
		names[name] = true
	}
	return true
}

// ssaAffineExpr writes e, a result of m, with operands in place of its
// dimensions and symbols.
func (p *printer) ssaAffineExpr(e *affineExpr, m parsedAffineMap, operands []*Value) {
	e.write(p.w, func(i int) { p.value(operands[i]) }, func(i int) {
		p.w("symbol(")
		p.value(operands[m.dims+i])
		p.w(")")
	})
}

// --- affine.load and affine.store ---

// affine.load %A[subscripts] attr-dict : memref-type
func parseAffineLoad(p *parser, st *OpState) {
	memref := p.operandRef()
	m, indices := p.affineSubscripts()
	st.AddProp("map", m)
	p.optionalAttrDict(st)
	mt, elem := p.affineMemRefType()
	st.Operands = append([]*Value{p.resolve(memref, mt)}, p.resolveAllAs(indices, Index)...)
	st.ResultTypes = []Type{elem}
}

func printAffineLoad(p *printer, op *Operation) bool {
	if len(op.operands) == 0 || len(op.results) != 1 || !affineAccessFits(op.operands[0], op.results[0].typ, op.operands[1:]) {
		return false
	}
	p.w("affine.load ")
	p.value(op.operands[0])
	if !p.affineSubscripts(op.Prop("map"), op.operands[1:]) {
		return false
	}
	p.attrDictColonType(op, op.operands[0].typ, "map")
	return true
}

// affine.store %v, %A[subscripts] attr-dict : memref-type
func parseAffineStore(p *parser, st *OpState) {
	value := p.operandRef()
	p.expect(",")
	memref := p.operandRef()
	m, indices := p.affineSubscripts()
	st.AddProp("map", m)
	p.optionalAttrDict(st)
	mt, elem := p.affineMemRefType()
	st.Operands = append([]*Value{p.resolve(value, elem), p.resolve(memref, mt)}, p.resolveAllAs(indices, Index)...)
}

func printAffineStore(p *printer, op *Operation) bool {
	if len(op.operands) < 2 || len(op.results) != 0 || !affineAccessFits(op.operands[1], op.operands[0].typ, op.operands[2:]) {
		return false
	}
	p.w("affine.store ")
	p.value(op.operands[0])
	p.w(", ")
	p.value(op.operands[1])
	if !p.affineSubscripts(op.Prop("map"), op.operands[2:]) {
		return false
	}
	p.attrDictColonType(op, op.operands[1].typ, "map")
	return true
}

// affineMemRefType parses `: memref-type`, returning it and its element
// type.
func (p *parser) affineMemRefType() (Type, Type) {
	p.expect(":")
	at := p.pos()
	mt, ok := p.parseType().(*MemRefType)
	if !ok {
		p.failAt(at, "expected a ranked memref type")
	}
	return mt, mt.Elem
}

// affineAccessFits checks the types the custom form of a load or store
// leaves implicit: a ranked memref of elem, and index subscripts.
func affineAccessFits(memref *Value, elem Type, indices []*Value) bool {
	mt, ok := memref.typ.(*MemRefType)
	return ok && TypesEqual(mt.Elem, elem) && allIndex(indices)
}

// --- affine.for ---

// affine.for %iv = LB to UB (step N)? (iter_args(%a = %init, ...) -> types)?
// region attr-dict
func parseAffineFor(p *parser, st *OpState) {
	iv := p.regionArgDecl()
	iv.Type = Index
	p.expect("=")
	lbMap, lbRefs := p.affineBound("max")
	p.expectKeyword("to")
	ubMap, ubRefs := p.affineBound("min")
	step := int64(1)
	if p.acceptKeyword("step") {
		at := p.pos()
		if step = p.integer(); step < 0 {
			p.failAt(at, "expected step to be representable as a positive signed integer")
		}
	}
	at := p.pos()
	iterArgs, inits := p.iterArgs(st, "mismatch between the number of loop-carried values and results")
	args := append([]RegionArg{iv}, typedArgs(iterArgs, st.ResultTypes)...)
	st.AddProp("lowerBoundMap", lbMap)
	st.AddProp("upperBoundMap", ubMap)
	st.AddProp("step", IntAttr(step, Index))
	p.setSegments(st, len(lbRefs), len(ubRefs), len(inits))
	st.Operands = concatValues(p.resolveAllAs(lbRefs, Index), p.resolveAllAs(ubRefs, Index), p.resolveAll(inits, st.ResultTypes, at))
	body := p.parseRegion(args)
	affineYield.ensureIn(body)
	st.Regions = []*Region{body}
	p.optionalAttrDict(st)
}

// affineBound parses a loop bound: an integer, an SSA value (a symbol), or
// a map applied to `(dims)[symbols]`, which needs the prefix (max for a
// lower bound, min for an upper one) when it has several results. It
// returns the bound's map and operands.
func (p *parser) affineBound(prefix string) (Attribute, []operandRef) {
	prefixed := p.acceptKeyword(prefix)
	if p.isOperand() {
		return &OpaqueAttr{Text: "affine_map<()[s0] -> (s0)>"}, []operandRef{p.operandRef()}
	}
	if p.tok.kind == tInt || p.is("-") {
		return &OpaqueAttr{Text: "affine_map<() -> (" + strconv.FormatInt(p.integer(), 10) + ")>"}, nil
	}
	at := p.pos()
	a := p.parseAttr()
	m, ok := parseAffineMapText(a.String())
	if !ok {
		p.failAt(at, "expected valid affine map representation for loop bounds")
	}
	refs := p.dimAndSymbolList(len(m.dims), len(m.syms), "affine map", at)
	if len(m.results) > 1 && !prefixed {
		p.failAt(at, "loop bound affine map with multiple results requires '%s' prefix", prefix)
	}
	return a, refs
}

// dimAndSymbolRefs parses `(%d, ...)[%s, ...]`, the symbol list optional:
// the operands of an affine map or set, dimensions first, and the number
// of dimensions.
func (p *parser) dimAndSymbolRefs() ([]operandRef, int) {
	var refs []operandRef
	p.delimited("(", ")", func() { refs = append(refs, p.operandRef()) })
	dims := len(refs)
	if p.is("[") {
		refs = append(refs, p.indexRefs()...)
	}
	return refs, dims
}

// dimAndSymbolList parses the operands of the map or set (what) written at
// at, which has dims dimensions and syms symbols.
func (p *parser) dimAndSymbolList(dims, syms int, what string, at Pos) []operandRef {
	refs, n := p.dimAndSymbolRefs()
	if n != dims {
		p.failAt(at, "dim operand count and %s dim count must match", what)
	}
	if len(refs) != dims+syms {
		p.failAt(at, "symbol operand count and %s symbol count must match", what)
	}
	return refs
}

// dimAndSymbolList prints `(%d, ...)`, then `[%s, ...]` if there are
// symbols.
func (p *printer) dimAndSymbolList(operands []*Value, dims int) {
	p.w("(")
	p.values(operands[:dims])
	p.w(")")
	if len(operands) > dims {
		p.w("[")
		p.values(operands[dims:])
		p.w("]")
	}
}

// affineBound prints a loop bound in the shortest form that reads back
// into the same map and operands.
func (p *printer) affineBound(a Attribute, operands []*Value, prefix string) bool {
	m, ok := parseAffineMapExprs(a)
	if !ok || m.dims+m.syms != len(operands) {
		return false
	}
	if len(m.results) == 1 && m.dims == 0 {
		e := m.results[0]
		if c, ok := e.isConstant(); ok && m.syms == 0 {
			p.w(c)
			return true
		}
		if e.kind == affineSym && m.syms == 1 {
			p.value(operands[0])
			return true
		}
	}
	if len(m.results) != 1 {
		p.w(prefix + " ")
	}
	p.attr(a)
	p.dimAndSymbolList(operands, m.dims)
	return true
}

func printAffineFor(p *printer, op *Operation) bool {
	segs := segments(op)
	step, ok := op.Prop("step").(*IntegerAttr)
	if len(segs) != 3 || !ok || !TypesEqual(step.Type, Index) || len(op.Regions) != 1 || len(op.Regions[0].blocks) == 0 {
		return false
	}
	stepValue, err := strconv.ParseInt(step.Text, 0, 64)
	lbs, ubs, inits := segs[0], segs[1], segs[2]
	args := op.Regions[0].blocks[0].args
	if err != nil || stepValue < 0 || !allIndex(lbs) || !allIndex(ubs) || len(args) != len(inits)+1 || !TypesEqual(args[0].typ, Index) ||
		!sameTypes(args[1:], valueTypes(inits)) || !sameTypes(op.results, valueTypes(inits)) {
		return false
	}
	p.w("affine.for ")
	p.value(args[0])
	p.w(" = ")
	if !p.affineBound(op.Prop("lowerBoundMap"), lbs, "max") {
		return false
	}
	p.w(" to ")
	if !p.affineBound(op.Prop("upperBoundMap"), ubs, "min") {
		return false
	}
	if stepValue != 1 {
		p.w(" step " + strconv.FormatInt(stepValue, 10))
	}
	if len(inits) > 0 {
		p.loopCarried("iter_args", args[1:], inits)
	}
	p.w(" ")
	if !p.impliedTerminatorRegion(op.Regions[0], affineYield, len(inits) == 0) {
		return false
	}
	p.attrDict(op, "lowerBoundMap", "upperBoundMap", "step")
	return true
}

// --- affine.parallel ---

var parallelInherent = []string{"lowerBoundsMap", "lowerBoundsGroups", "upperBoundsMap", "upperBoundsGroups", "steps", "reductions"}

// affine.parallel (%i, ...) = (LB, ...) to (UB, ...) (step (N, ...))?
// (reduce ("kind", ...))? (-> types)? region attr-dict. Each bound is an
// affine expression of SSA values, or max(...) (lower) / min(...) (upper)
// of several; all the lower bounds are the results of one map, grouped
// per loop by lowerBoundsGroups, and so are the upper ones.
func parseAffineParallel(p *parser, st *OpState) {
	at := p.pos()
	ivs := p.regionArgDecls()
	for i := range ivs {
		ivs[i].Type = Index
	}
	p.expect("=")
	lbMap, lbGroups, lbRefs := p.parallelBounds("max")
	p.expectKeyword("to")
	ubMap, ubGroups, ubRefs := p.parallelBounds("min")
	if len(lbGroups) != len(ivs) || len(ubGroups) != len(ivs) {
		p.failAt(at, "expected as many lower and upper bounds as induction variables")
	}
	steps := make([]Attribute, len(ivs))
	for i := range steps {
		steps[i] = IntAttr(1, nil)
	}
	if p.acceptKeyword("step") {
		at := p.pos()
		steps = steps[:0]
		p.delimited("(", ")", func() { steps = append(steps, IntAttr(p.integer(), nil)) })
		if len(steps) != len(ivs) {
			p.failAt(at, "expected as many steps as induction variables")
		}
	}
	reductions := []Attribute{}
	if p.acceptKeyword("reduce") {
		p.delimited("(", ")", func() {
			at := p.pos()
			kind, ok := p.parseAttrNoType().(*StringAttr)
			k := -1
			if ok {
				k = slices.Index(atomicRMWKinds, kind.Value)
			}
			if k < 0 {
				p.failAt(at, "expected one of [%s] for a reduction", strings.Join(atomicRMWKinds, ", "))
			}
			reductions = append(reductions, IntAttr(int64(k), nil))
		})
	}
	st.ResultTypes = p.optionalArrowTypes()
	st.AddProp("lowerBoundsGroups", boundGroups(lbGroups))
	st.AddProp("lowerBoundsMap", lbMap)
	st.AddProp("reductions", &ArrayAttr{Elems: reductions})
	st.AddProp("steps", &ArrayAttr{Elems: steps})
	st.AddProp("upperBoundsGroups", boundGroups(ubGroups))
	st.AddProp("upperBoundsMap", ubMap)
	st.Operands = concatValues(p.resolveAllAs(lbRefs, Index), p.resolveAllAs(ubRefs, Index))
	body := p.parseRegion(ivs)
	affineYield.ensureIn(body)
	st.Regions = []*Region{body}
	p.optionalAttrDict(st)
}

// parallelBounds parses `(bound, ...)`, each bound an expression or
// prefix(expression, ...), into one map of all their expressions, the
// number of expressions of each bound, and the map's operands.
func (p *parser) parallelBounds(prefix string) (Attribute, []int, []operandRef) {
	var ops ssaAffineOperands
	var groups []int
	results := p.ssaAffineList("(", ")", &ops, func(ap *affineExprParser, results []*affineExpr) []*affineExpr {
		if ap.tok.kind != tBare || ap.text() != prefix {
			if e := ap.sum(); e != nil {
				groups = append(groups, 1)
				results = append(results, e)
			}
			return results
		}
		n := len(results)
		ap.advance()
		if !ap.expect("(") {
			return results
		}
		for {
			e := ap.sum()
			if e == nil {
				return results[:n]
			}
			results = append(results, e)
			if !ap.is(",") {
				break
			}
			ap.advance()
		}
		if !ap.expect(")") {
			return results[:n]
		}
		groups = append(groups, len(results)-n)
		return results
	})
	m, refs := ops.mapOf(results)
	return m, groups, refs
}

// boundGroups is the lowerBoundsGroups or upperBoundsGroups attribute.
func boundGroups(groups []int) *DenseElementsAttr {
	elems := make([]string, len(groups))
	for i, g := range groups {
		elems[i] = strconv.Itoa(g)
	}
	body := ""
	if len(groups) > 0 {
		body = "[" + strings.Join(elems, ", ") + "]"
	}
	return &DenseElementsAttr{Body: body, Type: &TensorType{Shape: []int64{int64(len(groups))}, Elem: I32}}
}

func printAffineParallel(p *printer, op *Operation) bool {
	if len(op.Regions) != 1 || len(op.Regions[0].blocks) == 0 || !allIndex(op.operands) {
		return false
	}
	ivs := op.Regions[0].blocks[0].args
	lbMap, okL := parseAffineMapExprs(op.Prop("lowerBoundsMap"))
	ubMap, okU := parseAffineMapExprs(op.Prop("upperBoundsMap"))
	lbGroups, okLG := readBoundGroups(op.Prop("lowerBoundsGroups"), lbMap, len(ivs))
	ubGroups, okUG := readBoundGroups(op.Prop("upperBoundsGroups"), ubMap, len(ivs))
	steps, okS := int64Elems(op.Prop("steps"), len(ivs))
	reductions, okR := int64Elems(op.Prop("reductions"), len(op.results))
	nl := lbMap.dims + lbMap.syms
	if !okL || !okU || !okLG || !okUG || !okS || !okR || !allIndex(ivs) || nl+ubMap.dims+ubMap.syms != len(op.operands) ||
		!ssaAffineWritable(lbMap, op.operands[:nl]) || !ssaAffineWritable(ubMap, op.operands[nl:]) {
		return false
	}
	for _, k := range reductions {
		if k < 0 || k >= int64(len(atomicRMWKinds)) {
			return false
		}
	}
	p.w("affine.parallel (")
	p.values(ivs)
	p.w(") = ")
	p.parallelBounds(lbMap, lbGroups, op.operands[:nl], "max")
	p.w(" to ")
	p.parallelBounds(ubMap, ubGroups, op.operands[nl:], "min")
	if slices.ContainsFunc(steps, func(s int64) bool { return s != 1 }) {
		p.w(" step (")
		for i, s := range steps {
			if i > 0 {
				p.w(", ")
			}
			p.w(strconv.FormatInt(s, 10))
		}
		p.w(")")
	}
	if len(reductions) > 0 {
		p.w(" reduce (")
		for i, k := range reductions {
			if i > 0 {
				p.w(", ")
			}
			p.w(strconv.Quote(atomicRMWKinds[k]))
		}
		p.w(")")
	}
	p.parenResultTypes(op)
	p.w(" ")
	if !p.impliedTerminatorRegion(op.Regions[0], affineYield, len(op.results) == 0) {
		return false
	}
	p.attrDict(op, parallelInherent...)
	return true
}

// parallelBounds prints the bounds of m, grouped by groups, with operands
// in place of its dimensions and symbols.
func (p *printer) parallelBounds(m parsedAffineMap, groups []int, operands []*Value, prefix string) {
	p.w("(")
	next := 0
	for i, g := range groups {
		if i > 0 {
			p.w(", ")
		}
		if g > 1 {
			p.w(prefix + "(")
		}
		for j, e := range m.results[next : next+g] {
			if j > 0 {
				p.w(", ")
			}
			p.ssaAffineExpr(e, m, operands)
		}
		if g > 1 {
			p.w(")")
		}
		next += g
	}
	p.w(")")
}

// readBoundGroups reads a bounds groups attribute of n loops, whose sizes
// are positive and add up to m's results.
func readBoundGroups(a Attribute, m parsedAffineMap, n int) ([]int, bool) {
	d, ok := a.(*DenseElementsAttr)
	if !ok {
		return nil, false
	}
	t, ok := d.Type.(*TensorType)
	if !ok || len(t.Shape) != 1 || t.Shape[0] != int64(n) || !TypesEqual(t.Elem, I32) {
		return nil, false
	}
	elems, ok := denseIntLiterals(d.Body, int64(n))
	if !ok {
		return nil, false
	}
	groups := make([]int, n)
	sum := 0
	for i, e := range elems {
		g, err := strconv.Atoi(e)
		if err != nil || g < 1 {
			return nil, false
		}
		groups[i] = g
		sum += g
	}
	return groups, sum == len(m.results)
}

// int64Elems reads an array of n integer attributes of type i64.
func int64Elems(a Attribute, n int) ([]int64, bool) {
	arr, ok := a.(*ArrayAttr)
	if !ok || len(arr.Elems) != n {
		return nil, false
	}
	out := make([]int64, n)
	for i, e := range arr.Elems {
		ia, ok := e.(*IntegerAttr)
		if !ok || ia.Type != nil && !TypesEqual(ia.Type, I64) {
			return nil, false
		}
		if out[i], ok = ia.Int64(); !ok {
			return nil, false
		}
	}
	return out, true
}

// --- affine.if ---

// affine.if #set(dims)[symbols] (-> types)? region (else region)? attr-dict
func parseAffineIf(p *parser, st *OpState) {
	at := p.pos()
	set := p.parseAttr()
	dims, syms, ok := affineSetCounts(set.String())
	if !ok {
		p.failAt(at, "expected an integer set")
	}
	st.AddProp("condition", set)
	st.Operands = p.resolveAllAs(p.dimAndSymbolList(dims, syms, "integer set", at), Index)
	st.ResultTypes = p.optionalArrowTypes()
	st.Regions = p.thenElseRegions(affineYield)
	p.optionalAttrDict(st)
}

func printAffineIf(p *printer, op *Operation) bool {
	set := op.Prop("condition")
	if set == nil || !allIndex(op.operands) {
		return false
	}
	dims, syms, ok := affineSetCounts(set.String())
	if !ok || dims+syms != len(op.operands) {
		return false
	}
	p.w("affine.if ")
	p.attr(set)
	p.dimAndSymbolList(op.operands, dims)
	p.arrowTypes(resultTypes(op))
	if !p.thenElseRegions(op, affineYield) {
		return false
	}
	p.attrDict(op, "condition")
	return true
}
