package ir

// Custom syntax of the bufferization dialect.

func init() {
	register("bufferization.to_tensor", (&castOp{mods: unitFlags("restrict", "writable")}).syntax())
	register("bufferization.to_buffer", (&castOp{mods: unitFlags("read_only")}).syntax())
	register("bufferization.clone", (&castOp{}).syntax())
	register("bufferization.alloc_tensor", &opSyntax{
		Inherent: []string{"memory_space"},
		Parse:    parseAllocTensor,
		Print:    printAllocTensor,
	})
	register("bufferization.dealloc_tensor", operandColonTypeSyntax("bufferization.dealloc_tensor"))
	materializeFlags := []string{"restrict", "writable"}
	register("bufferization.materialize_in_destination", &opSyntax{
		Inherent: materializeFlags,
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			src := p.operandRef()
			p.expectKeyword("in")
			parseUnitFlags(p, st, materializeFlags...)
			dest := p.operandRef()
			p.attrDictColonFunctionType(st, []operandRef{src, dest}, at)
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 2 {
				return false
			}
			p.w("bufferization.materialize_in_destination ")
			p.value(op.operands[0])
			p.w(" in")
			if !printUnitFlags(p, op, materializeFlags...) {
				return false
			}
			p.w(" ")
			p.value(op.operands[1])
			p.attrDictColonFunctionType(op, materializeFlags...)
			return true
		},
	})
	register("bufferization.dealloc", &opSyntax{
		Parse: parseDealloc,
		Print: printDealloc,
	})
}

// parseAllocTensor parses `(%dyn, ...) [copy(%t)] [size_hint=%n] attr-dict
// : type`; the copy has the result's type.
func parseAllocTensor(p *parser, st *OpState) {
	p.expect("(")
	dyn := p.resolveAllAs(p.operandRefs(), Index)
	p.expect(")")
	var copyRef []operandRef
	if p.acceptKeyword("copy") {
		p.expect("(")
		copyRef = []operandRef{p.operandRef()}
		p.expect(")")
	}
	var hint []*Value
	if p.acceptKeyword("size_hint") {
		p.expect("=")
		hint = []*Value{p.resolve(p.operandRef(), Index)}
	}
	t := p.attrDictColonType(st)
	st.ResultTypes = []Type{t}
	copied := p.resolveAllAs(copyRef, t)
	st.Operands = concatValues(dyn, copied, hint)
	p.setSegments(st, len(dyn), len(copied), len(hint))
}

func printAllocTensor(p *printer, op *Operation) bool {
	segs := segments(op)
	if len(segs) != 3 || len(segs[1]) > 1 || len(segs[2]) > 1 || len(op.results) != 1 ||
		!allIndex(segs[0]) || !allIndex(segs[2]) || !allOfType(segs[1], op.results[0].typ) {
		return false
	}
	p.w("bufferization.alloc_tensor(")
	p.values(segs[0])
	p.w(")")
	if len(segs[1]) == 1 {
		p.w(" copy(")
		p.value(segs[1][0])
		p.w(")")
	}
	if len(segs[2]) == 1 {
		p.w(" size_hint=")
		p.value(segs[2][0])
	}
	p.attrDictColonType(op, op.results[0].typ)
	return true
}

// parseDealloc parses `[(%m, ... : types) if (%c, ...)] [retain (%r, ... :
// types)] attr-dict`; there is one i1 result per retained memref.
func parseDealloc(p *parser, st *OpState) {
	var memrefs, conds, retained []*Value
	if p.is("(") {
		memrefs = p.parenTypedOperands()
		p.expectKeyword("if")
		p.expect("(")
		conds = p.resolveAllAs(p.operandRefs(), I1)
		p.expect(")")
	}
	if p.acceptKeyword("retain") {
		retained = p.parenTypedOperands()
	}
	p.optionalAttrDict(st)
	st.Operands = append(append(memrefs, conds...), retained...)
	st.ResultTypes = repeatType(I1, len(retained))
	p.setSegments(st, len(memrefs), len(conds), len(retained))
}

func printDealloc(p *printer, op *Operation) bool {
	segs := segments(op)
	if len(segs) != 3 || len(segs[0]) == 0 && len(segs[1]) != 0 || len(segs[2]) != len(op.results) ||
		!allOfType(segs[1], I1) || !allOfType(op.results, I1) {
		return false
	}
	p.w("bufferization.dealloc")
	if len(segs[0]) > 0 {
		p.w(" ")
		p.parenTypedValues(segs[0])
		p.w(" if (")
		p.values(segs[1])
		p.w(")")
	}
	if len(segs[2]) > 0 {
		p.w(" retain ")
		p.parenTypedValues(segs[2])
	}
	p.attrDict(op)
	return true
}
