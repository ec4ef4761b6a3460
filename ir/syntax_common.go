package ir

import (
	"strconv"
	"strings"
)

// Parsing and printing pieces shared by several dialects' custom syntax.

// dynamicIndexList parses MLIR's mixed static/dynamic list `[0, %a, 4]`:
// the static values, with Dynamic where an SSA value stands, and the
// values, resolved as `index`.
func (p *parser) dynamicIndexList() ([]int64, []*Value) {
	var static []int64
	var dyn []*Value
	p.delimited("[", "]", func() {
		if p.isOperand() {
			dyn = append(dyn, p.resolve(p.operandRef(), Index))
			static = append(static, Dynamic)
			return
		}
		static = append(static, p.integer())
	})
	if static == nil {
		static = []int64{}
	}
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

// dynamicIndexList prints a mixed list, taking one value from dyn for every
// Dynamic entry of static. It returns the number of values consumed, or -1
// when there are not enough.
func (p *printer) dynamicIndexList(static []int64, dyn []*Value) int {
	p.w("[")
	used := 0
	for i, s := range static {
		if i > 0 {
			p.w(", ")
		}
		if s == Dynamic {
			if used >= len(dyn) {
				return -1
			}
			p.value(dyn[used])
			used++
			continue
		}
		p.w(strconv.FormatInt(s, 10))
	}
	p.w("]")
	return used
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
func (s sliceTriple) setProps(st *OpState) {
	st.AddProp("static_offsets", I64Array(s.offsets))
	st.AddProp("static_sizes", I64Array(s.sizes))
	st.AddProp("static_strides", I64Array(s.strides))
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

// reassociation parses `[[0, 1], [2]]`, the dimension grouping of
// collapse_shape and expand_shape.
func (p *parser) reassociation() *ArrayAttr {
	outer := &ArrayAttr{}
	p.delimited("[", "]", func() {
		inner := &ArrayAttr{}
		p.delimited("[", "]", func() {
			inner.Elems = append(inner.Elems, IntAttr(p.integer(), I64))
		})
		outer.Elems = append(outer.Elems, inner)
	})
	return outer
}

// reassociation prints an array of arrays of integers without their types.
func (p *printer) reassociation(a *ArrayAttr) bool {
	p.w("[")
	for i, e := range a.Elems {
		inner, ok := e.(*ArrayAttr)
		if !ok {
			return false
		}
		if i > 0 {
			p.w(", ")
		}
		p.w("[")
		for j, x := range inner.Elems {
			n, ok := x.(*IntegerAttr)
			if !ok {
				return false
			}
			if j > 0 {
				p.w(", ")
			}
			p.w(n.Text)
		}
		p.w("]")
	}
	p.w("]")
	return true
}

// setSegments records operandSegmentSizes for ops with variadic operand
// groups.
func setSegments(st *OpState, sizes ...int) {
	st.AddProp("operandSegmentSizes", I32Array(sizes...))
}

// --- terminators ---

// yieldSyntax is the terminator form `name attr-dict (%v : type)?` shared
// by the yields of several dialects (scf, affine, shape, memref's
// alloca_scope.return).
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
	if last := b.Terminator(); last != nil && IsTerminator(last) {
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
	if op.Name != t.name || len(op.operands) != 0 || len(op.results) != 0 || len(op.Successors) != 0 ||
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

func singleBlockWithoutArgs(r *Region) bool {
	return len(r.blocks) == 1 && len(r.blocks[0].args) == 0
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

// concatValues joins operand groups in order.
func concatValues(groups ...[]*Value) []*Value {
	var out []*Value
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

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
