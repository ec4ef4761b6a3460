package ir

// Custom syntax of the shape dialect's witness ops: the assuming region
// that bufferization walks through, and the constraints that produce its
// witness.

func init() {
	register("shape.assuming", &opSyntax{Parse: parseAssuming, Print: printAssuming})
	register("shape.assuming_yield", yieldSyntax("shape.assuming_yield"))
	register("shape.const_witness", &opSyntax{Inherent: []string{"passing"}, Parse: parseConstWitness, Print: printConstWitness})
	register("shape.const_size", &opSyntax{Inherent: []string{"value"}, Parse: parseConstSize, Print: printConstSize})
	register("shape.cstr_require", conditionMessageSyntax("shape.cstr_require", witnessType))
	for _, name := range []string{"shape.cstr_eq", "shape.cstr_broadcastable"} {
		register(name, shapeConstraintSyntax())
	}
	register("shape.assuming_all", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			st.Operands = p.resolveAllAs(p.operandRefs(), witnessType)
			p.optionalAttrDict(st)
			st.ResultTypes = []Type{witnessType}
		},
		Print: func(p *printer, op *Operation) bool {
			if !producesWitness(op) || !allOfType(op.operands, witnessType) {
				return false
			}
			p.w("shape.assuming_all ")
			p.values(op.operands)
			p.attrDict(op)
			return true
		},
	})
}

var (
	witnessType   = &OpaqueType{Text: "!shape.witness"}
	sizeType      = &OpaqueType{Text: "!shape.size"}
	assumingYield = impliedTerminator{"shape.assuming_yield", 0}
)

// producesWitness reports whether op has the single witness result that
// the constraint ops' custom forms leave implicit.
func producesWitness(op *Operation) bool { return singleResultOfType(op, witnessType) }

// shape.assuming %witness (-> types)? region attr-dict
func parseAssuming(p *parser, st *OpState) {
	w := p.operandRef()
	st.Operands = []*Value{p.resolve(w, witnessType)}
	p.resultsAndBody(st, assumingYield)
}

func printAssuming(p *printer, op *Operation) bool {
	if len(op.operands) != 1 || !TypesEqual(op.operands[0].typ, witnessType) || len(op.Regions) != 1 || !noEntryArgs(op.Regions[0]) {
		return false
	}
	p.w("shape.assuming ")
	p.value(op.operands[0])
	p.arrowTypes(resultTypes(op))
	p.w(" ")
	if !p.impliedTerminatorRegion(op.Regions[0], assumingYield, len(op.results) == 0) {
		return false
	}
	p.attrDict(op)
	return true
}

// shape.const_witness true|false attr-dict
func parseConstWitness(p *parser, st *OpState) {
	st.AddProp("passing", BoolAttr{p.boolKeyword("false", "true", "expected 'true' or 'false'")})
	p.optionalAttrDict(st)
	st.ResultTypes = []Type{witnessType}
}

func printConstWitness(p *printer, op *Operation) bool {
	passing, ok := op.Prop("passing").(BoolAttr)
	if !ok || len(op.operands) != 0 || !producesWitness(op) {
		return false
	}
	p.w("shape.const_witness ")
	p.attr(passing)
	p.attrDict(op, "passing")
	return true
}

// shapeConstraintSyntax is `%a, %b, ... attr-dict : types`, a constraint
// over shapes yielding a witness.
func shapeConstraintSyntax() *opSyntax {
	return &opSyntax{
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			refs := p.operandRefs()
			st.Operands = p.resolveAll(refs, p.attrDictColonTypeList(st), at)
			st.ResultTypes = []Type{witnessType}
		},
		Print: func(p *printer, op *Operation) bool {
			// Without operands the type list would be empty, which does
			// not read back.
			if len(op.operands) == 0 || !producesWitness(op) {
				return false
			}
			p.operandsWithTypes(op, nil)
			return true
		},
	}
}

// shape.const_size 4 attr-dict
func parseConstSize(p *parser, st *OpState) {
	st.AddProp("value", IntAttr(p.integer(), Index))
	p.optionalAttrDict(st)
	st.ResultTypes = []Type{sizeType}
}

func printConstSize(p *printer, op *Operation) bool {
	v, ok := op.Prop("value").(*IntegerAttr)
	if !ok || !TypesEqual(v.Type, Index) || len(op.operands) != 0 || !singleResultOfType(op, sizeType) {
		return false
	}
	p.w("shape.const_size " + v.Text)
	p.attrDict(op, "value")
	return true
}
