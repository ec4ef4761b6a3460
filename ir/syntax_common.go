package ir

import (
	"strconv"
	"strings"
)

// Parsing and printing pieces shared by several dialects' custom syntax.

// dynamicIndexList parses MLIR's mixed static/dynamic list `[0, %a, 4]`:
// the static values, with Dynamic where an SSA value stands, and the
// values, resolved as `index`.
func (p *parser) dynamicIndexList() ([]int64, []*Value) { return p.mixedIndexList("[", "]") }

// mixedIndexList parses a mixed static/dynamic list between open and
// close, as dynamicIndexList does.
func (p *parser) mixedIndexList(open, close string) ([]int64, []*Value) {
	static := []int64{}
	var dyn []*Value
	p.delimited(open, close, func() {
		if p.isOperand() {
			dyn = append(dyn, p.resolve(p.operandRef(), Index))
			static = append(static, Dynamic)
			return
		}
		static = append(static, p.integer())
	})
	return static, dyn
}

// integer parses an optionally negative integer literal.
func (p *parser) integer() int64 {
	neg := p.accept("-")
	if p.tok.kind != tInt {
		p.fail("expected integer, found %s", p.describe())
	}
	v, err := strconv.ParseInt(p.text(), 0, 64)
	if err != nil {
		p.fail("integer literal out of range")
	}
	p.advance()
	if neg {
		v = -v
	}
	return v
}

// dynamicIndexList prints a mixed list `[0, %a, 4]`, taking one value
// from dyn for every Dynamic entry of static; callers check that dyn has
// as many values.
func (p *printer) dynamicIndexList(static []int64, dyn []*Value) {
	p.mixedIndexList("[", "]", static, dyn)
}

// mixedIndexList prints a mixed list between open and close, as
// dynamicIndexList does.
func (p *printer) mixedIndexList(open, close string, static []int64, dyn []*Value) {
	p.scalableIndexList(open, close, static, dyn, nil)
}

// scalableIndexList prints a mixed list as mixedIndexList does, each
// entry whose flag in scalable is set in brackets (`[4, [8], [%n]]`).
func (p *printer) scalableIndexList(open, close string, static []int64, dyn []*Value, scalable []bool) {
	p.w(open)
	used := 0
	for i, s := range static {
		if i > 0 {
			p.w(", ")
		}
		inner := i < len(scalable) && scalable[i]
		if inner {
			p.w("[")
		}
		if s == Dynamic && used < len(dyn) {
			p.value(dyn[used])
			used++
		} else {
			p.w(strconv.FormatInt(s, 10))
		}
		if inner {
			p.w("]")
		}
	}
	p.w(close)
}

// custom<DynamicIndexList>($values, $static) and, with scalable flags,
// custom<DynamicIndexList>($values, $static, $scalable): `[4, %v, [8]]`,
// whose values' types the format gives elsewhere. MLIR reads an entry's
// scalable bracket after a value (`%v[]`), so it writes none around one,
// and sets the flags, all false if need be, whenever it reads the list.
func parseDynamicIndexList(c *customCall) {
	p := c.p
	static := []int64{}
	var refs []operandRef
	var scalable []string
	p.delimited("[", "]", func() {
		value := p.isOperand()
		if value {
			refs = append(refs, p.operandRef())
			static = append(static, Dynamic)
		}
		inner := p.accept("[")
		scalable = append(scalable, strconv.FormatBool(inner))
		if !value {
			static = append(static, p.integer())
		}
		if inner {
			p.expect("]")
		}
	})
	c.s.refs[c.name(0)] = refs
	c.st.AddProp(c.name(1), p.i64Array(static))
	if len(c.args) > 2 {
		c.st.AddProp(c.name(2), &DenseArrayAttr{Elem: I1, Values: scalable})
	}
}

// dynamicIndexList returns the list a DynamicIndexList directive
// writes, its scalable flags included; ok is false when it cannot write
// it so that MLIR reads it back.
func (c *customCall) dynamicIndexList() (static []int64, scalable []bool, ok bool) {
	static, ok = staticArray(c.dp.op, c.name(1))
	if !ok || countDynamic(static) != len(c.values(0)) {
		return nil, nil, false
	}
	if len(c.args) < 3 {
		return static, nil, true
	}
	flags, ok := c.dp.op.Prop(c.name(2)).(*DenseArrayAttr)
	if !ok || !TypesEqual(flags.Elem, I1) || len(flags.Values) != len(static) {
		return nil, nil, false
	}
	scalable = make([]bool, len(static))
	for i, f := range flags.Values {
		scalable[i] = f == "true" || f == "1"
		if scalable[i] && static[i] == Dynamic {
			return nil, nil, false
		}
	}
	return static, scalable, true
}

func dynamicIndexListFits(c *customCall) bool {
	_, _, ok := c.dynamicIndexList()
	return ok
}

func printDynamicIndexList(c *customCall) {
	static, scalable, _ := c.dynamicIndexList()
	c.dp.blank()
	c.dp.p.scalableIndexList("[", "]", static, c.values(0), scalable)
}

// staticArray reads an i64 dense array property such as static_sizes.
func staticArray(op *Operation, name string) ([]int64, bool) {
	a, ok := op.Prop(name).(*DenseArrayAttr)
	if !ok {
		return nil, false
	}
	return a.Int64s()
}

// countDynamic returns how many entries of a static list are Dynamic.
func countDynamic(static []int64) int {
	n := 0
	for _, s := range static {
		if s == Dynamic {
			n++
		}
	}
	return n
}

// sliceTriple is the offsets/sizes/strides of a slice-like op.
type sliceTriple struct {
	offsets, sizes, strides          []int64
	dynOffsets, dynSizes, dynStrides []*Value
}

// parseSliceTriple parses `[offsets] [sizes] [strides]`.
func (p *parser) parseSliceTriple() sliceTriple {
	var s sliceTriple
	s.offsets, s.dynOffsets = p.dynamicIndexList()
	s.sizes, s.dynSizes = p.dynamicIndexList()
	s.strides, s.dynStrides = p.dynamicIndexList()
	return s
}

// setProps stores the triple as the static_* properties.
func (s sliceTriple) setProps(p *parser, st *OpState) {
	st.AddProp("static_offsets", p.i64Array(s.offsets))
	st.AddProp("static_sizes", p.i64Array(s.sizes))
	st.AddProp("static_strides", p.i64Array(s.strides))
}

// operands returns the dynamic values in operand order.
func (s sliceTriple) operands() []*Value {
	out := append([]*Value{}, s.dynOffsets...)
	out = append(out, s.dynSizes...)
	return append(out, s.dynStrides...)
}

// readSliceTriple recovers the triple of op from its static_* properties and
// the last three operand segments. ok is false when they do not agree.
func readSliceTriple(op *Operation, segs [][]*Value) (s sliceTriple, ok bool) {
	var ok1, ok2, ok3 bool
	s.offsets, ok1 = staticArray(op, "static_offsets")
	s.sizes, ok2 = staticArray(op, "static_sizes")
	s.strides, ok3 = staticArray(op, "static_strides")
	if !ok1 || !ok2 || !ok3 || len(segs) < 3 {
		return s, false
	}
	n := len(segs)
	s.dynOffsets, s.dynSizes, s.dynStrides = segs[n-3], segs[n-2], segs[n-1]
	return s, countDynamic(s.offsets) == len(s.dynOffsets) &&
		countDynamic(s.sizes) == len(s.dynSizes) &&
		countDynamic(s.strides) == len(s.dynStrides)
}

// print writes `[offsets] [sizes] [strides]`.
func (p *printer) sliceTriple(s sliceTriple) {
	p.dynamicIndexList(s.offsets, s.dynOffsets)
	p.w(" ")
	p.dynamicIndexList(s.sizes, s.dynSizes)
	p.w(" ")
	p.dynamicIndexList(s.strides, s.dynStrides)
}

// setSegments records operandSegmentSizes for ops with variadic operand
// groups.
func (p *parser) setSegments(st *OpState, sizes ...int) {
	st.AddProp("operandSegmentSizes", p.i32Array(sizes...))
}

// --- terminators ---

// yieldSyntax is the terminator form `name attr-dict (%v : type)?` shared
// by func.return and the yields of several dialects (scf, affine, shape,
// memref's alloca_scope.return).
func yieldSyntax(name string) *opSyntax {
	return &opSyntax{
		Terminator: true,
		Parse: func(p *parser, st *OpState) {
			p.optionalAttrDict(st)
			st.Operands = p.typedOperands()
		},
		Print: func(p *printer, op *Operation) bool {
			p.w(name)
			p.attrDict(op)
			p.typedValues(op.operands)
			return true
		},
	}
}

// typedValues prints ` %a, %b : t1, t2`, or nothing for no values.
func (p *printer) typedValues(vs []*Value) {
	if len(vs) == 0 {
		return
	}
	p.w(" ")
	p.values(vs)
	p.w(" : ")
	p.valueTypes(vs)
}

// parenTypedValues prints `(%a, %b : t1, t2)`, which parenTypedOperands
// reads.
func (p *printer) parenTypedValues(vs []*Value) {
	p.w("(")
	p.values(vs)
	p.w(" : ")
	p.valueTypes(vs)
	p.w(")")
}

// impliedTerminator is the terminator that an op's parser appends to a
// block left without one: an operand-less op with `regions` regions of one
// empty block each.
type impliedTerminator struct {
	name    string
	regions int
}

// ensureIn does what MLIR's parser does for ops whose single-block regions
// may leave their terminator out: unless the last block ends with a known
// terminator, it appends t.
func (t impliedTerminator) ensureIn(r *Region) {
	if len(r.blocks) == 0 {
		r.AddBlock()
	}
	b := r.blocks[len(r.blocks)-1]
	// The implied op is a terminator even where the package does not know
	// its dialect (smt.yield in transform.smt.constrain_params).
	if last := b.Terminator(); last != nil && (IsTerminator(last) || last.Name == t.name) {
		return
	}
	term := NewOperation(t.name, nil, nil)
	for i := 0; i < t.regions; i++ {
		term.AddRegion().AddBlock()
	}
	b.Append(term)
}

// is reports whether op is exactly what ensureIn builds, so that printing
// may leave it out.
func (t impliedTerminator) is(op *Operation) bool {
	if op.Name != t.name || len(op.operands) != 0 || len(op.results) != 0 || len(op.Successors()) != 0 ||
		op.Properties.Len() != 0 || op.Attrs.Len() != 0 || len(op.Regions) != t.regions {
		return false
	}
	for _, r := range op.Regions {
		if !singleBlockWithoutArgs(r) || len(r.blocks[0].ops) != 0 {
			return false
		}
	}
	return true
}

// trailing returns the terminator t that ends r, a single block, and
// that printing may leave out; nil if there is none.
func (t impliedTerminator) trailing(r *Region) *Operation {
	if len(r.blocks) != 1 {
		return nil
	}
	if last := r.blocks[0].Terminator(); last != nil && t.is(last) {
		return last
	}
	return nil
}

func singleBlockWithoutArgs(r *Region) bool {
	return len(r.blocks) == 1 && len(r.blocks[0].args) == 0
}

// noEntryArgs reports whether r is empty or its entry block has no
// arguments, as regions whose syntax declares none must be.
func noEntryArgs(r *Region) bool {
	return len(r.blocks) == 0 || len(r.blocks[0].args) == 0
}

// impliedTerminatorRegion prints a region of an op whose parser adds the
// terminator t where it is missing, without entry arguments (the op's
// syntax declares them). With elide set, a trailing plain t is left out, as
// MLIR prints it. It returns false when the region would not read back the
// same: empty, or with a last block lacking a known terminator.
func (p *printer) impliedTerminatorRegion(r *Region, t impliedTerminator, elide bool) bool {
	if len(r.blocks) == 0 {
		return false
	}
	last := r.blocks[len(r.blocks)-1].Terminator()
	if last == nil || !IsTerminator(last) {
		return false
	}
	if !elide || len(r.blocks) != 1 || !t.is(last) {
		p.region(r, false)
		return true
	}
	// The layout of printer.region for a single label-less block.
	ops := r.blocks[0].ops
	p.w("{")
	p.indent++
	p.w("\n")
	for _, o := range ops[:len(ops)-1] {
		p.op(o)
	}
	p.buf.b = p.buf.b[:len(p.buf.b)-1]
	p.indent--
	p.newline()
	p.w("}")
	return true
}

// resultsAndBody parses `(-> types)? region attr-dict`, the end of ops with
// one region that may leave out its terminator t (memref.alloca_scope,
// shape.assuming).
func (p *parser) resultsAndBody(st *OpState, t impliedTerminator) {
	st.ResultTypes = p.optionalArrowTypes()
	body := p.parseRegion(nil)
	t.ensureIn(body)
	st.Regions = []*Region{body}
	p.optionalAttrDict(st)
}

// thenElseRegions parses `region (else region)?` of scf.if and affine.if,
// adding the implied terminator t where it is missing; without else, the
// else region is empty.
func (p *parser) thenElseRegions(t impliedTerminator) []*Region {
	then := p.parseRegion(nil)
	t.ensureIn(then)
	els := &Region{}
	if p.acceptKeyword("else") {
		els = p.parseRegion(nil)
		t.ensureIn(els)
	}
	return []*Region{then, els}
}

// thenElseRegions prints ` region (else region)?` of op, leaving out the
// implied terminators t when op has no results. It returns false when the
// regions do not fit that form.
func (p *printer) thenElseRegions(op *Operation, t impliedTerminator) bool {
	if len(op.Regions) != 2 {
		return false
	}
	then, els := op.Regions[0], op.Regions[1]
	if len(then.blocks) == 0 || !noEntryArgs(then) || !noEntryArgs(els) {
		return false
	}
	elide := len(op.results) == 0
	p.w(" ")
	if !p.impliedTerminatorRegion(then, t, elide) {
		return false
	}
	if len(els.blocks) > 0 {
		p.w(" else ")
		if !p.impliedTerminatorRegion(els, t, elide) {
			return false
		}
	}
	return true
}

// --- region arguments, operand and type lists ---

// regionArgDecl reads `%name`, a region argument declared by an op's
// syntax; its type is filled in by the caller.
func (p *parser) regionArgDecl() RegionArg {
	if p.tok.kind != tPercent {
		p.fail("expected SSA identifier, found %s", p.describe())
	}
	name := p.text()[1:]
	if strings.IndexByte(name, '#') >= 0 {
		p.fail("expected SSA identifier without result number")
	}
	a := RegionArg{Name: name, Pos: p.pos()}
	p.advance()
	return a
}

// regionArgDecls reads `(%a, %b)`.
func (p *parser) regionArgDecls() []RegionArg {
	var args []RegionArg
	p.delimited("(", ")", func() { args = append(args, p.regionArgDecl()) })
	return args
}

// assignmentList reads `(%arg = %init, ...)`: the region arguments it
// declares and the operands that initialize them.
func (p *parser) assignmentList() ([]RegionArg, []operandRef) {
	var args []RegionArg
	var inits []operandRef
	p.delimited("(", ")", func() {
		args = append(args, p.regionArgDecl())
		p.expect("=")
		inits = append(inits, p.operandRef())
	})
	return args, inits
}

// assignmentList prints `(%arg = %init, ...)`.
func (p *printer) assignmentList(args, inits []*Value) {
	p.w("(")
	for i, a := range args {
		if i > 0 {
			p.w(", ")
		}
		p.value(a)
		p.w(" = ")
		p.value(inits[i])
	}
	p.w(")")
}

// iterArgs parses the optional `iter_args(%arg = %init, ...) -> types` of
// scf.for and affine.for: it returns the region arguments and the initial
// values it declares, and sets their types as the op's result types;
// mismatch is the error for counts that differ.
func (p *parser) iterArgs(st *OpState, mismatch string) ([]RegionArg, []operandRef) {
	at := p.pos()
	if !p.acceptKeyword("iter_args") {
		return nil, nil
	}
	args, inits := p.assignmentList()
	p.expect("->")
	st.ResultTypes = p.parseResultTypes()
	if len(st.ResultTypes) != len(inits) {
		p.failAt(at, "%s", mismatch)
	}
	return args, inits
}

// loopCarried prints ` keyword(%arg = %init, ...) -> (types)`, the values a
// loop carries from one iteration to the next.
func (p *printer) loopCarried(keyword string, args, inits []*Value) {
	p.w(" " + keyword)
	p.assignmentList(args, inits)
	p.w(" -> (")
	p.valueTypes(inits)
	p.w(")")
}

// typedArgs gives the declared arguments their types.
func typedArgs(args []RegionArg, types []Type) []RegionArg {
	for i := range args {
		args[i].Type = types[i]
	}
	return args
}

// optionalArrowTypes parses `-> t` or `-> (t1, t2)` if present.
func (p *parser) optionalArrowTypes() []Type {
	if !p.accept("->") {
		return nil
	}
	return p.parseResultTypes()
}

// arrowTypes prints ` -> t` or ` -> (t1, t2)`, nothing for no types.
func (p *printer) arrowTypes(ts []Type) {
	if len(ts) == 0 {
		return
	}
	p.w(" -> ")
	writeResultTypes(&p.buf, ts)
}

// parenResultTypes prints ` -> (types)` of op's results, if it has any:
// the form of ops whose results' types are always parenthesized.
func (p *printer) parenResultTypes(op *Operation) {
	if len(op.results) > 0 {
		p.w(" -> (")
		p.valueTypes(op.results)
		p.w(")")
	}
}

// concatValues joins operand groups in order.
func concatValues(groups ...[]*Value) []*Value {
	var out []*Value
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

// --- operand and type checks ---

// allOfType reports whether every value has type t: custom forms that leave
// operand types implicit can only print such operands.
func allOfType(vs []*Value, t Type) bool {
	for _, v := range vs {
		if !TypesEqual(v.typ, t) {
			return false
		}
	}
	return true
}

// allIndex reports whether every value is an index.
func allIndex(vs []*Value) bool { return allOfType(vs, Index) }

// sameTypes reports whether each value has the corresponding type.
func sameTypes(vs []*Value, ts []Type) bool {
	if len(vs) != len(ts) {
		return false
	}
	for i, v := range vs {
		if !TypesEqual(v.typ, ts[i]) {
			return false
		}
	}
	return true
}

// singleResultOfType reports whether op has one result, of type t.
func singleResultOfType(op *Operation, t Type) bool {
	return len(op.results) == 1 && TypesEqual(op.results[0].typ, t)
}

// noSpaces drops the spaces of attribute or type text, to compare texts
// that may be spelled with different spacing.
func noSpaces(s string) string { return strings.ReplaceAll(s, " ", "") }

// --- operand lists ---

// resolveAllAs resolves every ref with type t.
func (p *parser) resolveAllAs(refs []operandRef, t Type) []*Value {
	vals := make([]*Value, len(refs))
	for i, r := range refs {
		vals[i] = p.resolve(r, t)
	}
	return vals
}

// indexRefs parses `[%i, %j]`, a possibly empty list of operands.
func (p *parser) indexRefs() []operandRef {
	var refs []operandRef
	p.delimited("[", "]", func() { refs = append(refs, p.operandRef()) })
	return refs
}

// bracketedIndices parses `[%i, %j]`, index operands.
func (p *parser) bracketedIndices() []*Value {
	return p.resolveAllAs(p.indexRefs(), Index)
}

// bracketedValues prints `[%i, %j]`.
func (p *printer) bracketedValues(vs []*Value) {
	p.w("[")
	p.values(vs)
	p.w("]")
}

// boolKeyword parses the keyword ifFalse or ifTrue and returns which; msg
// is the error for anything else.
func (p *parser) boolKeyword(ifFalse, ifTrue, msg string) bool {
	switch {
	case p.acceptKeyword(ifTrue):
		return true
	case p.acceptKeyword(ifFalse):
		return false
	}
	p.fail("%s, found %s", msg, p.describe())
	return false
}

// integerList parses `[1, 2]`, a possibly empty list of integers.
func (p *parser) integerList() []int64 {
	vs := []int64{}
	p.delimited("[", "]", func() { vs = append(vs, p.integer()) })
	return vs
}

// integerList prints the values of a dense array as `[1, 2]`.
func (p *printer) integerList(a *DenseArrayAttr) {
	p.w("[" + strings.Join(a.Values, ", ") + "]")
}

// --- the types that end most custom forms ---

// attrDictColonType parses `attr-dict : T` and returns T.
func (p *parser) attrDictColonType(st *OpState) Type {
	p.optionalAttrDict(st)
	p.expect(":")
	return p.parseType()
}

// attrDictColonType prints ` attr-dict : T`.
func (p *printer) attrDictColonType(op *Operation, t Type, elided ...string) {
	p.attrDict(op, elided...)
	p.w(" : ")
	p.typ(t)
}

// attrDictColonTypeList parses `attr-dict : T1, T2, ...`.
func (p *parser) attrDictColonTypeList(st *OpState) []Type {
	p.optionalAttrDict(st)
	p.expect(":")
	return p.parseTypeList()
}

// attrDictTypePair parses `attr-dict : T sep U`, sep being a keyword such
// as `to` and `into`, or `->`, and returns T and U.
func (p *parser) attrDictTypePair(st *OpState, sep string) (Type, Type) {
	t := p.attrDictColonType(st)
	if isLetter(sep[0]) {
		p.expectKeyword(sep)
	} else {
		p.expect(sep)
	}
	return t, p.parseType()
}

// attrDictTypePair prints ` attr-dict : T sep U`.
func (p *printer) attrDictTypePair(op *Operation, t Type, sep string, u Type, elided ...string) {
	p.attrDictColonType(op, t, elided...)
	p.w(" " + sep + " ")
	p.typ(u)
}

// functionTypeAt parses a function type or reports one is expected.
func (p *parser) functionTypeAt() *FunctionType {
	at := p.pos()
	fn, ok := p.parseType().(*FunctionType)
	if !ok {
		p.failAt(at, "expected function type")
	}
	return fn
}

// attrDictColonFunctionType parses `attr-dict : (inputs) -> results`: it
// resolves refs, read at at, with the inputs and sets the result types.
func (p *parser) attrDictColonFunctionType(st *OpState, refs []operandRef, at Pos) {
	p.optionalAttrDict(st)
	p.expect(":")
	fn := p.functionTypeAt()
	st.Operands = p.resolveAll(refs, fn.Inputs, at)
	st.ResultTypes = fn.Results
}

// functionType prints `(operand types) -> result types` of op.
func (p *printer) functionType(op *Operation) {
	p.typ(&FunctionType{Inputs: valueTypes(op.operands), Results: resultTypes(op)})
}

// attrDictColonFunctionType prints ` attr-dict : (operand types) -> result
// types`.
func (p *printer) attrDictColonFunctionType(op *Operation, elided ...string) {
	p.attrDict(op, elided...)
	p.w(" : ")
	p.functionType(op)
}

// --- unit flags ---

// unitFlag is a unit property spelled as a bare keyword (`exact`,
// `nofold`).
type unitFlag struct{ keyword, property string }

func (f *unitFlag) prop() string { return f.property }

func (f *unitFlag) parse(p *parser, st *OpState) {
	if p.acceptKeyword(f.keyword) {
		st.AddProp(f.property, UnitAttr{})
	}
}

// print writes ` keyword` if the property is set; it returns false when the
// property holds something other than unit.
func (f *unitFlag) print(p *printer, op *Operation) bool {
	switch op.Prop(f.property).(type) {
	case nil:
		return true
	case UnitAttr:
		p.w(" " + f.keyword)
		return true
	}
	return false
}

// unitFlags are the flags whose keywords are the names of their unit
// properties.
func unitFlags(names ...string) []modifier {
	mods := make([]modifier, len(names))
	for i, name := range names {
		mods[i] = &unitFlag{name, name}
	}
	return mods
}

// parseUnitFlags reads optional keywords, in this order, that each set the
// unit property of the same name.
func parseUnitFlags(p *parser, st *OpState, flags ...string) {
	for _, f := range flags {
		(&unitFlag{f, f}).parse(p, st)
	}
}

// printUnitFlags writes ` flag` for each unit property that is set; it
// returns false when one holds something other than unit.
func printUnitFlags(p *printer, op *Operation, flags ...string) bool {
	for _, f := range flags {
		if !(&unitFlag{f, f}).print(p, op) {
			return false
		}
	}
	return true
}

// --- simple forms shared by several dialects ---

// asTerminator marks s as the syntax of an op that ends its block.
func asTerminator(s *opSyntax) *opSyntax {
	s.Terminator = true
	return s
}

// operandColonTypeSyntax is the form `name %v attr-dict : T` of an op with
// one operand and results of the given types.
func operandColonTypeSyntax(name string, results ...Type) *opSyntax {
	return &opSyntax{
		Parse: func(p *parser, st *OpState) {
			v := p.operandRef()
			st.Operands = []*Value{p.resolve(v, p.attrDictColonType(st))}
			st.ResultTypes = results
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 1 || !sameTypes(op.results, results) {
				return false
			}
			p.w(name + " ")
			p.value(op.operands[0])
			p.attrDictColonType(op, op.operands[0].typ)
			return true
		},
	}
}

// conditionMessageSyntax is the form `name %cond, "message" attr-dict` of
// cf.assert and shape.cstr_require, with an i1 condition and results of
// the given types.
func conditionMessageSyntax(name string, results ...Type) *opSyntax {
	return &opSyntax{
		Inherent: []string{"msg"},
		Parse: func(p *parser, st *OpState) {
			cond := p.operandRef()
			p.expect(",")
			if p.tok.kind != tString {
				p.fail("expected string message, found %s", p.describe())
			}
			st.AddProp("msg", p.parseAttrNoType())
			p.optionalAttrDict(st)
			st.Operands = []*Value{p.resolve(cond, I1)}
			st.ResultTypes = results
		},
		Print: func(p *printer, op *Operation) bool {
			msg, ok := op.Prop("msg").(*StringAttr)
			if !ok || msg.Type != nil || len(op.operands) != 1 || !TypesEqual(op.operands[0].typ, I1) || !sameTypes(op.results, results) {
				return false
			}
			p.w(name + " ")
			p.value(op.operands[0])
			p.w(", ")
			p.attr(msg)
			p.attrDict(op, "msg")
			return true
		},
	}
}

// --- forms shared by the tensor and memref dialects ---

// shapedKind is tensors or memrefs, for the forms their dialects share.
type shapedKind struct {
	elementType func(Type) (Type, bool)
	// mismatch is the parse error for a type of another kind, formatted
	// with that type.
	mismatch string
}

// parseTypeOf parses a type of kind k and returns it with its element
// type.
func (p *parser) parseTypeOf(k shapedKind) (Type, Type) {
	at := p.pos()
	t := p.parseType()
	elem, ok := k.elementType(t)
	if !ok {
		p.failAt(at, k.mismatch, t)
	}
	return t, elem
}

// attrDictColonTypeOf parses `attr-dict : T` with T of kind k and returns
// T and its element type.
func (p *parser) attrDictColonTypeOf(st *OpState, k shapedKind) (Type, Type) {
	p.optionalAttrDict(st)
	p.expect(":")
	return p.parseTypeOf(k)
}

// elementReadSyntax is `name %src[%i, ...] attr-dict : T` of tensor.extract
// and memref.load, which read an element of T at index operands.
func elementReadSyntax(name string, k shapedKind) *opSyntax {
	return &opSyntax{
		Parse: func(p *parser, st *OpState) {
			src := p.operandRef()
			indices := p.bracketedIndices()
			t, elem := p.attrDictColonTypeOf(st, k)
			st.Operands = append([]*Value{p.resolve(src, t)}, indices...)
			st.ResultTypes = []Type{elem}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) < 1 || !allIndex(op.operands[1:]) {
				return false
			}
			src := op.operands[0]
			if elem, ok := k.elementType(src.typ); !ok || !singleResultOfType(op, elem) {
				return false
			}
			p.w(name + " ")
			p.value(src)
			p.bracketedValues(op.operands[1:])
			p.attrDictColonType(op, src.typ)
			return true
		},
	}
}

// elementWriteSyntax is memref.store's `name %v, %m[%i, ...] attr-dict : T`
// or, functional, tensor.insert's `name %v into %t[%i, ...] attr-dict : T`
// with the updated T as result; %v is an element of T.
func elementWriteSyntax(name string, k shapedKind, functional bool) *opSyntax {
	return &opSyntax{
		Parse: func(p *parser, st *OpState) {
			v := p.operandRef()
			if functional {
				p.expectKeyword("into")
			} else {
				p.expect(",")
			}
			dest := p.operandRef()
			indices := p.bracketedIndices()
			t, elem := p.attrDictColonTypeOf(st, k)
			st.Operands = append([]*Value{p.resolve(v, elem), p.resolve(dest, t)}, indices...)
			if functional {
				st.ResultTypes = []Type{t}
			}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) < 2 || !allIndex(op.operands[2:]) {
				return false
			}
			v, dest := op.operands[0], op.operands[1]
			if elem, ok := k.elementType(dest.typ); !ok || !TypesEqual(elem, v.typ) ||
				functional && !singleResultOfType(op, dest.typ) || !functional && len(op.results) != 0 {
				return false
			}
			p.w(name + " ")
			p.value(v)
			if functional {
				p.w(" into ")
			} else {
				p.w(", ")
			}
			p.value(dest)
			p.bracketedValues(op.operands[2:])
			p.attrDictColonType(op, dest.typ)
			return true
		},
	}
}

// dimSyntax is `name attr-dict %src, %index : T` of tensor.dim and
// memref.dim, whose result is an index.
func dimSyntax(name string) *opSyntax {
	return &opSyntax{
		Parse: func(p *parser, st *OpState) {
			p.optionalAttrDict(st)
			src := p.operandRef()
			p.expect(",")
			idx := p.operandRef()
			p.expect(":")
			st.Operands = []*Value{p.resolve(src, p.parseType()), p.resolve(idx, Index)}
			st.ResultTypes = []Type{Index}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 2 || !allIndex(op.operands[1:]) || !singleResultOfType(op, Index) {
				return false
			}
			p.w(name)
			p.attrDict(op)
			p.w(" ")
			p.values(op.operands)
			p.w(" : ")
			p.typ(op.operands[0].typ)
			return true
		},
	}
}

// sliceProps are the static offsets, sizes and strides of a slice.
var sliceProps = []string{"static_offsets", "static_sizes", "static_strides"}

// extractSliceSyntax is `name %src[offsets] [sizes] [strides] attr-dict :
// T to U` of tensor.extract_slice and memref.subview.
func extractSliceSyntax(name string) *opSyntax {
	return &opSyntax{
		Inherent: sliceProps,
		Parse: func(p *parser, st *OpState) {
			src := p.operandRef()
			p.endSliceOf(st, src, p.parseSliceTriple())
		},
		Print: func(p *printer, op *Operation) bool {
			src, s, ok := sliceOf(op)
			if !ok {
				return false
			}
			p.w(name + " ")
			p.value(src)
			p.sliceTriple(s)
			p.attrDictTypePair(op, src.typ, "to", op.results[0].typ, sliceProps...)
			return true
		},
	}
}

// endSliceOf parses `attr-dict : T to U`, the end of the ops that take a
// slice of one source, and records the source, the slice and the result.
func (p *parser) endSliceOf(st *OpState, src operandRef, s sliceTriple) {
	srcType, resType := p.attrDictTypePair(st, "to")
	st.ResultTypes = []Type{resType}
	st.Operands = append([]*Value{p.resolve(src, srcType)}, s.operands()...)
	s.setProps(p, st)
	p.setSegments(st, 1, len(s.dynOffsets), len(s.dynSizes), len(s.dynStrides))
}

// sliceOf reads the source and the slice of an op of the shape endSliceOf
// builds; ok is false for another shape.
func sliceOf(op *Operation) (src *Value, s sliceTriple, ok bool) {
	segs := segments(op)
	if len(segs) != 4 || len(segs[0]) != 1 || len(op.results) != 1 || !allIndex(op.operands[1:]) {
		return nil, s, false
	}
	s, ok = readSliceTriple(op, segs)
	return segs[0][0], s, ok
}

// reassociationSyntax is `name %src [[0, 1], [2]] attr-dict : T into U` of
// the collapse_shape ops or, with expand, `name %src [[0], [1, 2]]
// output_shape [2, %n, 2] attr-dict : T into U` of the expand_shape ops.
func reassociationSyntax(name string, expand bool) *opSyntax {
	props := []string{"reassociation"}
	if expand {
		props = append(props, "static_output_shape")
	}
	return &opSyntax{
		Inherent: props,
		Parse: func(p *parser, st *OpState) {
			src := p.operandRef()
			st.AddProp("reassociation", parseReassociationAttr(p))
			var dyn []*Value
			if expand {
				p.expectKeyword("output_shape")
				var shape []int64
				shape, dyn = p.dynamicIndexList()
				st.AddProp("static_output_shape", p.i64Array(shape))
			}
			srcType, resType := p.attrDictTypePair(st, "into")
			st.ResultTypes = []Type{resType}
			st.Operands = append([]*Value{p.resolve(src, srcType)}, dyn...)
		},
		Print: func(p *printer, op *Operation) bool {
			re, ok := op.Prop("reassociation").(*ArrayAttr)
			if !ok || len(op.operands) < 1 || len(op.results) != 1 || !allIndex(op.operands[1:]) {
				return false
			}
			var shape []int64
			if expand {
				shape, ok = staticArray(op, "static_output_shape")
				if !ok || countDynamic(shape) != len(op.operands)-1 {
					return false
				}
			} else if len(op.operands) != 1 {
				return false
			}
			p.w(name + " ")
			p.value(op.operands[0])
			p.w(" ")
			p.attr(re)
			if expand {
				p.w(" output_shape ")
				p.dynamicIndexList(shape, op.operands[1:])
			}
			p.attrDictTypePair(op, op.operands[0].typ, "into", op.results[0].typ, props...)
			return true
		},
	}
}

// parseReassociationAttr reads the `[[0, 1], [2]]` grouping of the reshape
// ops as the plain array attribute MLIR parses it as.
func parseReassociationAttr(p *parser) *ArrayAttr {
	at := p.pos()
	a, ok := p.parseAttrNoType().(*ArrayAttr)
	if !ok {
		p.failAt(at, "expected reassociation array")
	}
	return a
}

// reshapeSyntax is `name %src(%shape) attr-dict : (T, S) -> U` of
// tensor.reshape and memref.reshape.
func reshapeSyntax(name string) *opSyntax {
	return &opSyntax{
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			src := p.operandRef()
			p.expect("(")
			shape := p.operandRef()
			p.expect(")")
			p.attrDictColonFunctionType(st, []operandRef{src, shape}, at)
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 2 || len(op.results) != 1 {
				return false
			}
			p.w(name + " ")
			p.value(op.operands[0])
			p.w("(")
			p.value(op.operands[1])
			p.w(")")
			p.attrDictColonFunctionType(op)
			return true
		},
	}
}

// optionalPropDict parses `<{props}>` if it comes next, adding each entry
// as a property.
func (p *parser) optionalPropDict(st *OpState) {
	if p.accept("<") {
		if !p.is("{") {
			p.fail("expected '{' to start the properties dictionary")
		}
		for _, e := range p.parseDict().Entries {
			st.AddProp(e.Name, e.Value)
		}
		p.expect(">")
	}
}
