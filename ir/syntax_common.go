package ir

import "strconv"

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
