package ir

// Custom syntax of the bufferization dialect.

func init() {
	register("bufferization.to_tensor", operandToTypeSyntax("bufferization.to_tensor", "restrict", "writable"))
	register("bufferization.to_buffer", operandToTypeSyntax("bufferization.to_buffer", "read_only"))
	register("bufferization.clone", operandToTypeSyntax("bufferization.clone"))
	register("bufferization.alloc_tensor", &opSyntax{
		Inherent: []string{"memory_space"},
		Parse:    parseAllocTensor,
		Print:    printAllocTensor,
	})
	register("bufferization.dealloc_tensor", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			t := p.operandRef()
			p.optionalAttrDict(st)
			p.expect(":")
			st.Operands = []*Value{p.resolve(t, p.parseType())}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 1 || len(op.results) != 0 {
				return false
			}
			p.w("bufferization.dealloc_tensor ")
			p.value(op.operands[0])
			p.attrDict(op)
			p.w(" : ")
			p.typ(op.operands[0].typ)
			return true
		},
	})
	materializeFlags := []string{"restrict", "writable"}
	register("bufferization.materialize_in_destination", &opSyntax{
		Inherent: materializeFlags,
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			src := p.operandRef()
			p.expectKeyword("in")
			parseUnitFlags(p, st, materializeFlags...)
			dest := p.operandRef()
			p.optionalAttrDict(st)
			p.expect(":")
			fn := p.functionTypeAt()
			st.Operands = p.resolveAll([]operandRef{src, dest}, fn.Inputs, at)
			st.ResultTypes = fn.Results
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
			p.attrDict(op, materializeFlags...)
			p.w(" : ")
			p.functionType(op)
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
	at := p.pos()
	dyn := p.operandRefs()
	p.expect(")")
	var copyRef, hintRef []operandRef
	if p.acceptKeyword("copy") {
		p.expect("(")
		copyRef = []operandRef{p.operandRef()}
		p.expect(")")
	}
	if p.acceptKeyword("size_hint") {
		p.expect("=")
		hintRef = []operandRef{p.operandRef()}
	}
	p.optionalAttrDict(st)
	p.expect(":")
	t := p.parseType()
	st.ResultTypes = []Type{t}
	st.Operands = resolveIndices(p, dyn, at)
	st.Operands = append(st.Operands, p.resolveAll(copyRef, repeatType(t, len(copyRef)), at)...)
	st.Operands = append(st.Operands, resolveIndices(p, hintRef, at)...)
	setSegments(st, len(dyn), len(copyRef), len(hintRef))
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
	p.attrDict(op)
	p.w(" : ")
	p.typ(op.results[0].typ)
	return true
}

// parseDealloc parses `[(%m, ... : types) if (%c, ...)] [retain (%r, ... :
// types)] attr-dict`; there is one i1 result per retained memref.
func parseDealloc(p *parser, st *OpState) {
	var memrefs, conds, retained []*Value
	if p.accept("(") {
		memrefs = p.typedOperands()
		p.expect(")")
		p.expectKeyword("if")
		p.expect("(")
		at := p.pos()
		refs := p.operandRefs()
		p.expect(")")
		conds = p.resolveAll(refs, repeatType(I1, len(refs)), at)
	}
	if p.acceptKeyword("retain") {
		retained = p.parenTypedOperands()
	}
	p.optionalAttrDict(st)
	st.Operands = append(append(memrefs, conds...), retained...)
	st.ResultTypes = repeatType(I1, len(retained))
	setSegments(st, len(memrefs), len(conds), len(retained))
}

func printDealloc(p *printer, op *Operation) bool {
	segs := segments(op)
	if len(segs) != 3 || len(segs[0]) == 0 && len(segs[1]) != 0 || len(segs[2]) != len(op.results) ||
		!allOfType(segs[1], I1) || !allOfType(op.results, I1) {
		return false
	}
	p.w("bufferization.dealloc")
	if len(segs[0]) > 0 {
		p.w(" (")
		p.values(segs[0])
		p.w(" : ")
		p.valueTypes(segs[0])
		p.w(") if (")
		p.values(segs[1])
		p.w(")")
	}
	if len(segs[2]) > 0 {
		p.w(" retain (")
		p.values(segs[2])
		p.w(" : ")
		p.valueTypes(segs[2])
		p.w(")")
	}
	p.attrDict(op)
	return true
}
