package ir

// Custom syntax of the tensor dialect.

var tensorKind = shapedKind{tensorElementType, "expected tensor type, found '%s'"}

func init() {
	register("tensor.cast", (&castOp{}).syntax())
	register("tensor.bitcast", (&castOp{}).syntax())
	register("tensor.empty", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			p.expect("(")
			st.Operands = p.resolveAllAs(p.operandRefs(), Index)
			p.expect(")")
			st.ResultTypes = []Type{p.attrDictColonType(st)}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.results) != 1 || !allIndex(op.operands) {
				return false
			}
			p.w("tensor.empty(")
			p.values(op.operands)
			p.w(")")
			p.attrDictColonType(op, op.results[0].typ)
			return true
		},
	})
	register("tensor.extract", elementReadSyntax("tensor.extract", tensorKind))
	register("tensor.insert", elementWriteSyntax("tensor.insert", tensorKind, true))
	register("tensor.extract_slice", extractSliceSyntax("tensor.extract_slice"))
	register("tensor.insert_slice", insertSliceSyntax("tensor.insert_slice", true))
	register("tensor.parallel_insert_slice", insertSliceSyntax("tensor.parallel_insert_slice", false))
	register("tensor.dim", dimSyntax("tensor.dim"))
	register("tensor.rank", operandColonTypeSyntax("tensor.rank", Index))
	register("tensor.generate", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			st.Operands = p.resolveAllAs(p.operandRefs(), Index)
			st.Regions = []*Region{p.parseRegion(nil)}
			st.ResultTypes = []Type{p.attrDictColonType(st)}
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
			p.attrDictColonType(op, op.results[0].typ)
			return true
		},
	})
	register("tensor.yield", asTerminator(operandColonTypeSyntax("tensor.yield")))
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
			t, u := p.attrDictTypePair(st, "to")
			st.ResultTypes = []Type{u}
			st.Operands = append(append([]*Value{p.resolve(src, t)}, dynLow...), dynHigh...)
			st.AddProp("static_low", p.i64Array(low))
			st.AddProp("static_high", p.i64Array(high))
			p.setSegments(st, 1, len(dynLow), len(dynHigh))
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
			p.attrDictTypePair(op, segs[0][0].typ, "to", op.results[0].typ, padProps...)
			return true
		},
	})
	register("tensor.collapse_shape", reassociationSyntax("tensor.collapse_shape", false))
	register("tensor.expand_shape", reassociationSyntax("tensor.expand_shape", true))
	register("tensor.from_elements", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			refs := p.operandRefs()
			p.optionalAttrDict(st)
			p.expect(":")
			tat := p.pos()
			t, elem := p.parseTypeOf(tensorKind)
			n, ok := staticElementCount(t)
			if !ok {
				p.failAt(tat, "expected a statically shaped ranked tensor, found '%s'", t)
			}
			if n != len(refs) {
				p.failAt(at, "%d operands present, but expected %d", len(refs), n)
			}
			st.Operands = p.resolveAllAs(refs, elem)
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
			p.attrDictColonType(op, t)
			return true
		},
	})
	register("tensor.splat", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			v := p.operandRef()
			var sizes []*Value
			if p.is("[") {
				sizes = p.bracketedIndices()
			}
			t, elem := p.attrDictColonTypeOf(st, tensorKind)
			st.Operands = append([]*Value{p.resolve(v, elem)}, sizes...)
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
				p.bracketedValues(op.operands[1:])
			}
			p.attrDictColonType(op, t)
			return true
		},
	})
	register("tensor.reshape", reshapeSyntax("tensor.reshape"))
	register("tensor.concat", &opSyntax{
		Inherent: []string{"dim"},
		Parse: func(p *parser, st *OpState) {
			p.expectKeyword("dim")
			p.expect("(")
			st.AddProp("dim", IntAttr(p.integer(), I64))
			p.expect(")")
			at := p.pos()
			p.attrDictColonFunctionType(st, p.operandRefs(), at)
		},
		Print: func(p *printer, op *Operation) bool {
			dim, ok := i64Prop(op, "dim")
			if !ok {
				return false
			}
			p.w("tensor.concat dim(" + dim + ")")
			if len(op.operands) > 0 {
				p.w(" ")
				p.values(op.operands)
			}
			p.attrDictColonFunctionType(op, "dim")
			return true
		},
	})
	register("tensor.gather", gatherScatterSyntax("tensor.gather", false))
	register("tensor.scatter", gatherScatterSyntax("tensor.scatter", true))
}

// insertSliceSyntax is `op %src into %dest[offsets] [sizes] [strides]
// attr-dict : S into D`, shared by insert_slice (whose result has the
// destination's type) and parallel_insert_slice (which has no result).
func insertSliceSyntax(name string, hasResult bool) *opSyntax {
	return &opSyntax{
		Inherent: sliceProps,
		Parse: func(p *parser, st *OpState) {
			src := p.operandRef()
			p.expectKeyword("into")
			dest := p.operandRef()
			s := p.parseSliceTriple()
			srcType, destType := p.attrDictTypePair(st, "into")
			if hasResult {
				st.ResultTypes = []Type{destType}
			}
			st.Operands = append([]*Value{p.resolve(src, srcType), p.resolve(dest, destType)}, s.operands()...)
			s.setProps(p, st)
			p.setSegments(st, 1, 1, len(s.dynOffsets), len(s.dynSizes), len(s.dynStrides))
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
				ok = singleResultOfType(op, dest.typ)
			} else {
				ok = len(op.results) == 0
			}
			if !ok {
				return false
			}
			p.w(name + " ")
			p.value(src)
			p.w(" into ")
			p.value(dest)
			p.sliceTriple(s)
			p.attrDictTypePair(op, src.typ, "into", dest.typ, sliceProps...)
			return true
		},
	}
}

// gatherScatterSyntax is tensor.gather's `name %src[%indices]
// gather_dims([0]) unique attr-dict : (S, I) -> R` or, with scatter,
// tensor.scatter's `name %src into %dest[%indices] scatter_dims([0]) unique
// attr-dict : (S, D, I) -> R`.
func gatherScatterSyntax(name string, scatter bool) *opSyntax {
	dims, arity := "gather_dims", 2
	if scatter {
		dims, arity = "scatter_dims", 3
	}
	inherent := []string{dims, "unique"}
	return &opSyntax{
		Inherent: inherent,
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			refs := []operandRef{p.operandRef()}
			if scatter {
				p.expectKeyword("into")
				refs = append(refs, p.operandRef())
			}
			p.expect("[")
			refs = append(refs, p.operandRef())
			p.expect("]")
			parseDimsClause(p, st, dims)
			parseUnitFlags(p, st, "unique")
			p.attrDictColonFunctionType(st, refs, at)
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != arity {
				return false
			}
			p.w(name + " ")
			p.value(op.operands[0])
			if scatter {
				p.w(" into ")
				p.value(op.operands[1])
			}
			p.bracketedValues(op.operands[arity-1:])
			if !printDimsClause(p, op, dims) || !printUnitFlags(p, op, "unique") {
				return false
			}
			p.attrDictColonFunctionType(op, inherent...)
			return true
		},
	}
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

// parseDimsClause parses `keyword([0, 1])` into an i64 dense array
// property of the same name.
func parseDimsClause(p *parser, st *OpState, name string) {
	p.expectKeyword(name)
	p.expect("(")
	st.AddProp(name, p.i64Array(p.integerList()))
	p.expect(")")
}

// printDimsClause writes ` keyword([0, 1])`.
func printDimsClause(p *printer, op *Operation, name string) bool {
	a, ok := op.Prop(name).(*DenseArrayAttr)
	if !ok || !TypesEqual(a.Elem, I64) {
		return false
	}
	p.w(" " + name + "(")
	p.integerList(a)
	p.w(")")
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
