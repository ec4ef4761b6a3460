package ir

import (
	"slices"
	"strings"
)

// The emitc dialect: the ops declared with an assembly format, from one
// table (format.go interprets it), and the custom syntax of the others:
// includes, opaque calls, functions, globals and fields, and the
// structured ops (if, for, switch, expression). Ops inside emitc's
// functions and structured ops may leave out the `emitc.` prefix
// (regionDialect).

func init() {
	register("emitc.include", &opSyntax{Inherent: []string{"include", "is_standard_include"}, Parse: parseInclude, Print: printInclude})
	register("emitc.call_opaque", &opSyntax{Inherent: []string{"callee", "args", "template_args"}, Parse: parseCallOpaque, Print: printCallOpaque})
	register("emitc.func", &opSyntax{Inherent: emitcFuncInherent, Parse: parseEmitcFunc, Print: functionPrinter("emitc.func")})
	register("emitc.global", &opSyntax{Inherent: emitcGlobal.inherent(), Parse: emitcGlobal.parse, Print: emitcGlobal.print})
	register("emitc.field", &opSyntax{Inherent: emitcField.inherent(), Parse: emitcField.parse, Print: emitcField.print})
	register("emitc.if", &opSyntax{Parse: parseEmitcIf, Print: printEmitcIf})
	register("emitc.for", &opSyntax{Parse: parseEmitcFor, Print: printEmitcFor})
	register("emitc.switch", &opSyntax{Inherent: []string{"cases"}, Parse: parseEmitcSwitch, Print: printEmitcSwitch})
	register("emitc.expression", &opSyntax{Inherent: []string{"do_not_inline"}, Parse: parseEmitcExpression, Print: printEmitcExpression})
	register("emitc.load", &opSyntax{Parse: parseEmitcLoad, Print: printEmitcLoad})
	for _, d := range emitcOps {
		register(d.name, d.syntax())
	}
	register("emitc.class", &opSyntax{Inherent: emitcClass.syntax().Inherent, Parse: emitcClass.parse, Print: emitcClass.print, NoTerminator: true})
}

// emitcFuncInherent are emitc.func's inherent attributes; LLVM 22 keeps
// its visibility as a discardable attribute.
var emitcFuncInherent = []string{"sym_name", "function_type", "specifiers", "arg_attrs", "res_attrs"}

func parseEmitcFunc(p *parser, st *OpState) {
	parseFunc(p, st)
	st.discardable("sym_visibility")
}

// emitcOps are the emitc ops whose syntax is declarative.
var emitcOps = []*declOp{
	declare("emitc.add", "lhs, rhs -> result", emitcOperandsFormat),
	declare("emitc.apply", "@applicableOperator:str, operand -> result", "$applicableOperator `(` $operand `)` attr-dict `:` functional-type($operand, results)"),
	declare("emitc.assign", "var:!emitc.lvalue<>, value", "$value `:` type($value) `to` $var `:` type($var) attr-dict"),
	declare("emitc.bitwise_and", "lhs, rhs -> result", emitcOperandsFormat),
	declare("emitc.bitwise_left_shift", "lhs, rhs -> result", emitcOperandsFormat),
	declare("emitc.bitwise_not", "operand -> result", emitcOperandsFormat),
	declare("emitc.bitwise_or", "lhs, rhs -> result", emitcOperandsFormat),
	declare("emitc.bitwise_right_shift", "lhs, rhs -> result", emitcOperandsFormat),
	declare("emitc.bitwise_xor", "lhs, rhs -> result", emitcOperandsFormat),
	declare("emitc.call", "@callee:ref, operands* -> results*", "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)"),
	declare("emitc.cast", "source -> dest", "$source attr-dict `:` type($source) `to` type($dest)"),
	declare("emitc.cmp", "@predicate:emitc.cmp_predicate, lhs, rhs -> result", "$predicate `,` operands attr-dict `:` functional-type(operands, results)"),
	declare("emitc.conditional", "condition:i1, true_value:=result, false_value:=result -> result", "operands attr-dict `:` type($result)"),
	declare("emitc.declare_func", "@sym_name:ref", "$sym_name attr-dict"),
	declare("emitc.div", "lhs, rhs -> result", emitcOperandsFormat),
	declare("emitc.get_field", "@field_name:ref -> result", "$field_name `:` type($result) attr-dict"),
	declare("emitc.get_global", "@name:ref -> result", "$name `:` type($result) attr-dict"),
	declare("emitc.logical_and", "lhs, rhs -> result:i1", "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)"),
	declare("emitc.logical_not", "operand -> result:i1", "$operand attr-dict `:` type($operand)"),
	declare("emitc.logical_or", "lhs, rhs -> result:i1", "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)"),
	declare("emitc.mul", "lhs, rhs -> result", emitcOperandsFormat),
	declare("emitc.rem", "lhs, rhs -> result", emitcOperandsFormat),
	declare("emitc.return", "operand?", "attr-dict ($operand^ `:` type($operand))?").endsBlock(),
	declare("emitc.sub", "lhs, rhs -> result", emitcOperandsFormat),
	declare("emitc.subscript", "value, indices* -> result", "$value `[` $indices `]` attr-dict `:` functional-type(operands, results)"),
	declare("emitc.unary_minus", "operand -> result", emitcOperandsFormat),
	declare("emitc.unary_plus", "operand -> result", emitcOperandsFormat),
	declare("emitc.verbatim", "@value:str, fmtArgs*", "$value (`args` $fmtArgs^ `:` type($fmtArgs))? attr-dict"),
	declare("emitc.yield", "result?", "attr-dict ($result^ `:` type($result))?").endsBlock(),
}

// emitcClass is a class of fields and functions; its body has no
// terminator.
var emitcClass = declare("emitc.class", "@final_specifier?:unit, @sym_name:sym, ^body", "(`final` $final_specifier^)? $sym_name attr-dict-with-keyword $body")

const emitcOperandsFormat = "operands attr-dict `:` functional-type(operands, results)"

// emitcCmpPredicate is emitc.cmp's predicate, an i64 enum.
var emitcCmpPredicate = &declEnum{cases: []string{"eq", "ne", "lt", "le", "gt", "ge", "three_way"}, typ: I64}

var emitcYield = impliedTerminator{"emitc.yield", 0}

// stringLiteral parses a string literal into a StringAttr.
func (p *parser) stringLiteral() *StringAttr {
	if p.tok.kind != tString {
		p.fail("expected string literal, found %s", p.describe())
	}
	s, _ := p.parseAttrNoType().(*StringAttr)
	return s
}

// emitc.include <"stdio.h"> | emitc.include "local.h"
func parseInclude(p *parser, st *OpState) {
	if p.accept("<") {
		st.AddProp("include", p.stringLiteral())
		st.AddProp("is_standard_include", UnitAttr{})
		p.expect(">")
		return
	}
	st.AddProp("include", p.stringLiteral())
}

func printInclude(p *printer, op *Operation) bool {
	inc, ok := op.Prop("include").(*StringAttr)
	std := op.Prop("is_standard_include")
	if _, unit := std.(UnitAttr); !ok || inc.Type != nil || (std != nil && !unit) || len(op.operands) != 0 || len(op.results) != 0 || len(otherAttrs(op, []string{"include", "is_standard_include"})) > 0 {
		return false
	}
	p.w("emitc.include ")
	if std != nil {
		p.w("<")
		p.attr(inc)
		p.w(">")
		return true
	}
	p.attr(inc)
	return true
}

// emitc.call_opaque "f"(%a, %b) attr-dict : (T, U) -> V
func parseCallOpaque(p *parser, st *OpState) {
	st.AddProp("callee", p.stringLiteral())
	p.callTail(st)
}

func printCallOpaque(p *printer, op *Operation) bool {
	callee, ok := op.Prop("callee").(*StringAttr)
	if !ok || callee.Type != nil {
		return false
	}
	p.call("emitc.call_opaque", callee, op)
	return true
}

// emitcVariable is the syntax of emitc.global and emitc.field: specifier
// keywords (unit properties), a symbol name, `:` type and an optional
// `= value`, typed by the type (the tensor of an array's shape).
type emitcVariable struct {
	name       string
	specifiers []string
}

var (
	emitcGlobal = &emitcVariable{"emitc.global", []string{"extern_specifier", "static_specifier", "const_specifier"}}
	emitcField  = &emitcVariable{name: "emitc.field"}
)

func (v *emitcVariable) inherent() []string {
	return append([]string{"sym_name", "type", "initial_value"}, v.specifiers...)
}

func (v *emitcVariable) parse(p *parser, st *OpState) {
	for _, s := range v.specifiers {
		if p.acceptKeyword(strings.TrimSuffix(s, "_specifier")) {
			st.AddProp(s, UnitAttr{})
		}
	}
	st.AddProp("sym_name", Str(p.symbolName()))
	p.expect(":")
	t := p.parseType()
	st.AddProp("type", &TypeAttr{Type: t})
	if p.accept("=") {
		at := p.pos()
		a, ok := emitcInitialValue(p, p.parseAttrNoType(), t)
		if !ok {
			p.failAt(at, "initial value should be an elements, integer, float or opaque attribute")
		}
		st.AddProp("initial_value", a)
	}
	p.optionalAttrDict(st)
}

func (v *emitcVariable) print(p *printer, op *Operation) bool {
	name, ok1 := op.Prop("sym_name").(*StringAttr)
	ta, ok2 := op.Prop("type").(*TypeAttr)
	if !ok1 || !ok2 || len(op.operands) != 0 || len(op.results) != 0 || len(op.Regions) != 0 {
		return false
	}
	init := op.Prop("initial_value")
	text, ok := emitcInitialText(init, ta.Type)
	if !ok {
		return false
	}
	for _, s := range v.specifiers {
		if a := op.Prop(s); a != nil {
			if _, unit := a.(UnitAttr); !unit {
				return false
			}
		}
	}
	p.w(v.name)
	for _, s := range v.specifiers {
		if op.Prop(s) != nil {
			p.w(" " + strings.TrimSuffix(s, "_specifier"))
		}
	}
	p.w(" ")
	p.symbol(name.Value)
	p.w(" : ")
	p.typ(ta.Type)
	if init != nil {
		p.w(" = ")
		p.w(text)
	}
	p.attrDict(op, v.inherent()...)
	return true
}

// emitcInitialValue gives an initial value written without its type the
// type t implies: t itself, or for an array the tensor of its shape.
func emitcInitialValue(p *parser, a Attribute, t Type) (Attribute, bool) {
	switch a := a.(type) {
	case *IntegerAttr:
		if _, isFloat := t.(*FloatType); isFloat {
			return &FloatAttr{Text: a.Text, Type: t}, true
		}
		return &IntegerAttr{Text: a.Text, Type: t}, true
	case *FloatAttr:
		return &FloatAttr{Text: a.Text, Type: t}, true
	case *DenseElementsAttr:
		body, ok := emitcArrayBody(t)
		if !ok {
			return nil, false
		}
		tensor, ok := p.typeFromText("tensor<" + body)
		return &DenseElementsAttr{Body: a.Body, Type: tensor}, ok
	case *OpaqueAttr:
		return a, strings.HasPrefix(a.Text, "#emitc.opaque<")
	}
	return nil, false
}

// emitcInitialText spells an initial value without its type, if it has
// the type emitcInitialValue would give it.
func emitcInitialText(a Attribute, t Type) (string, bool) {
	switch a := a.(type) {
	case nil:
		return "", true
	case *IntegerAttr:
		_, isFloat := t.(*FloatType)
		return a.Text, !isFloat && a.Type != nil && TypesEqual(a.Type, t)
	case *FloatAttr:
		return a.Text, a.Type != nil && TypesEqual(a.Type, t)
	case *DenseElementsAttr:
		body, ok := emitcArrayBody(t)
		return "dense<" + a.Body + ">", ok && a.Type != nil && a.Type.String() == "tensor<"+body
	case *OpaqueAttr:
		return a.Text, strings.HasPrefix(a.Text, "#emitc.opaque<")
	}
	return "", false
}

// emitcArrayBody returns what follows `!emitc.array<` in t: its shape
// and element type, and the closing `>`.
func emitcArrayBody(t Type) (string, bool) {
	o, ok := t.(*OpaqueType)
	if !ok {
		return "", false
	}
	return strings.CutPrefix(o.Text, "!emitc.array<")
}

// emitc.if %cond region (else region)? attr-dict
func parseEmitcIf(p *parser, st *OpState) {
	cond := p.operandRef()
	st.Operands = []*Value{p.resolve(cond, I1)}
	st.Regions = p.thenElseRegions(emitcYield)
	p.optionalAttrDict(st)
}

func printEmitcIf(p *printer, op *Operation) bool {
	if len(op.operands) != 1 || !TypesEqual(op.operands[0].typ, I1) || len(op.results) != 0 {
		return false
	}
	p.w("emitc.if ")
	p.value(op.operands[0])
	if !p.thenElseRegions(op, emitcYield) {
		return false
	}
	p.attrDict(op)
	return true
}

// emitc.for %iv = %lb to %ub step %step (: type)? region attr-dict
func parseEmitcFor(p *parser, st *OpState) {
	iv, lb, ub, step := p.loopBounds()
	args := []RegionArg{iv}
	var ivType Type = Index
	if p.accept(":") {
		ivType = p.parseType()
	}
	typedArgs(args, []Type{ivType})
	body := p.parseRegion(args)
	emitcYield.ensureIn(body)
	st.Regions = []*Region{body}
	st.Operands = []*Value{p.resolve(lb, ivType), p.resolve(ub, ivType), p.resolve(step, ivType)}
	p.optionalAttrDict(st)
}

func printEmitcFor(p *printer, op *Operation) bool {
	if len(op.operands) != 3 || len(op.results) != 0 || len(op.Regions) != 1 || len(op.Regions[0].blocks) != 1 {
		return false
	}
	body := op.Regions[0]
	args := body.blocks[0].args
	if len(args) != 1 || !allOfType(op.operands, args[0].typ) {
		return false
	}
	p.w("emitc.for ")
	p.value(args[0])
	p.w(" = ")
	p.value(op.operands[0])
	p.w(" to ")
	p.value(op.operands[1])
	p.w(" step ")
	p.value(op.operands[2])
	if !TypesEqual(args[0].typ, Index) {
		p.w(" : ")
		p.typ(args[0].typ)
	}
	p.w(" ")
	if !p.impliedTerminatorRegion(body, emitcYield, true) {
		return false
	}
	p.attrDict(op)
	return true
}

// emitc.switch %arg : type attr-dict (case N region)* default region
// The default region is the op's first.
func parseEmitcSwitch(p *parser, st *OpState) {
	arg := p.operandRef()
	p.expect(":")
	t := p.parseType()
	st.Operands = []*Value{p.resolve(arg, t)}
	p.optionalAttrDict(st)
	var cases []int64
	var regions []*Region
	for p.acceptKeyword("case") {
		cases = append(cases, p.integer())
		regions = append(regions, p.parseRegion(nil))
	}
	p.expectKeyword("default")
	def := p.parseRegion(nil)
	emitcYield.ensureIn(def)
	st.AddProp("cases", p.i64Array(cases))
	st.Regions = append([]*Region{def}, regions...)
}

func printEmitcSwitch(p *printer, op *Operation) bool {
	cases, ok := op.Prop("cases").(*DenseArrayAttr)
	if !ok || len(op.operands) != 1 || len(op.results) != 0 || len(op.Regions) != len(cases.Values)+1 || !TypesEqual(cases.Elem, I64) {
		return false
	}
	p.w("emitc.switch ")
	p.value(op.operands[0])
	p.w(" : ")
	p.typ(op.operands[0].typ)
	p.attrDict(op, "cases")
	for i, c := range cases.Values {
		p.newline()
		p.w("case " + c + " ")
		p.region(op.Regions[i+1], true)
	}
	p.newline()
	p.w("default ")
	return p.impliedTerminatorRegion(op.Regions[0], emitcYield, true)
}

// emitc.expression %a, %b (noinline)? : (A, B) -> R region
// The region's entry block takes the operands' names as its arguments.
func parseEmitcExpression(p *parser, st *OpState) {
	var refs []operandRef
	if p.isOperand() {
		refs = p.operandRefs()
	}
	if p.acceptKeyword("noinline") {
		st.AddProp("do_not_inline", UnitAttr{})
	}
	p.expect(":")
	at := p.pos()
	fn := p.functionTypeAt()
	if len(fn.Inputs) != len(refs) || len(fn.Results) != 1 {
		p.failAt(at, "expected a function type of %d inputs and one result", len(refs))
	}
	args := make([]RegionArg, len(refs))
	for i, r := range refs {
		st.Operands = append(st.Operands, p.resolve(r, fn.Inputs[i]))
		args[i] = RegionArg{Name: r.name, Pos: r.pos, Type: fn.Inputs[i], Attrs: &DictAttr{}}
	}
	st.ResultTypes = fn.Results
	body := p.parseRegion(args)
	emitcYield.ensureIn(body)
	st.Regions = []*Region{body}
}

// printEmitcExpression writes the body's arguments under the names of
// the operands, which they shadow: unless an operand appears twice or the
// body reads one directly, which the custom form cannot say.
func printEmitcExpression(p *printer, op *Operation) bool {
	if len(op.results) != 1 || len(op.Regions) != 1 || len(op.Regions[0].blocks) != 1 {
		return false
	}
	body := op.Regions[0]
	args := body.blocks[0].args
	if len(args) != len(op.operands) || !sameTypes(args, valueTypes(op.operands)) {
		return false
	}
	for i, v := range op.operands {
		if slices.Contains(op.operands[:i], v) || slices.ContainsFunc(v.Uses(), func(u Use) bool { return IsAncestor(op, u.Op) && u.Op != op }) {
			return false
		}
	}
	if a := op.Prop("do_not_inline"); a != nil {
		if _, unit := a.(UnitAttr); !unit {
			return false
		}
	}
	if len(otherAttrs(op, []string{"do_not_inline"})) > 0 {
		return false // the custom form has no attribute dictionary
	}
	p.w("emitc.expression")
	if len(op.operands) > 0 {
		p.w(" ")
		p.values(op.operands)
	}
	if op.Prop("do_not_inline") != nil {
		p.w(" noinline")
	}
	p.w(" : ")
	p.functionType(op)
	p.w(" ")
	names := make([]string, len(args))
	for i, a := range args {
		names[i], a.printName = a.printName, op.operands[i].printName
	}
	p.region(body, false)
	for i, a := range args {
		a.printName = names[i]
	}
	return true
}

// emitc.load %lvalue attr-dict : <T>, whose result is of type T.
func parseEmitcLoad(p *parser, st *OpState) {
	ref := p.operandRef()
	p.optionalAttrDict(st)
	p.expect(":")
	at := p.pos()
	t := p.classType("!emitc.lvalue")
	body, ok := emitcLValueBody(t)
	var inner Type
	if ok {
		inner, ok = p.typeFromText(body)
	}
	if !ok {
		p.failAt(at, "expected an !emitc.lvalue type")
	}
	st.Operands = []*Value{p.resolve(ref, t)}
	st.ResultTypes = []Type{inner}
}

func printEmitcLoad(p *printer, op *Operation) bool {
	if len(op.operands) != 1 || len(op.results) != 1 {
		return false
	}
	body, ok := emitcLValueBody(op.operands[0].typ)
	if !ok || body != op.results[0].typ.String() {
		return false
	}
	p.w("emitc.load ")
	p.value(op.operands[0])
	p.attrDict(op)
	p.w(" : ")
	p.typ(op.operands[0].typ)
	return true
}

// emitcLValueBody returns the spelling of T in !emitc.lvalue<T>.
func emitcLValueBody(t Type) (string, bool) {
	o, ok := t.(*OpaqueType)
	if !ok {
		return "", false
	}
	body, ok := strings.CutPrefix(o.Text, "!emitc.lvalue<")
	if !ok || !strings.HasSuffix(body, ">") {
		return "", false
	}
	return body[:len(body)-1], true
}
