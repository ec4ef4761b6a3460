package ir

// Custom syntax of the math dialect: elementwise ops in the form
// `%a, %b fastmath<...> attr-dict : T` (see elementwise in syntax_arith.go).

func init() {
	fastmath := []modifier{fastmathFlags}
	for _, name := range []string{
		"absf", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos", "cosh",
		"erf", "erfc", "exp", "exp2", "expm1", "floor", "log", "log10", "log1p", "log2",
		"round", "roundeven", "rsqrt", "sin", "sinh", "sqrt", "tan", "tanh", "trunc",
	} {
		register("math."+name, (&elementwise{arity: 1, mods: fastmath}).syntax())
	}
	for _, name := range []string{"atan2", "copysign", "powf"} {
		register("math."+name, (&elementwise{arity: 2, mods: fastmath}).syntax())
	}
	register("math.fma", (&elementwise{arity: 3, mods: fastmath}).syntax())
	for _, name := range []string{"absi", "ctlz", "cttz", "ctpop"} {
		register("math."+name, (&elementwise{arity: 1}).syntax())
	}
	register("math.ipowi", (&elementwise{arity: 2}).syntax())
	// The classification ops take fastmath flags in the dictionary only.
	for _, name := range []string{"isfinite", "isinf", "isnan", "isnormal"} {
		register("math."+name, (&elementwise{arity: 1, mods: []modifier{dictFastmathFlags}, results: i1Results}).syntax())
	}
	register("math.sincos", (&elementwise{arity: 1, mods: fastmath, results: twoResults}).syntax())
	register("math.fpowi", (&mixedPair{mods: fastmath}).syntax())
	register("math.clampf", &opSyntax{Inherent: []string{"fastmath"}, Parse: parseClampF, Print: printClampF})
}

// mixedPair is `%a, %b mods attr-dict : T1, T2` with one result of type T1
// (math.fpowi, complex.powi).
type mixedPair struct{ mods []modifier }

func (m *mixedPair) syntax() *opSyntax {
	return &opSyntax{Parse: m.parse, Print: m.print, Inherent: modifierProps(m.mods)}
}

func (m *mixedPair) parse(p *parser, st *OpState) {
	at := p.pos()
	refs := p.operandList(2)
	p.modifiers(st, m.mods)
	types := p.attrDictColonTypeList(st)
	st.Operands = p.resolveAll(refs, types, at)
	st.ResultTypes = types[:1]
}

func (m *mixedPair) print(p *printer, op *Operation) bool {
	if len(op.operands) != 2 || len(op.results) != 1 || !TypesEqual(op.operands[0].typ, op.results[0].typ) {
		return false
	}
	p.operandsWithTypes(op, m.mods)
	return true
}

// math.clampf %x to [%lo, %hi] fastmath<...> attr-dict : T
func parseClampF(p *parser, st *OpState) {
	at := p.pos()
	refs := []operandRef{p.operandRef()}
	p.expectKeyword("to")
	p.expect("[")
	refs = append(refs, p.operandList(2)...)
	p.expect("]")
	fastmathFlags.parse(p, st)
	t := p.attrDictColonType(st)
	st.Operands = p.resolveAll(refs, repeatType(t, 3), at)
	st.ResultTypes = []Type{t}
}

func printClampF(p *printer, op *Operation) bool {
	if len(op.operands) != 3 || len(op.results) != 1 {
		return false
	}
	t := op.results[0].typ
	if !allOfType(op.operands, t) {
		return false
	}
	p.w(op.Name + " ")
	p.value(op.operands[0])
	p.w(" to [")
	p.values(op.operands[1:])
	p.w("]")
	p.modifiers(op, []modifier{fastmathFlags})
	p.w(" : ")
	p.typ(t)
	return true
}
