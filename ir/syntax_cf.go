package ir

import (
	"strconv"
	"strings"
)

// Custom syntax of the cf dialect: unstructured control flow between the
// blocks of a region.

func init() {
	register("cf.br", &opSyntax{Terminator: true, Branch: true, Parse: parseBr, Print: brPrinter("cf.br")})
	register("cf.cond_br", &opSyntax{
		Terminator: true,
		Branch:     true,
		Inherent:   []string{"branch_weights"},
		Parse:      parseCondBr,
		Print:      condBrPrinter("cf.cond_br"),
	})
	register("cf.switch", &opSyntax{
		Terminator: true,
		Branch:     true,
		Inherent:   []string{"case_values", "case_operand_segments"},
		Parse:      parseSwitch,
		Print:      printSwitch,
	})
	register("cf.assert", conditionMessageSyntax("cf.assert"))
}

// SuccessorOperands returns the operands op forwards to the block
// arguments of its successor i: all operands of cf.br, one operand group
// of cf.cond_br or cf.switch, and of their llvm counterparts, llvm.invoke
// and llvm.indirectbr. It returns nil for other ops, and for ops whose
// segment properties do not match their operands.
func SuccessorOperands(op *Operation, i int) []*Value {
	if i < 0 || i >= len(op.Successors()) {
		return nil
	}
	switch op.Name {
	case "cf.br", "llvm.br":
		return op.operands
	case "cf.cond_br", "llvm.cond_br":
		if segs := segments(op); len(segs) == 3 {
			return segs[1+i]
		}
	case "cf.switch", "llvm.switch":
		if i == 0 {
			if segs := segments(op); len(segs) == 3 {
				return segs[1]
			}
			return nil
		}
		if cases := switchCaseOperands(op); len(cases) == len(op.Successors())-1 {
			return cases[i-1]
		}
	case "llvm.invoke":
		if segs := segments(op); len(segs) == 4 {
			return segs[1+i]
		}
	case "llvm.indirectbr":
		if groups := indirectBrOperands(op); groups != nil {
			return groups[i]
		}
	}
	return nil
}

// ForwardedTo returns the successor of the branch op that operand i is
// passed to, and the position of the block argument it becomes; ok is
// false for an operand that is passed to no successor.
func ForwardedTo(op *Operation, i int) (succ, arg int, ok bool) {
	if i < 0 || i >= len(op.operands) {
		return 0, 0, false
	}
	for s := range op.Successors() {
		ops := SuccessorOperands(op, s)
		for k := range ops {
			if &ops[k] == &op.operands[i] { // SuccessorOperands slices op.operands
				return s, k, true
			}
		}
	}
	return 0, 0, false
}

// switchCaseOperands splits the case operands of a cf.switch by its
// case_operand_segments, or returns nil when they disagree.
func switchCaseOperands(op *Operation) [][]*Value {
	segs := segments(op)
	a, ok := op.Prop("case_operand_segments").(*DenseArrayAttr)
	if len(segs) != 3 || !ok {
		return nil
	}
	sizes, ok := a.Int64s()
	if !ok {
		return nil
	}
	rest := segs[2]
	out := make([][]*Value, len(sizes))
	for k, n := range sizes {
		if n < 0 || int(n) > len(rest) {
			return nil
		}
		out[k], rest = rest[:n], rest[n:]
	}
	if len(rest) != 0 {
		return nil
	}
	return out
}

// cf.br ^bb(%a : t) attr-dict
func parseBr(p *parser, st *OpState) {
	b, args := p.successorWithArgs()
	p.optionalAttrDict(st)
	st.Successors = []*Block{b}
	st.Operands = args
}

// brPrinter prints the branch op name (cf.br, llvm.br).
func brPrinter(name string) func(p *printer, op *Operation) bool {
	return func(p *printer, op *Operation) bool {
		if len(op.Successors()) != 1 || len(op.results) != 0 {
			return false
		}
		p.w(name + " ")
		p.successorArgs(op.Successors()[0], op.operands)
		p.attrDict(op)
		return true
	}
}

// cf.cond_br %c weights([1, 2]), ^t(%a : t), ^f attr-dict
func parseCondBr(p *parser, st *OpState) {
	cond := p.resolve(p.operandRef(), I1)
	if p.acceptKeyword("weights") {
		p.expect("(")
		var weights []int
		p.delimited("[", "]", func() { weights = append(weights, int(p.integer())) })
		p.expect(")")
		st.AddProp("branch_weights", p.i32Array(weights...))
	}
	p.expect(",")
	tb, targs := p.successorWithArgs()
	p.expect(",")
	fb, fargs := p.successorWithArgs()
	p.optionalAttrDict(st)
	st.Successors = []*Block{tb, fb}
	st.Operands = append(append([]*Value{cond}, targs...), fargs...)
	p.setSegments(st, 1, len(targs), len(fargs))
}

// condBrPrinter prints the conditional branch op name (cf.cond_br,
// llvm.cond_br).
func condBrPrinter(name string) func(p *printer, op *Operation) bool {
	return func(p *printer, op *Operation) bool {
		segs := segments(op)
		if len(op.Successors()) != 2 || len(segs) != 3 || len(segs[0]) != 1 || !TypesEqual(segs[0][0].typ, I1) || len(op.results) != 0 {
			return false
		}
		p.w(name + " ")
		p.value(segs[0][0])
		elided := []string{}
		if w, ok := op.Prop("branch_weights").(*DenseArrayAttr); ok && TypesEqual(w.Elem, I32) {
			if weights, ok := w.Int64s(); ok {
				p.w(" weights(")
				p.dynamicIndexList(weights, nil)
				p.w(")")
				elided = append(elided, "branch_weights")
			}
		}
		p.w(", ")
		p.successorArgs(op.Successors()[0], segs[1])
		p.w(", ")
		p.successorArgs(op.Successors()[1], segs[2])
		p.attrDict(op, elided...)
		return true
	}
}

// cf.switch %flag : T, [ default: ^d(...), 4: ^a(...), ... ] attr-dict.
// The case values become `case_values = dense<[...]> : vector<NxT>`.
func parseSwitch(p *parser, st *OpState) {
	flag, flagType := p.switchFlag()
	p.expect(",")
	p.expect("[")
	p.expectKeyword("default")
	p.expect(":")
	def, defArgs := p.successorWithArgs()
	st.Successors = []*Block{def}
	var cases switchCases
	for p.accept(",") {
		cases.parse(p, st, flagType)
	}
	p.expect("]")
	p.optionalAttrDict(st)
	cases.setOn(p, st, flag, defArgs)
}

// switchFlag parses the flag of a switch op and its integer type, `%v :
// i32`.
func (p *parser) switchFlag() (*Value, *IntegerType) {
	ref := p.operandRef()
	p.expect(":")
	at := p.pos()
	t, ok := p.parseType().(*IntegerType)
	if !ok {
		p.failAt(at, "switch flag must be an integer")
	}
	return p.resolve(ref, t), t
}

// switchCases are the cases of a switch op (cf.switch, llvm.switch) as
// they are parsed.
type switchCases struct {
	values []string
	args   []*Value
	sizes  []int
}

// parse reads one case, `value: ^bb(args)`.
func (c *switchCases) parse(p *parser, st *OpState, flagType *IntegerType) {
	c.values = append(c.values, p.caseValue(flagType))
	p.expect(":")
	b, args := p.successorWithArgs()
	st.Successors = append(st.Successors, b)
	c.args = append(c.args, args...)
	c.sizes = append(c.sizes, len(args))
}

// setOn sets the operands of the switch and the properties that say its
// cases.
func (c *switchCases) setOn(p *parser, st *OpState, flag *Value, defArgs []*Value) {
	st.Operands = append(append([]*Value{flag}, defArgs...), c.args...)
	if c.values != nil {
		vt := &VectorType{Shape: []int64{int64(len(c.values))}, Elem: flag.typ}
		st.AddProp("case_values", &DenseElementsAttr{Body: "[" + strings.Join(c.values, ", ") + "]", Type: vt})
	}
	st.AddProp("case_operand_segments", p.i32Array(c.sizes...))
	p.setSegments(st, 1, len(defArgs), len(c.args))
}

// caseValue parses a case value and returns it as a dense element literal
// of type t. Like MLIR, it keeps the low bits of the literal, so that the
// unsigned spelling MLIR prints for negative cases reads back.
func (p *parser) caseValue(t *IntegerType) string {
	neg := p.accept("-")
	if p.tok.kind != tInt {
		p.fail("expected integer value, found %s", p.describe())
	}
	u, err := strconv.ParseUint(p.text(), 0, 64)
	if err != nil {
		p.fail("integer value too large")
	}
	p.advance()
	if neg {
		u = -u
	}
	if t.Width >= 64 {
		if t.Signedness == 'u' {
			return strconv.FormatUint(u, 10)
		}
		return strconv.FormatInt(int64(u), 10)
	}
	shift := 64 - t.Width
	switch {
	case t.Width == 1:
		return strconv.FormatBool(u&1 != 0)
	case t.Signedness == 'u':
		return strconv.FormatUint(u<<shift>>shift, 10)
	}
	return strconv.FormatInt(int64(u<<shift)>>shift, 10)
}

func printSwitch(p *printer, op *Operation) bool {
	sw, ok := switchOf(op)
	if !ok {
		return false
	}
	p.switchHead("cf.switch", sw)
	p.w("[")
	p.indent++
	p.newline()
	p.w("default: ")
	p.successorArgs(op.Successors()[0], sw.defaultArgs)
	for k := range sw.cases {
		p.w(",")
		p.newline()
		p.switchCase(op, sw, k)
	}
	p.indent--
	p.newline()
	p.w("]")
	p.attrDict(op, "case_values", "case_operand_segments")
	return true
}

// switchHead writes the name of the switch op and its flag, `name %flag
// : T, `.
func (p *printer) switchHead(name string, sw switchParts) {
	p.w(name + " ")
	p.value(sw.flag)
	p.w(" : ")
	p.typ(sw.flag.typ)
	p.w(", ")
}

// switchCase writes case k of the switch op, `value: ^bb(args)`.
func (p *printer) switchCase(op *Operation, sw switchParts, k int) {
	p.w(sw.values[k] + ": ")
	p.successorArgs(op.Successors()[k+1], sw.cases[k])
}

// switchParts are the parts of a switch op that its custom form writes.
type switchParts struct {
	flag        *Value
	defaultArgs []*Value
	cases       [][]*Value
	values      []string
}

// switchOf splits a switch op (cf.switch, llvm.switch) into its parts; ok
// is false when its operands and properties do not agree.
func switchOf(op *Operation) (switchParts, bool) {
	segs := segments(op)
	cases := switchCaseOperands(op)
	if len(segs) != 3 || len(segs[0]) != 1 || len(op.Successors()) == 0 || len(cases) != len(op.Successors())-1 || len(op.results) != 0 {
		return switchParts{}, false
	}
	flag := segs[0][0]
	flagType, ok := flag.typ.(*IntegerType)
	if !ok {
		return switchParts{}, false
	}
	values, ok := switchCaseValues(op, flagType)
	if !ok || len(values) != len(cases) {
		return switchParts{}, false
	}
	return switchParts{flag: flag, defaultArgs: segs[1], cases: cases, values: values}, true
}

// switchCaseValues reads the case_values of a cf.switch as integer
// literals; ok is false when they are not a dense list of the flag type.
func switchCaseValues(op *Operation, flagType *IntegerType) ([]string, bool) {
	a := op.Prop("case_values")
	if a == nil {
		return nil, true
	}
	d, ok := a.(*DenseElementsAttr)
	if !ok {
		return nil, false
	}
	vt, ok := d.Type.(*VectorType)
	if !ok || len(vt.Shape) != 1 || !TypesEqual(vt.Elem, flagType) {
		return nil, false
	}
	return denseIntLiterals(d.Body, vt.Shape[0])
}

// denseIntLiterals reads the body of a one-dimensional dense literal of n
// integers (or booleans), listed or splat, as decimal literals; ok is
// false for anything else.
func denseIntLiterals(body string, n int64) ([]string, bool) {
	body = strings.TrimSpace(body)
	var elems []string
	switch {
	case strings.HasPrefix(body, "[") && strings.HasSuffix(body, "]"):
		if inner := strings.TrimSpace(body[1 : len(body)-1]); inner != "" {
			elems = strings.Split(inner, ",")
		}
	case body != "":
		elems = make([]string, n)
		for i := range elems {
			elems[i] = body
		}
	}
	for i, e := range elems {
		switch e = strings.TrimSpace(e); e {
		case "true":
			elems[i] = "1"
		case "false":
			elems[i] = "0"
		default:
			if v, err := strconv.ParseInt(e, 0, 64); err == nil {
				elems[i] = strconv.FormatInt(v, 10)
			} else if u, err := strconv.ParseUint(e, 0, 64); err == nil {
				elems[i] = strconv.FormatUint(u, 10)
			} else {
				return nil, false
			}
		}
	}
	return elems, int64(len(elems)) == n
}
