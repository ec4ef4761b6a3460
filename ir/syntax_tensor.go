package ir

// Custom syntax of the tensor dialect.

func init() {
	register("tensor.cast", operandToTypeSyntax("tensor.cast"))
	register("tensor.bitcast", operandToTypeSyntax("tensor.bitcast"))
	register("tensor.empty", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			p.expect("(")
			at := p.pos()
			refs := p.operandRefs()
			p.expect(")")
			p.optionalAttrDict(st)
			p.expect(":")
			st.ResultTypes = []Type{p.parseType()}
			st.Operands = resolveIndices(p, refs, at)
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.results) != 1 || !allIndex(op.operands) {
				return false
			}
			p.w("tensor.empty(")
			p.values(op.operands)
			p.w(")")
			p.attrDict(op)
			p.w(" : ")
			p.typ(op.results[0].typ)
			return true
		},
	})
	register("tensor.extract", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			src := p.operandRef()
			at := p.pos()
			idx := tensorIndexList(p)
			p.optionalAttrDict(st)
			p.expect(":")
			t, elem := p.parseTensorType()
			st.Operands = append([]*Value{p.resolve(src, t)}, resolveIndices(p, idx, at)...)
			st.ResultTypes = []Type{elem}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) < 1 || len(op.results) != 1 || !allIndex(op.operands[1:]) {
				return false
			}
			t := op.operands[0].typ
			if elem, ok := tensorElementType(t); !ok || !TypesEqual(elem, op.results[0].typ) {
				return false
			}
			p.w("tensor.extract ")
			p.value(op.operands[0])
			p.w("[")
			p.values(op.operands[1:])
			p.w("]")
			p.attrDict(op)
			p.w(" : ")
			p.typ(t)
			return true
		},
	})
	register("tensor.insert", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			scalar := p.operandRef()
			p.expectKeyword("into")
			dest := p.operandRef()
			at := p.pos()
			idx := tensorIndexList(p)
			p.optionalAttrDict(st)
			p.expect(":")
			t, elem := p.parseTensorType()
			st.Operands = append([]*Value{p.resolve(scalar, elem), p.resolve(dest, t)}, resolveIndices(p, idx, at)...)
			st.ResultTypes = []Type{t}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) < 2 || len(op.results) != 1 || !allIndex(op.operands[2:]) {
				return false
			}
			t := op.operands[1].typ
			elem, ok := tensorElementType(t)
			if !ok || !TypesEqual(elem, op.operands[0].typ) || !TypesEqual(t, op.results[0].typ) {
				return false
			}
			p.w("tensor.insert ")
			p.value(op.operands[0])
			p.w(" into ")
			p.value(op.operands[1])
			p.w("[")
			p.values(op.operands[2:])
			p.w("]")
			p.attrDict(op)
			p.w(" : ")
			p.typ(t)
			return true
		},
	})
	sliceProps := []string{"static_offsets", "static_sizes", "static_strides"}
	register("tensor.extract_slice", &opSyntax{
		Inherent: sliceProps,
		Parse: func(p *parser, st *OpState) {
			src := p.operandRef()
			s := p.parseSliceTriple()
			p.optionalAttrDict(st)
			p.expect(":")
			t := p.parseType()
			p.expectKeyword("to")
			st.ResultTypes = []Type{p.parseType()}
			st.Operands = append([]*Value{p.resolve(src, t)}, s.operands()...)
			s.setProps(st)
			setSegments(st, 1, len(s.dynOffsets), len(s.dynSizes), len(s.dynStrides))
		},
		Print: func(p *printer, op *Operation) bool {
			segs := segments(op)
			if len(segs) != 4 || len(segs[0]) != 1 || len(op.results) != 1 {
				return false
			}
			s, ok := readSliceTriple(op, segs)
			if !ok || !allIndex(op.operands[1:]) {
				return false
			}
			p.w("tensor.extract_slice ")
			p.value(segs[0][0])
			p.sliceTriple(s)
			p.attrDict(op, sliceProps...)
			p.w(" : ")
			p.typ(segs[0][0].typ)
			p.w(" to ")
			p.typ(op.results[0].typ)
			return true
		},
	})
	register("tensor.insert_slice", insertSliceSyntax("tensor.insert_slice", true, sliceProps))
	register("tensor.parallel_insert_slice", insertSliceSyntax("tensor.parallel_insert_slice", false, sliceProps))
	register("tensor.dim", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			p.optionalAttrDict(st)
			src := p.operandRef()
			p.expect(",")
			idx := p.operandRef()
			p.expect(":")
			t := p.parseType()
			st.Operands = []*Value{p.resolve(src, t), p.resolve(idx, Index)}
			st.ResultTypes = []Type{Index}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 2 || !allIndex(op.operands[1:]) || !singleIndexResult(op) {
				return false
			}
			p.w("tensor.dim")
			p.attrDict(op)
			p.w(" ")
			p.values(op.operands)
			p.w(" : ")
			p.typ(op.operands[0].typ)
			return true
		},
	})
	register("tensor.rank", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			src := p.operandRef()
			p.optionalAttrDict(st)
			p.expect(":")
			st.Operands = []*Value{p.resolve(src, p.parseType())}
			st.ResultTypes = []Type{Index}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 1 || !singleIndexResult(op) {
				return false
			}
			p.w("tensor.rank ")
			p.value(op.operands[0])
			p.attrDict(op)
			p.w(" : ")
			p.typ(op.operands[0].typ)
			return true
		},
	})
	register("tensor.generate", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			refs := p.operandRefs()
			st.Regions = []*Region{p.parseRegion(nil)}
			p.optionalAttrDict(st)
			p.expect(":")
			st.ResultTypes = []Type{p.parseType()}
			st.Operands = resolveIndices(p, refs, at)
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.results) != 1 || len(op.Regions) != 1 || !allIndex(op.operands) {
				return false
			}
			p.w("tensor.generate ")
			if len(op.operands) > 0 {
				p.values(op.operands)
				p.w(" ")
			}
			p.region(op.Regions[0], true)
			p.attrDict(op)
			p.w(" : ")
			p.typ(op.results[0].typ)
			return true
		},
	})
	register("tensor.yield", &opSyntax{
		Terminator: true,
		Parse: func(p *parser, st *OpState) {
			v := p.operandRef()
			p.optionalAttrDict(st)
			p.expect(":")
			st.Operands = []*Value{p.resolve(v, p.parseType())}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 1 || len(op.results) != 0 {
				return false
			}
			p.w("tensor.yield ")
			p.value(op.operands[0])
			p.attrDict(op)
			p.w(" : ")
			p.typ(op.operands[0].typ)
			return true
		},
	})
	padProps := []string{"static_low", "static_high", "nofold"}
	register("tensor.pad", &opSyntax{
		Inherent: padProps,
		Parse: func(p *parser, st *OpState) {
			src := p.operandRef()
			parseUnitFlags(p, st, "nofold")
			p.expectKeyword("low")
			low, dynLow := p.dynamicIndexList()
			p.expectKeyword("high")
			high, dynHigh := p.dynamicIndexList()
			st.Regions = []*Region{p.parseRegion(nil)}
			p.optionalAttrDict(st)
			p.expect(":")
			t := p.parseType()
			p.expectKeyword("to")
			st.ResultTypes = []Type{p.parseType()}
			st.Operands = append(append([]*Value{p.resolve(src, t)}, dynLow...), dynHigh...)
			st.AddProp("static_low", I64Array(low))
			st.AddProp("static_high", I64Array(high))
			setSegments(st, 1, len(dynLow), len(dynHigh))
		},
		Print: func(p *printer, op *Operation) bool {
			segs := segments(op)
			low, ok1 := staticArray(op, "static_low")
			high, ok2 := staticArray(op, "static_high")
			if !ok1 || !ok2 || len(segs) != 3 || len(segs[0]) != 1 || len(op.results) != 1 || len(op.Regions) != 1 ||
				countDynamic(low) != len(segs[1]) || countDynamic(high) != len(segs[2]) || !allIndex(op.operands[1:]) {
				return false
			}
			p.w("tensor.pad ")
			p.value(segs[0][0])
			if !printUnitFlags(p, op, "nofold") {
				return false
			}
			p.w(" low")
			p.dynamicIndexList(low, segs[1])
			p.w(" high")
			p.dynamicIndexList(high, segs[2])
			p.w(" ")
			p.region(op.Regions[0], true)
			p.attrDict(op, padProps...)
			p.w(" : ")
			p.typ(segs[0][0].typ)
			p.w(" to ")
			p.typ(op.results[0].typ)
			return true
		},
	})
	register("tensor.collapse_shape", &opSyntax{
		Inherent: []string{"reassociation"},
		Parse: func(p *parser, st *OpState) {
			src := p.operandRef()
			st.AddProp("reassociation", parseReassociationAttr(p))
			p.optionalAttrDict(st)
			p.expect(":")
			t := p.parseType()
			p.expectKeyword("into")
			st.ResultTypes = []Type{p.parseType()}
			st.Operands = []*Value{p.resolve(src, t)}
		},
		Print: func(p *printer, op *Operation) bool {
			re, ok := op.Prop("reassociation").(*ArrayAttr)
			if !ok || len(op.operands) != 1 || len(op.results) != 1 {
				return false
			}
			p.w("tensor.collapse_shape ")
			p.value(op.operands[0])
			p.w(" ")
			p.attr(re)
			p.attrDict(op, "reassociation")
			p.w(" : ")
			p.typ(op.operands[0].typ)
			p.w(" into ")
			p.typ(op.results[0].typ)
			return true
		},
	})
	register("tensor.expand_shape", &opSyntax{
		Inherent: []string{"reassociation", "static_output_shape"},
		Parse: func(p *parser, st *OpState) {
			src := p.operandRef()
			st.AddProp("reassociation", parseReassociationAttr(p))
			p.expectKeyword("output_shape")
			shape, dyn := p.dynamicIndexList()
			st.AddProp("static_output_shape", I64Array(shape))
			p.optionalAttrDict(st)
			p.expect(":")
			t := p.parseType()
			p.expectKeyword("into")
			st.ResultTypes = []Type{p.parseType()}
			st.Operands = append([]*Value{p.resolve(src, t)}, dyn...)
		},
		Print: func(p *printer, op *Operation) bool {
			re, ok1 := op.Prop("reassociation").(*ArrayAttr)
			shape, ok2 := staticArray(op, "static_output_shape")
			if !ok1 || !ok2 || len(op.operands) < 1 || len(op.results) != 1 ||
				countDynamic(shape) != len(op.operands)-1 || !allIndex(op.operands[1:]) {
				return false
			}
			p.w("tensor.expand_shape ")
			p.value(op.operands[0])
			p.w(" ")
			p.attr(re)
			p.w(" output_shape ")
			p.dynamicIndexList(shape, op.operands[1:])
			p.attrDict(op, "reassociation", "static_output_shape")
			p.w(" : ")
			p.typ(op.operands[0].typ)
			p.w(" into ")
			p.typ(op.results[0].typ)
			return true
		},
	})
	register("tensor.from_elements", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			refs := p.operandRefs()
			p.optionalAttrDict(st)
			p.expect(":")
			tat := p.pos()
			t, elem := p.parseTensorType()
			n, ok := staticElementCount(t)
			if !ok {
				p.failAt(tat, "expected a statically shaped ranked tensor, found '%s'", t)
			}
			if n != len(refs) {
				p.failAt(at, "%d operands present, but expected %d", len(refs), n)
			}
			st.Operands = p.resolveAll(refs, repeatType(elem, n), at)
			st.ResultTypes = []Type{t}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.results) != 1 {
				return false
			}
			t := op.results[0].typ
			elem, _ := tensorElementType(t)
			if n, ok := staticElementCount(t); !ok || n != len(op.operands) || !allOfType(op.operands, elem) {
				return false
			}
			p.w("tensor.from_elements")
			if len(op.operands) > 0 {
				p.w(" ")
				p.values(op.operands)
			}
			p.attrDict(op)
			p.w(" : ")
			p.typ(t)
			return true
		},
	})
	register("tensor.splat", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			v := p.operandRef()
			at := p.pos()
			var sizes []operandRef
			if p.is("[") {
				sizes = tensorIndexList(p)
			}
			p.optionalAttrDict(st)
			p.expect(":")
			t, elem := p.parseTensorType()
			st.Operands = append([]*Value{p.resolve(v, elem)}, resolveIndices(p, sizes, at)...)
			st.ResultTypes = []Type{t}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) < 1 || len(op.results) != 1 || !allIndex(op.operands[1:]) {
				return false
			}
			t := op.results[0].typ
			if elem, ok := tensorElementType(t); !ok || !TypesEqual(elem, op.operands[0].typ) {
				return false
			}
			p.w("tensor.splat ")
			p.value(op.operands[0])
			if len(op.operands) > 1 {
				p.w("[")
				p.values(op.operands[1:])
				p.w("]")
			}
			p.attrDict(op)
			p.w(" : ")
			p.typ(t)
			return true
		},
	})
	register("tensor.reshape", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			src := p.operandRef()
			p.expect("(")
			shape := p.operandRef()
			p.expect(")")
			p.optionalAttrDict(st)
			p.expect(":")
			fn := p.functionTypeAt()
			st.Operands = p.resolveAll([]operandRef{src, shape}, fn.Inputs, at)
			st.ResultTypes = fn.Results
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 2 {
				return false
			}
			p.w("tensor.reshape ")
			p.value(op.operands[0])
			p.w("(")
			p.value(op.operands[1])
			p.w(")")
			p.attrDict(op)
			p.w(" : ")
			p.functionType(op)
			return true
		},
	})
	register("tensor.concat", &opSyntax{
		Inherent: []string{"dim"},
		Parse: func(p *parser, st *OpState) {
			p.expectKeyword("dim")
			p.expect("(")
			st.AddProp("dim", IntAttr(p.integer(), I64))
			p.expect(")")
			at := p.pos()
			refs := p.operandRefs()
			p.optionalAttrDict(st)
			p.expect(":")
			fn := p.functionTypeAt()
			st.Operands = p.resolveAll(refs, fn.Inputs, at)
			st.ResultTypes = fn.Results
		},
		Print: func(p *printer, op *Operation) bool {
			dim, ok := i64Prop(op, "dim")
			if !ok {
				return false
			}
			p.w("tensor.concat dim(")
			p.w(dim)
			p.w(")")
			if len(op.operands) > 0 {
				p.w(" ")
				p.values(op.operands)
			}
			p.attrDict(op, "dim")
			p.w(" : ")
			p.functionType(op)
			return true
		},
	})
	register("tensor.gather", &opSyntax{
		Inherent: []string{"gather_dims", "unique"},
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			src := p.operandRef()
			p.expect("[")
			idx := p.operandRef()
			p.expect("]")
			parseDimsClause(p, st, "gather_dims")
			parseUnitFlags(p, st, "unique")
			p.optionalAttrDict(st)
			p.expect(":")
			fn := p.functionTypeAt()
			st.Operands = p.resolveAll([]operandRef{src, idx}, fn.Inputs, at)
			st.ResultTypes = fn.Results
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 2 {
				return false
			}
			p.w("tensor.gather ")
			p.value(op.operands[0])
			p.w("[")
			p.value(op.operands[1])
			p.w("]")
			if !printDimsClause(p, op, "gather_dims") || !printUnitFlags(p, op, "unique") {
				return false
			}
			p.attrDict(op, "gather_dims", "unique")
			p.w(" : ")
			p.functionType(op)
			return true
		},
	})
	register("tensor.scatter", &opSyntax{
		Inherent: []string{"scatter_dims", "unique"},
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			src := p.operandRef()
			p.expectKeyword("into")
			dest := p.operandRef()
			p.expect("[")
			idx := p.operandRef()
			p.expect("]")
			parseDimsClause(p, st, "scatter_dims")
			parseUnitFlags(p, st, "unique")
			p.optionalAttrDict(st)
			p.expect(":")
			fn := p.functionTypeAt()
			st.Operands = p.resolveAll([]operandRef{src, dest, idx}, fn.Inputs, at)
			st.ResultTypes = fn.Results
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 3 {
				return false
			}
			p.w("tensor.scatter ")
			p.value(op.operands[0])
			p.w(" into ")
			p.value(op.operands[1])
			p.w("[")
			p.value(op.operands[2])
			p.w("]")
			if !printDimsClause(p, op, "scatter_dims") || !printUnitFlags(p, op, "unique") {
				return false
			}
			p.attrDict(op, "scatter_dims", "unique")
			p.w(" : ")
			p.functionType(op)
			return true
		},
	})
}

// operandToTypeSyntax is the form `op %x [flags] attr-dict : T to U` shared
// by casts and the bufferization conversions; flags are optional unit
// properties spelled as keywords, in this order.
func operandToTypeSyntax(name string, flags ...string) *opSyntax {
	return &opSyntax{
		Inherent: flags,
		Parse: func(p *parser, st *OpState) {
			src := p.operandRef()
			parseUnitFlags(p, st, flags...)
			p.optionalAttrDict(st)
			p.expect(":")
			t := p.parseType()
			p.expectKeyword("to")
			st.ResultTypes = []Type{p.parseType()}
			st.Operands = []*Value{p.resolve(src, t)}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 1 || len(op.results) != 1 {
				return false
			}
			p.w(name)
			p.w(" ")
			p.value(op.operands[0])
			if !printUnitFlags(p, op, flags...) {
				return false
			}
			p.attrDict(op, flags...)
			p.w(" : ")
			p.typ(op.operands[0].typ)
			p.w(" to ")
			p.typ(op.results[0].typ)
			return true
		},
	}
}

// insertSliceSyntax is `op %src into %dest[offsets] [sizes] [strides]
// attr-dict : S into D`, shared by insert_slice (whose result has the
// destination's type) and parallel_insert_slice (which has no result).
func insertSliceSyntax(name string, hasResult bool, sliceProps []string) *opSyntax {
	return &opSyntax{
		Inherent: sliceProps,
		Parse: func(p *parser, st *OpState) {
			src := p.operandRef()
			p.expectKeyword("into")
			dest := p.operandRef()
			s := p.parseSliceTriple()
			p.optionalAttrDict(st)
			p.expect(":")
			srcType := p.parseType()
			p.expectKeyword("into")
			destType := p.parseType()
			if hasResult {
				st.ResultTypes = []Type{destType}
			}
			st.Operands = append([]*Value{p.resolve(src, srcType), p.resolve(dest, destType)}, s.operands()...)
			s.setProps(st)
			setSegments(st, 1, 1, len(s.dynOffsets), len(s.dynSizes), len(s.dynStrides))
		},
		Print: func(p *printer, op *Operation) bool {
			segs := segments(op)
			if len(segs) != 5 || len(segs[0]) != 1 || len(segs[1]) != 1 {
				return false
			}
			src, dest := segs[0][0], segs[1][0]
			s, ok := readSliceTriple(op, segs)
			if !ok || !allIndex(op.operands[2:]) {
				return false
			}
			if hasResult {
				ok = len(op.results) == 1 && TypesEqual(op.results[0].typ, dest.typ)
			} else {
				ok = len(op.results) == 0
			}
			if !ok {
				return false
			}
			p.w(name)
			p.w(" ")
			p.value(src)
			p.w(" into ")
			p.value(dest)
			p.sliceTriple(s)
			p.attrDict(op, sliceProps...)
			p.w(" : ")
			p.typ(src.typ)
			p.w(" into ")
			p.typ(dest.typ)
			return true
		},
	}
}

// parseUnitFlags reads optional keywords that each set a unit property.
func parseUnitFlags(p *parser, st *OpState, flags ...string) {
	for _, f := range flags {
		if p.acceptKeyword(f) {
			st.AddProp(f, UnitAttr{})
		}
	}
}

// printUnitFlags writes ` flag` for each unit property that is set; it
// returns false when one holds something other than unit.
func printUnitFlags(p *printer, op *Operation, flags ...string) bool {
	for _, f := range flags {
		switch op.Prop(f).(type) {
		case nil:
		case UnitAttr:
			p.w(" ")
			p.w(f)
		default:
			return false
		}
	}
	return true
}

// tensorIndexList parses `[%i, %j]`, a possibly empty list of index
// operands.
func tensorIndexList(p *parser) []operandRef {
	p.expect("[")
	refs := p.operandRefs()
	p.expect("]")
	return refs
}

// resolveIndices resolves refs as `index` values.
func resolveIndices(p *parser, refs []operandRef, at Pos) []*Value {
	return p.resolveAll(refs, repeatType(Index, len(refs)), at)
}

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

func allIndex(vs []*Value) bool { return allOfType(vs, Index) }

func singleIndexResult(op *Operation) bool {
	return len(op.results) == 1 && TypesEqual(op.results[0].typ, Index)
}

// tensorElementType returns the element type of a ranked or unranked tensor.
func tensorElementType(t Type) (Type, bool) {
	switch t := t.(type) {
	case *TensorType:
		return t.Elem, true
	case *UnrankedTensorType:
		return t.Elem, true
	}
	return nil, false
}

// parseTensorType parses a tensor type and returns it with its element type.
func (p *parser) parseTensorType() (Type, Type) {
	at := p.pos()
	t := p.parseType()
	elem, ok := tensorElementType(t)
	if !ok {
		p.failAt(at, "expected tensor type, found '%s'", t)
	}
	return t, elem
}

// staticElementCount returns the number of elements of a statically shaped
// ranked tensor type, saturated at maxElements so that huge shapes cannot
// overflow.
func staticElementCount(t Type) (int, bool) {
	tt, ok := t.(*TensorType)
	if !ok {
		return 0, false
	}
	for _, d := range tt.Shape {
		if d < 0 {
			return 0, false
		}
		if d == 0 {
			return 0, true
		}
	}
	n := int64(1)
	for _, d := range tt.Shape {
		if n > maxElements/d {
			return maxElements, true
		}
		n *= d
	}
	return int(n), true
}

// maxElements bounds element counts; from_elements lists beyond it are
// not plausible input.
const maxElements = 1 << 31

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

// parseDimsClause parses `keyword([0, 1])` into an i64 dense array
// property of the same name.
func parseDimsClause(p *parser, st *OpState, name string) {
	p.expectKeyword(name)
	p.expect("(")
	var dims []int64
	p.delimited("[", "]", func() { dims = append(dims, p.integer()) })
	p.expect(")")
	if dims == nil {
		dims = []int64{}
	}
	st.AddProp(name, I64Array(dims))
}

// printDimsClause writes ` keyword([0, 1])`.
func printDimsClause(p *printer, op *Operation, name string) bool {
	a, ok := op.Prop(name).(*DenseArrayAttr)
	if !ok || !TypesEqual(a.Elem, I64) {
		return false
	}
	p.w(" ")
	p.w(name)
	p.w("([")
	for i, v := range a.Values {
		if i > 0 {
			p.w(", ")
		}
		p.w(v)
	}
	p.w("])")
	return true
}

// i64Prop returns the literal of an i64 integer property.
func i64Prop(op *Operation, name string) (string, bool) {
	a, ok := op.Prop(name).(*IntegerAttr)
	if !ok || a.Type != nil && !TypesEqual(a.Type, I64) {
		return "", false
	}
	return a.Text, true
}
