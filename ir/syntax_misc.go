package ir

import "strings"

// Custom syntax of the smaller dialects the corpus uses around tensor code:
// affine.apply/min/max, the complex dialect and ub.

func init() {
	for _, name := range []string{"affine.apply", "affine.min", "affine.max"} {
		register(name, &opSyntax{Inherent: []string{"map"}, Parse: parseAffineMapOp, Print: printAffineMapOp})
	}

	fastmath := []modifier{fastmathFlags}
	for _, name := range []string{"add", "sub", "mul", "div", "pow", "atan2"} {
		register("complex."+name, (&elementwise{arity: 2, mods: fastmath}).syntax())
	}
	for _, name := range []string{"neg", "conj", "exp", "expm1", "log", "log1p", "sqrt", "rsqrt", "sign", "sin", "cos", "tan", "tanh"} {
		register("complex."+name, (&elementwise{arity: 1, mods: fastmath}).syntax())
	}
	for _, name := range []string{"abs", "angle", "re", "im"} {
		register("complex."+name, (&elementwise{arity: 1, mods: fastmath, results: complexElement}).syntax())
	}
	for _, name := range []string{"eq", "neq"} {
		register("complex."+name, (&elementwise{arity: 2, results: i1Results}).syntax())
	}
	register("complex.powi", (&mixedPair{mods: []modifier{optionalFastmathFlags}}).syntax())
	register("complex.bitcast", (&castOp{}).syntax())
	register("complex.create", &opSyntax{Parse: parseComplexCreate, Print: printComplexCreate})
	register("complex.constant", &opSyntax{Inherent: []string{"value"}, Parse: parseComplexConstant, Print: printComplexConstant})

	register("ub.poison", &opSyntax{Inherent: []string{"value"}, Parse: parsePoison, Print: printPoison})
	register("ub.unreachable", &opSyntax{
		Terminator: true,
		Parse:      func(p *parser, st *OpState) { p.optionalAttrDict(st) },
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 0 || len(op.results) != 0 {
				return false
			}
			p.w("ub.unreachable")
			p.attrDict(op)
			return true
		},
	})
}

// affine.apply MAP(%d0, ...)[%s0, ...] attr-dict, and the same for
// affine.min and affine.max: the dimension then symbol operands, all
// index, with an index result.
func parseAffineMapOp(p *parser, st *OpState) {
	mapAt := p.pos()
	m := p.parseAttr()
	st.AddProp("map", m)
	refs, dims := p.dimAndSymbolRefs()
	if am, ok := parseAffineMapText(m.String()); !ok || len(am.dims) != dims || len(am.dims)+len(am.syms) != len(refs) {
		p.failAt(mapAt, "dimension or symbol index mismatch")
	}
	p.optionalAttrDict(st)
	st.Operands = p.resolveAllAs(refs, Index)
	st.ResultTypes = []Type{Index}
}

func printAffineMapOp(p *printer, op *Operation) bool {
	m := op.Prop("map")
	if m == nil || !singleResultOfType(op, Index) || !allIndex(op.operands) {
		return false
	}
	am, ok := parseAffineMapText(m.String())
	if !ok || len(am.dims)+len(am.syms) != len(op.operands) {
		return false
	}
	p.w(op.Name + " ")
	p.attr(m)
	p.dimAndSymbolList(op.operands, len(am.dims))
	p.attrDict(op, "map")
	return true
}

// complexElement gives the result type of complex.abs/re/im/angle.
func complexElement(t Type) ([]Type, bool) {
	c, ok := t.(*ComplexType)
	if !ok {
		return nil, false
	}
	return []Type{c.Elem}, true
}

// complex.create %re, %im attr-dict : complex<T>, the parts having type T.
func parseComplexCreate(p *parser, st *OpState) {
	at := p.pos()
	refs := p.operandList(2)
	p.optionalAttrDict(st)
	p.expect(":")
	typeAt := p.pos()
	c, ok := p.parseType().(*ComplexType)
	if !ok {
		p.failAt(typeAt, "expected complex type")
	}
	st.Operands = p.resolveAll(refs, []Type{c.Elem, c.Elem}, at)
	st.ResultTypes = []Type{c}
}

func printComplexCreate(p *printer, op *Operation) bool {
	if len(op.operands) != 2 || len(op.results) != 1 {
		return false
	}
	c, ok := op.results[0].typ.(*ComplexType)
	if !ok || !TypesEqual(op.operands[0].typ, c.Elem) || !TypesEqual(op.operands[1].typ, c.Elem) {
		return false
	}
	p.w("complex.create ")
	p.values(op.operands)
	p.attrDictColonType(op, c)
	return true
}

// complex.constant [re, im] attr-dict : complex<T>
func parseComplexConstant(p *parser, st *OpState) {
	if !p.is("[") {
		p.fail("expected '[' to start the complex value, found %s", p.describe())
	}
	st.AddProp("value", p.parseAttr())
	st.ResultTypes = []Type{p.attrDictColonType(st)}
}

func printComplexConstant(p *printer, op *Operation) bool {
	v, ok := op.Prop("value").(*ArrayAttr)
	if !ok || len(op.operands) != 0 || len(op.results) != 1 {
		return false
	}
	p.w("complex.constant ")
	p.attr(v)
	p.attrDictColonType(op, op.results[0].typ, "value")
	return true
}

// ub.poison attr-dict <VALUE> : T, where the value defaults to #ub.poison.
func parsePoison(p *parser, st *OpState) {
	p.optionalAttrDict(st)
	var v Attribute = &OpaqueAttr{Text: "#ub.poison"}
	if p.accept("<") {
		v = p.parseAttr()
		p.expect(">")
	}
	st.AddProp("value", v)
	p.expect(":")
	st.ResultTypes = []Type{p.parseType()}
}

func printPoison(p *printer, op *Operation) bool {
	v := op.Prop("value")
	if v == nil || len(op.operands) != 0 || len(op.results) != 1 {
		return false
	}
	p.w("ub.poison")
	p.attrDict(op, "value")
	if strings.TrimSpace(v.String()) != "#ub.poison" {
		p.w(" <")
		p.attr(v)
		p.w(">")
	}
	p.w(" : ")
	p.typ(op.results[0].typ)
	return true
}
