package ir

// Custom syntax of the shape dialect's witness ops: the assuming region
// that bufferization walks through, and the constraints that produce its
// witness.

func init() {
	register("shape.assuming", &opSyntax{Parse: parseAssuming, Print: printAssuming})
	register("shape.assuming_yield", yieldSyntax("shape.assuming_yield"))
	register("shape.const_witness", &opSyntax{Inherent: []string{"passing"}, Parse: parseConstWitness, Print: printConstWitness})
	register("shape.cstr_require", &opSyntax{Inherent: []string{"msg"}, Parse: parseCstrRequire, Print: printCstrRequire})
	for _, name := range []string{"shape.cstr_eq", "shape.cstr_broadcastable"} {
		register(name, shapeConstraintSyntax(name))
	}
	register("shape.assuming_all", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			refs := p.operandRefs()
			p.optionalAttrDict(st)
			st.Operands = p.resolveAll(refs, repeatType(witnessType, len(refs)), at)
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
	assumingYield = impliedTerminator{"shape.assuming_yield", 0}
)

// producesWitness reports whether op has the single witness result that
// the constraint ops' custom forms leave implicit.
func producesWitness(op *Operation) bool {
	return len(op.results) == 1 && TypesEqual(op.results[0].typ, witnessType)
}

// shape.assuming %witness (-> types)? region attr-dict
func parseAssuming(p *parser, st *OpState) {
	w := p.operandRef()
	st.Operands = []*Value{p.resolve(w, witnessType)}
	st.ResultTypes = p.optionalArrowTypes()
	body := p.parseRegion(nil)
	assumingYield.ensureIn(body)
	st.Regions = []*Region{body}
	p.optionalAttrDict(st)
}

func printAssuming(p *printer, op *Operation) bool {
	if len(op.operands) != 1 || !TypesEqual(op.operands[0].typ, witnessType) || len(op.Regions) != 1 {
		return false
	}
	body := op.Regions[0]
	if len(body.blocks) == 0 || len(body.blocks[0].args) != 0 {
		return false
	}
	p.w("shape.assuming ")
	p.value(op.operands[0])
	p.arrowTypes(resultTypes(op))
	p.w(" ")
	if !p.impliedTerminatorRegion(body, assumingYield, len(op.results) == 0) {
		return false
	}
	p.attrDict(op)
	return true
}

// shape.const_witness true|false attr-dict
func parseConstWitness(p *parser, st *OpState) {
	switch {
	case p.acceptKeyword("true"):
		st.AddProp("passing", BoolAttr{Value: true})
	case p.acceptKeyword("false"):
		st.AddProp("passing", BoolAttr{Value: false})
	default:
		p.fail("expected 'true' or 'false', found %s", p.describe())
	}
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

// shape.cstr_require %pred, "message" attr-dict
func parseCstrRequire(p *parser, st *OpState) {
	pred := p.operandRef()
	p.expect(",")
	if p.tok.kind != tString {
		p.fail("expected string, found %s", p.describe())
	}
	st.AddProp("msg", p.parseAttr())
	p.optionalAttrDict(st)
	st.Operands = []*Value{p.resolve(pred, I1)}
	st.ResultTypes = []Type{witnessType}
}

func printCstrRequire(p *printer, op *Operation) bool {
	msg, ok := op.Prop("msg").(*StringAttr)
	if !ok || msg.Type != nil || len(op.operands) != 1 || !TypesEqual(op.operands[0].typ, I1) || !producesWitness(op) {
		return false
	}
	p.w("shape.cstr_require ")
	p.value(op.operands[0])
	p.w(", ")
	p.attr(msg)
	p.attrDict(op, "msg")
	return true
}

// shapeConstraintSyntax is `name %a, %b, ... attr-dict : types`, a
// constraint over shapes yielding a witness.
func shapeConstraintSyntax(name string) *opSyntax {
	return &opSyntax{
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			refs := p.operandRefs()
			p.optionalAttrDict(st)
			p.expect(":")
			st.Operands = p.resolveAll(refs, p.parseTypeList(), at)
			st.ResultTypes = []Type{witnessType}
		},
		Print: func(p *printer, op *Operation) bool {
			// Without operands the type list would be empty, which does
			// not read back.
			if len(op.operands) == 0 || !producesWitness(op) {
				return false
			}
			p.w(name + " ")
			p.values(op.operands)
			p.attrDict(op)
			p.w(" : ")
			p.valueTypes(op.operands)
			return true
		},
	}
}
