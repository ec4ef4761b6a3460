package ir

// Custom syntax of affine.delinearize_index and affine.linearize_index,
// which split an index over a basis and join it back.

func init() {
	register("affine.delinearize_index", &opSyntax{Inherent: []string{"static_basis"}, Parse: parseDelinearize, Print: printDelinearize})
	register("affine.linearize_index", &opSyntax{Inherent: []string{"static_basis", "disjoint", "operandSegmentSizes"}, Parse: parseLinearize, Print: printLinearize})
}

// affine.delinearize_index %i into (%b, 3, 4) attr-dict : index, index, index
func parseDelinearize(p *parser, st *OpState) {
	idx := p.operandRef()
	p.expectKeyword("into")
	basis, dyn := p.mixedIndexList("(", ")")
	st.AddProp("static_basis", p.i64Array(basis))
	st.ResultTypes = p.attrDictColonTypeList(st)
	st.Operands = append([]*Value{p.resolve(idx, Index)}, dyn...)
}

func printDelinearize(p *printer, op *Operation) bool {
	basis, ok := staticArray(op, "static_basis")
	if !ok || len(op.operands) == 0 || !allIndex(op.operands) || len(op.results) == 0 || countDynamic(basis) != len(op.operands)-1 {
		return false
	}
	p.w("affine.delinearize_index ")
	p.value(op.operands[0])
	p.w(" into ")
	p.mixedIndexList("(", ")", basis, op.operands[1:])
	p.attrDict(op, "static_basis")
	p.w(" : ")
	p.types(resultTypes(op))
	return true
}

// affine.linearize_index disjoint? [%a, %b] by (%n, 3) attr-dict : index
func parseLinearize(p *parser, st *OpState) {
	parseUnitFlags(p, st, "disjoint")
	multi := p.bracketedIndices()
	p.expectKeyword("by")
	basis, dyn := p.mixedIndexList("(", ")")
	st.AddProp("static_basis", p.i64Array(basis))
	p.setSegments(st, len(multi), len(dyn))
	st.ResultTypes = []Type{p.attrDictColonType(st)}
	st.Operands = append(multi, dyn...)
}

func printLinearize(p *printer, op *Operation) bool {
	basis, ok := staticArray(op, "static_basis")
	segs := segments(op)
	if !ok || len(segs) != 2 || !allIndex(op.operands) || len(op.results) != 1 || countDynamic(basis) != len(segs[1]) {
		return false
	}
	p.w("affine.linearize_index")
	if !printUnitFlags(p, op, "disjoint") {
		return false
	}
	p.w(" ")
	p.bracketedValues(segs[0])
	p.w(" by ")
	p.mixedIndexList("(", ")", basis, segs[1])
	p.attrDictColonType(op, op.results[0].typ, "static_basis", "disjoint", "operandSegmentSizes")
	return true
}
