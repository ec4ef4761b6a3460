package ir

import "strconv"

// Custom syntax of the scf dialect.

func init() {
	register("scf.for", &opSyntax{Inherent: []string{"unsignedCmp"}, Parse: parseFor, Print: printFor})
	register("scf.if", &opSyntax{Parse: parseIf, Print: printIf})
	register("scf.while", &opSyntax{Parse: parseWhile, Print: whilePrinter("scf.while")})
	register("scf.forall", &opSyntax{Inherent: []string{"mapping"}, Parse: parseForall, Print: printForall})
	register("scf.execute_region", &opSyntax{Inherent: []string{"no_inline"}, Parse: parseExecuteRegion, Print: printExecuteRegion})
	register("scf.index_switch", &opSyntax{Inherent: []string{"cases"}, Parse: parseIndexSwitch, Print: printIndexSwitch})
	register("scf.parallel", &opSyntax{Parse: parseParallel, Print: printParallel})
	register("scf.reduce", &opSyntax{Terminator: true, Parse: parseReduce, Print: printReduce})
	register("scf.yield", yieldSyntax("scf.yield"))
	register("scf.condition", &opSyntax{
		Terminator: true,
		Parse: func(p *parser, st *OpState) {
			p.expect("(")
			cond := p.operandRef()
			p.expect(")")
			p.optionalAttrDict(st)
			st.Operands = append([]*Value{p.resolve(cond, I1)}, p.typedOperands()...)
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) == 0 || !TypesEqual(op.operands[0].typ, I1) {
				return false
			}
			p.w("scf.condition(")
			p.value(op.operands[0])
			p.w(")")
			p.attrDict(op)
			p.typedValues(op.operands[1:])
			return true
		},
	})
	register("scf.forall.in_parallel", &opSyntax{
		Terminator: true,
		Parse: func(p *parser, st *OpState) {
			body := p.parseRegion(nil)
			if len(body.blocks) == 0 {
				body.AddBlock()
			}
			st.Regions = []*Region{body}
			p.optionalAttrDict(st)
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.Regions) != 1 || !singleBlockWithoutArgs(op.Regions[0]) || len(op.operands) != 0 {
				return false
			}
			p.w("scf.forall.in_parallel ")
			p.region(op.Regions[0], false)
			p.attrDict(op)
			return true
		},
	})
	register("scf.reduce.return", asTerminator(operandColonTypeSyntax("scf.reduce.return")))
}

// The implied terminators of scf's ops.
var (
	scfYield         = impliedTerminator{"scf.yield", 0}
	scfReduce        = impliedTerminator{"scf.reduce", 0}
	forallInParallel = impliedTerminator{"scf.forall.in_parallel", 1}
)

// unsignedCmp is scf.for's flag for comparing integer bounds unsigned.
var unsignedCmp = &unitFlag{keyword: "unsigned", property: "unsignedCmp"}

// --- scf.for ---

// loopBounds parses `%iv = %lb to %ub step %step`, the header of scf.for
// and emitc.for.
func (p *parser) loopBounds() (iv RegionArg, lb, ub, step operandRef) {
	iv = p.regionArgDecl()
	p.expect("=")
	lb = p.operandRef()
	p.expectKeyword("to")
	ub = p.operandRef()
	p.expectKeyword("step")
	return iv, lb, ub, p.operandRef()
}

func parseFor(p *parser, st *OpState) {
	unsignedCmp.parse(p, st)
	iv, lb, ub, step := p.loopBounds()
	args := []RegionArg{iv}
	at := p.pos()
	iterArgs, inits := p.iterArgs(st, "mismatch in number of loop-carried values and defined values")
	args = append(args, iterArgs...)
	var ivType Type = Index
	if p.accept(":") {
		ivType = p.parseType()
	}
	typedArgs(args, append([]Type{ivType}, st.ResultTypes...))
	body := p.parseRegion(args)
	scfYield.ensureIn(body)
	st.Regions = []*Region{body}
	st.Operands = append([]*Value{p.resolve(lb, ivType), p.resolve(ub, ivType), p.resolve(step, ivType)},
		p.resolveAll(inits, st.ResultTypes, at)...)
	p.optionalAttrDict(st)
}

func printFor(p *printer, op *Operation) bool {
	if len(op.operands) < 3 || len(op.Regions) != 1 || len(op.Regions[0].blocks) == 0 {
		return false
	}
	bounds, inits := op.operands[:3], op.operands[3:]
	body := op.Regions[0]
	args := body.blocks[0].args
	if len(args) != len(inits)+1 || !sameTypes(op.results, valueTypes(inits)) || !sameTypes(args[1:], valueTypes(inits)) {
		return false
	}
	ivType := args[0].typ
	if !allOfType(bounds, ivType) {
		return false
	}
	p.w("scf.for")
	if !unsignedCmp.print(p, op) {
		return false
	}
	p.w(" ")
	p.value(args[0])
	p.w(" = ")
	p.value(bounds[0])
	p.w(" to ")
	p.value(bounds[1])
	p.w(" step ")
	p.value(bounds[2])
	if len(inits) > 0 {
		p.loopCarried("iter_args", args[1:], inits)
	}
	if !TypesEqual(ivType, Index) {
		p.w(" : ")
		p.typ(ivType)
	}
	p.w(" ")
	if !p.impliedTerminatorRegion(body, scfYield, len(inits) == 0) {
		return false
	}
	p.attrDict(op, "unsignedCmp")
	return true
}

// --- scf.if ---

func parseIf(p *parser, st *OpState) {
	cond := p.operandRef()
	st.Operands = []*Value{p.resolve(cond, I1)}
	st.ResultTypes = p.optionalArrowTypes()
	st.Regions = p.thenElseRegions(scfYield)
	p.optionalAttrDict(st)
}

func printIf(p *printer, op *Operation) bool {
	if len(op.operands) != 1 || !TypesEqual(op.operands[0].typ, I1) {
		return false
	}
	p.w("scf.if ")
	p.value(op.operands[0])
	p.parenResultTypes(op)
	if !p.thenElseRegions(op, scfYield) {
		return false
	}
	p.attrDict(op)
	return true
}

// --- scf.while ---

func parseWhile(p *parser, st *OpState) {
	var args []RegionArg
	var inits []operandRef
	if p.is("(") {
		args, inits = p.assignmentList()
	}
	p.expect(":")
	at := p.pos()
	fn := p.functionTypeAt()
	if len(fn.Inputs) != len(inits) {
		p.failAt(at, "expected as many input types as operands (expected %d got %d)", len(inits), len(fn.Inputs))
	}
	st.Operands = p.resolveAll(inits, fn.Inputs, at)
	st.ResultTypes = fn.Results
	if len(args) == 0 {
		args = nil // labels and an empty region are allowed without arguments
	}
	before := p.parseRegion(typedArgs(args, fn.Inputs))
	p.expectKeyword("do")
	after := p.parseRegion(nil)
	st.Regions = []*Region{before, after}
	p.optionalAttrDictWithKeyword(st)
}

// whilePrinter prints scf.while's syntax under name (tosa.while_loop
// shares it).
func whilePrinter(name string) func(p *printer, op *Operation) bool {
	return func(p *printer, op *Operation) bool { return printWhile(p, name, op) }
}

func printWhile(p *printer, name string, op *Operation) bool {
	if len(op.Regions) != 2 {
		return false
	}
	before, after := op.Regions[0], op.Regions[1]
	if len(before.blocks) == 0 && len(op.operands) > 0 ||
		len(before.blocks) > 0 && !sameTypes(before.blocks[0].args, valueTypes(op.operands)) {
		return false
	}
	p.w(name + " ")
	if len(op.operands) > 0 {
		p.assignmentList(before.blocks[0].args, op.operands)
		p.w(" ")
	}
	p.w(": ")
	p.functionType(op)
	p.w(" ")
	p.region(before, false)
	p.w(" do ")
	p.region(after, true)
	p.attrDictWithKeyword(op)
	return true
}

// --- scf.forall ---

// forallBoundProps are forall's static bound properties, in the order of
// its bound operand segments.
var forallBoundProps = []string{"staticLowerBound", "staticUpperBound", "staticStep"}

func parseForall(p *parser, st *OpState) {
	ivs := p.regionArgDecls()
	var static [3][]int64
	var dyn [3][]*Value
	if p.acceptKeyword("in") {
		static[1], dyn[1] = p.mixedIndexList("(", ")")
		static[0], static[2] = make([]int64, len(ivs)), make([]int64, len(ivs))
		for i := range static[2] {
			static[2][i] = 1
		}
	} else {
		p.expect("=")
		static[0], dyn[0] = p.mixedIndexList("(", ")")
		p.expectKeyword("to")
		static[1], dyn[1] = p.mixedIndexList("(", ")")
		p.expectKeyword("step")
		static[2], dyn[2] = p.mixedIndexList("(", ")")
	}
	var outArgs []RegionArg
	var outs []*Value
	if p.acceptKeyword("shared_outs") {
		var refs []operandRef
		at := p.pos()
		outArgs, refs = p.assignmentList()
		st.ResultTypes = p.optionalArrowTypes()
		outs = p.resolveAll(refs, st.ResultTypes, at)
	}
	args := typedArgs(ivs, repeatType(Index, len(ivs)))
	args = append(args, typedArgs(outArgs, st.ResultTypes)...)
	body := p.parseRegion(args)
	forallInParallel.ensureIn(body)
	st.Regions = []*Region{body}
	p.optionalAttrDict(st)
	for i, name := range forallBoundProps {
		st.AddProp(name, p.i64Array(static[i]))
	}
	st.Operands = concatValues(dyn[0], dyn[1], dyn[2], outs)
	p.setSegments(st, len(dyn[0]), len(dyn[1]), len(dyn[2]), len(outs))
}

func printForall(p *printer, op *Operation) bool {
	segs := segments(op)
	if len(segs) != 4 || len(op.Regions) != 1 || len(op.Regions[0].blocks) == 0 {
		return false
	}
	var static [3][]int64
	for i, name := range forallBoundProps {
		s, ok := staticArray(op, name)
		if !ok || countDynamic(s) != len(segs[i]) || !allIndex(segs[i]) {
			return false
		}
		static[i] = s
	}
	n := len(static[0])
	outs := segs[3]
	args := op.Regions[0].blocks[0].args
	if n == 0 || len(static[1]) != n || len(static[2]) != n || len(args) != n+len(outs) ||
		!allIndex(args[:n]) || !sameTypes(args[n:], valueTypes(outs)) || !sameTypes(op.results, valueTypes(outs)) {
		return false
	}
	p.w("scf.forall (")
	p.values(args[:n])
	if isNormalizedForall(static[0], static[2]) {
		p.w(") in ")
	} else {
		p.w(") = ")
		p.mixedIndexList("(", ")", static[0], segs[0])
		p.w(" to ")
	}
	p.mixedIndexList("(", ")", static[1], segs[1])
	if !isNormalizedForall(static[0], static[2]) {
		p.w(" step ")
		p.mixedIndexList("(", ")", static[2], segs[2])
	}
	if len(outs) > 0 {
		p.loopCarried("shared_outs", args[n:], outs)
	}
	p.w(" ")
	if !p.impliedTerminatorRegion(op.Regions[0], forallInParallel, len(outs) == 0) {
		return false
	}
	p.attrDict(op, forallBoundProps...)
	return true
}

// isNormalizedForall reports whether a forall starts at 0 with step 1 in
// every dimension, the case of its short `in (ub)` form.
func isNormalizedForall(lbs, steps []int64) bool {
	for i := range lbs {
		if lbs[i] != 0 || steps[i] != 1 {
			return false
		}
	}
	return true
}

// --- scf.execute_region ---

func parseExecuteRegion(p *parser, st *OpState) {
	st.ResultTypes = p.optionalArrowTypes()
	parseUnitFlags(p, st, "no_inline")
	st.Regions = []*Region{p.parseRegion(nil)}
	p.optionalAttrDict(st)
}

func printExecuteRegion(p *printer, op *Operation) bool {
	if len(op.Regions) != 1 || len(op.operands) != 0 || !noEntryArgs(op.Regions[0]) {
		return false
	}
	body := op.Regions[0]
	p.w("scf.execute_region")
	p.arrowTypes(resultTypes(op))
	if !printUnitFlags(p, op, "no_inline") {
		return false
	}
	p.w(" ")
	p.region(body, false)
	p.attrDict(op, "no_inline")
	return true
}

// --- scf.index_switch ---

func parseIndexSwitch(p *parser, st *OpState) {
	arg := p.operandRef()
	st.Operands = []*Value{p.resolve(arg, Index)}
	p.optionalAttrDict(st)
	if p.accept("->") {
		st.ResultTypes = p.parseTypeList()
	}
	cases := []int64{}
	var caseRegions []*Region
	for p.acceptKeyword("case") {
		cases = append(cases, p.integer())
		caseRegions = append(caseRegions, p.parseRegion(nil))
	}
	st.AddProp("cases", p.i64Array(cases))
	p.expectKeyword("default")
	def := p.parseRegion(nil)
	scfYield.ensureIn(def)
	st.Regions = append([]*Region{def}, caseRegions...)
}

func printIndexSwitch(p *printer, op *Operation) bool {
	cases, ok := staticArray(op, "cases")
	if !ok || len(op.operands) != 1 || !TypesEqual(op.operands[0].typ, Index) || len(op.Regions) != len(cases)+1 {
		return false
	}
	for _, r := range op.Regions {
		if !noEntryArgs(r) {
			return false
		}
	}
	p.w("scf.index_switch ")
	p.value(op.operands[0])
	p.attrDict(op, "cases")
	if len(op.results) > 0 {
		p.w(" -> ")
		p.valueTypes(op.results)
	}
	for i, c := range cases {
		p.newline()
		p.w("case ")
		p.w(strconv.FormatInt(c, 10))
		p.w(" ")
		p.region(op.Regions[i+1], false)
	}
	p.newline()
	p.w("default ")
	return p.impliedTerminatorRegion(op.Regions[0], scfYield, len(op.results) == 0)
}

// --- scf.parallel and scf.reduce ---

func parseParallel(p *parser, st *OpState) {
	ivs := p.regionArgDecls()
	var bounds [3][]*Value
	for i, kw := range []string{"=", "to", "step"} {
		if i == 0 {
			p.expect(kw)
		} else {
			p.expectKeyword(kw)
		}
		at := p.pos()
		p.expect("(")
		refs := p.operandRefs()
		p.expect(")")
		if len(refs) != len(ivs) {
			p.failAt(at, "expected %d operands", len(ivs))
		}
		bounds[i] = p.resolveAllAs(refs, Index)
	}
	var inits []operandRef
	at := p.pos()
	if p.acceptKeyword("init") {
		p.expect("(")
		inits = p.operandRefs()
		p.expect(")")
	}
	st.ResultTypes = p.optionalArrowTypes()
	body := p.parseRegion(typedArgs(ivs, repeatType(Index, len(ivs))))
	p.optionalAttrDict(st)
	scfReduce.ensureIn(body)
	st.Regions = []*Region{body}
	st.Operands = concatValues(bounds[0], bounds[1], bounds[2], p.resolveAll(inits, st.ResultTypes, at))
	p.setSegments(st, len(bounds[0]), len(bounds[1]), len(bounds[2]), len(inits))
}

func printParallel(p *printer, op *Operation) bool {
	segs := segments(op)
	if len(segs) != 4 || len(op.Regions) != 1 || len(op.Regions[0].blocks) == 0 {
		return false
	}
	ivs := op.Regions[0].blocks[0].args
	for _, s := range segs[:3] {
		if len(s) != len(ivs) || !allIndex(s) {
			return false
		}
	}
	if !allIndex(ivs) || !sameTypes(segs[3], resultTypes(op)) {
		return false
	}
	p.w("scf.parallel (")
	p.values(ivs)
	p.w(") = (")
	p.values(segs[0])
	p.w(") to (")
	p.values(segs[1])
	p.w(") step (")
	p.values(segs[2])
	p.w(")")
	if len(segs[3]) > 0 {
		p.w(" init (")
		p.values(segs[3])
		p.w(")")
	}
	p.arrowTypes(resultTypes(op))
	p.w(" ")
	if !p.impliedTerminatorRegion(op.Regions[0], scfReduce, false) {
		return false
	}
	p.attrDict(op)
	return true
}

func parseReduce(p *parser, st *OpState) {
	if p.is("(") {
		st.Operands = p.parenTypedOperands()
	}
	if p.is("{") {
		p.commaList(func() { st.Regions = append(st.Regions, p.parseRegion(nil)) })
	}
	p.optionalAttrDict(st)
}

func printReduce(p *printer, op *Operation) bool {
	// Without regions, an attribute dictionary would read back as a region.
	if len(op.Regions) == 0 && op.Properties.Len()+op.Attrs.Len() > 0 {
		return false
	}
	p.w("scf.reduce")
	if len(op.operands) > 0 {
		p.parenTypedValues(op.operands)
	}
	for i, r := range op.Regions {
		if i > 0 {
			p.w(",")
		}
		p.w(" ")
		p.region(r, true)
	}
	p.attrDict(op)
	return true
}
