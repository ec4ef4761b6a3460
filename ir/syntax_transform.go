package ir

import (
	"slices"
	"strconv"
	"strings"
)

// The transform dialect's core ops that a transform script, left in a
// module, holds: named sequences (in func.func's syntax), sequences
// (custom in MLIR too), and the declared ops as rows of the format
// interpreter (format.go), with the dialect's custom directives below.
// Its extensions' ops are in syntax_transform_ext.go. Inside the regions
// of sequence and with_pdl_patterns, ops may leave out the `transform.`
// prefix (regionDialect).

func init() {
	register("transform.sequence", &opSyntax{Inherent: []string{"failure_propagation_mode"}, Parse: parseSequence, Print: printSequence})
	register("transform.named_sequence", &opSyntax{Inherent: functionInherent, Parse: parseFunc, Print: functionPrinter("transform.named_sequence")})
	for _, ops := range [][]*declOp{transformOps, transformExtOps} {
		for _, d := range ops {
			register(d.name, d.syntax())
		}
	}
}

var transformOps = []*declOp{
	declare("transform.alternatives", "scope?, ^alternatives* -> results*",
		"($scope^ `:` type($scope))? (`->` type($results)^)? attr-dict-with-keyword regions").impliesTerminator("transform.yield"),
	declare("transform.annotate", "target, @name:str, param?",
		"$target $name attr-dict (`=` $param^)?`:` type($target) (`,` type($param)^)?"),
	declare("transform.apply_conversion_patterns", "target, @legal_ops?:array, @illegal_ops?:array, @legal_dialects?:array, @illegal_dialects?:array, @partial_conversion?:unit, @preserve_handles?:unit, ^patterns, ^default_type_converter_region*",
		"`to` $target $patterns (`with` `type_converter` $default_type_converter_region^)? attr-dict `:` type($target)").inGraphRegions(),
	declare("transform.apply_conversion_patterns.dialect_to_llvm", "@dialect_name:str", "$dialect_name attr-dict"),
	declare("transform.apply_cse", "target", "`to` $target attr-dict `:` type($target)"),
	declare("transform.apply_dce", "target", "`to` $target attr-dict `:` type($target)"),
	declare("transform.apply_licm", "target", "`to` $target attr-dict `:` type($target)"),
	declare("transform.apply_patterns", "target, @apply_cse?:unit, @max_iterations:i64=-1, @max_num_rewrites:i64=-1, ^patterns",
		"`to` $target $patterns attr-dict `:` type($target)").inGraphRegions(),
	declare("transform.apply_patterns.canonicalization", "", "attr-dict"),
	declare("transform.apply_registered_pass", "target, @pass_name:str, @options:dict={}, dynamic_options* -> result",
		"$pass_name (`with` `options` `=` custom<ApplyRegisteredPassOptions>($options, $dynamic_options)^)? `to` $target attr-dict `:` functional-type(operands, results)"),
	declare("transform.cast", "input -> output", "$input attr-dict `:` type($input) `to` type($output)"),
	declare("transform.collect_matching", "root, @matcher:ref -> results*",
		"$matcher `in` $root attr-dict `:` functional-type($root, $results)"),
	declare("transform.debug.emit_param_as_remark", "param, anchor?, @message?:str",
		"$param (`,` $message^)? (`at` $anchor^)?attr-dict `:` type($param) (`,` type($anchor)^)?"),
	declare("transform.debug.emit_remark_at", "at, @message:str", "$at `,` $message attr-dict `:` type($at)"),
	declare("transform.foreach", "targets*, @with_zip_shortest?:unit, ^body -> results*",
		"$targets oilist(`with_zip_shortest` $with_zip_shortest) `:` type($targets) (`->` type($results)^)? $body attr-dict").
		impliesTerminator("transform.yield"),
	declare("transform.foreach_match", "root, forwarded_inputs*, @restrict_root?:unit, @flatten_results?:unit, @matchers:array, @actions:array -> updated, forwarded_outputs*",
		"oilist( `restrict_root` $restrict_root | `flatten_results` $flatten_results ) `in` $root (`,` $forwarded_inputs^)? custom<ForeachMatchSymbols>($matchers, $actions) attr-dict `:` functional-type(operands, results)"),
	declare("transform.get_consumers_of_result", "target, @result_number:i64 -> consumers",
		"$target `[` $result_number `]` attr-dict `:` functional-type(operands, results)"),
	declare("transform.get_defining_op", "target -> result", "$target attr-dict `:` functional-type(operands, results)"),
	declare("transform.get_operand", "target, @raw_position_list:dense_i64, @is_inverted?:unit, @is_all?:unit -> result",
		"$target `[`custom<TransformMatchDims>($raw_position_list, $is_inverted, $is_all)`]` attr-dict `:` functional-type(operands, results)"),
	declare("transform.get_parent_op", "target, @isolated_from_above?:unit, @allow_empty_results?:unit, @op_name?:str, @deduplicate?:unit, @nth_parent:i64=1 -> parent",
		"$target attr-dict `:` functional-type(operands, results)"),
	declare("transform.get_producer_of_operand", "target, @operand_number:i64 -> producer",
		"$target `[` $operand_number `]` attr-dict `:` functional-type(operands, results)"),
	declare("transform.get_result", "target, @raw_position_list:dense_i64, @is_inverted?:unit, @is_all?:unit -> result",
		"$target `[`custom<TransformMatchDims>($raw_position_list, $is_inverted, $is_all)`]` attr-dict `:` functional-type(operands, results)"),
	declare("transform.get_type", "value, @elemental?:unit -> type_param",
		"(`elemental` $elemental^)? $value attr-dict `:`functional-type(operands, results)"),
	declare("transform.include", "@target:ref, @failure_propagation_mode:transform.failures, operands*, @arg_attrs?:array, @res_attrs?:array -> results*",
		"$target `failures` `(` $failure_propagation_mode `)``(` $operands `)` attr-dict `:` functional-type($operands, $results)"),
	declare("transform.loop.hoist_loop_invariant_subsets", "target", "$target attr-dict `:` type($target)"),
	declare("transform.match.operation_empty", "operand_handle", "$operand_handle attr-dict `:` type($operand_handle)"),
	declare("transform.match.operation_name", "operand_handle, @op_names:array",
		"$operand_handle $op_names attr-dict `:` type($operand_handle)"),
	declare("transform.match.param.cmpi", "param, reference:=param, @predicate:transform.cmpi",
		"$predicate $param `,` $reference attr-dict `:` type($param)"),
	declare("transform.merge_handles", "handles*:=result, @deduplicate?:unit -> result",
		"(`deduplicate` $deduplicate^)? $handles attr-dict `:` type($result)"),
	declare("transform.num_associations", "handle -> num", "$handle attr-dict `:` functional-type(operands, results)"),
	declare("transform.param.constant", "@value:any -> param", "$value attr-dict `->` type($param)"),
	declare("transform.pdl_match", "root, @pattern_name:ref -> matched",
		"$pattern_name `in` $root attr-dict `:` functional-type(operands, results)"),
	declare("transform.print", "target?, @name?:str, @assume_verified?:unit, @use_local_scope?:unit, @skip_regions?:unit",
		"$target attr-dict (`:` type($target)^)?"),
	declare("transform.replicate", "pattern, handles* -> replicated*:=handles",
		"`num` `(` $pattern `)` $handles attr-dict `:` type($pattern) `,` type($handles)"),
	declare("transform.select", "target, @op_name:str -> result",
		"$op_name `in` $target attr-dict `:` functional-type(operands, results)"),
	declare("transform.split_handle", "handle, @pass_through_empty_handle:bool=true, @fail_on_payload_too_small:bool=true, @overflow_result?:i64 -> results*",
		"$handle attr-dict `:` functional-type(operands, results)"),
	declare("transform.verify", "target", "$target attr-dict `:` type($target)"),
	declare("transform.with_pdl_patterns", "root?, ^body", "($root^ `:` type($root))? attr-dict-with-keyword regions").
		withoutTerminator(),
	declare("transform.yield", "operands*", "operands attr-dict (`:` type($operands)^)?").endsBlock(),
}

var transformYield = impliedTerminator{"transform.yield", 0}

var (
	// transformFailures is the failure_propagation_mode of sequences and
	// includes.
	transformFailures = &declEnum{cases: []string{"propagate", "suppress"}, values: []int64{1, 2}, typ: I32}
	transformCmpI     = &declEnum{cases: []string{"eq", "ne", "lt", "le", "gt", "ge"}, typ: I32}
)

// transform.sequence (%root (, %extra)* : types)? (-> types)?
// failures(propagate|suppress) attr-dict-with-keyword region, the types of several
// operands parenthesized or not.
func parseSequence(p *parser, st *OpState) {
	var refs []operandRef
	if p.isOperand() {
		at := p.pos()
		refs = p.operandRefs()
		p.expect(":")
		var types []Type
		if p.accept("(") {
			types = p.parseTypeList()
			p.expect(")")
		} else {
			types = p.parseTypeList()
		}
		st.Operands = p.resolveAll(refs, types, at)
	}
	st.ResultTypes = p.optionalArrowTypes()
	p.expectKeyword("failures")
	p.expect("(")
	st.AddProp("failure_propagation_mode", transformFailures.parse(p, "failure_propagation_mode"))
	p.expect(")")
	p.setSegments(st, min(1, len(refs)), max(0, len(refs)-1))
	p.optionalAttrDictWithKeyword(st)
	body := p.parseRegion(nil)
	transformYield.ensureIn(body)
	st.Regions = []*Region{body}
}

func printSequence(p *printer, op *Operation) bool {
	mode := transformFailures.keyword(op.Prop("failure_propagation_mode"))
	segs := segments(op)
	if mode == "" || len(segs) != 2 || len(segs[0]) > 1 || len(segs[0]) == 0 && len(segs[1]) > 0 || len(op.Regions) != 1 {
		return false
	}
	p.w("transform.sequence")
	if len(op.operands) > 0 {
		p.w(" ")
		p.values(op.operands)
		p.w(" : ")
		if len(op.operands) > 1 {
			p.w("(")
			p.valueTypes(op.operands)
			p.w(")")
		} else {
			p.typ(op.operands[0].typ)
		}
	}
	p.arrowTypes(resultTypes(op))
	p.w(" failures(" + mode + ")")
	p.attrDictWithKeyword(op, "failure_propagation_mode", "operandSegmentSizes")
	p.w(" ")
	p.regionBut(op.Regions[0], true, transformYield.trailing(op.Regions[0]))
	return true
}

// custom<TransformMatchDims>($positions, $is_inverted, $is_all): `all`,
// `1, -1` or `except(0, 2)`.
func parseTransformMatchDims(c *customCall) {
	p := c.p
	if p.acceptKeyword("all") {
		c.st.AddProp(c.name(0), p.i64Array(nil))
		c.st.AddProp(c.name(2), UnitAttr{})
		return
	}
	inverted := p.acceptKeyword("except")
	if inverted {
		c.st.AddProp(c.name(1), UnitAttr{})
		p.expect("(")
	}
	var positions []int64
	p.commaList(func() { positions = append(positions, p.integer()) })
	c.st.AddProp(c.name(0), p.i64Array(positions))
	if inverted {
		p.expect(")")
	}
}

func transformMatchDimsFit(c *customCall) bool {
	positions, ok := staticArray(c.dp.op, c.name(0))
	_, allUnit := c.dp.op.Prop(c.name(2)).(UnitAttr)
	_, invertedUnit := c.dp.op.Prop(c.name(1)).(UnitAttr)
	switch {
	case !ok:
		return false
	case c.dp.op.Prop(c.name(2)) != nil:
		return allUnit && len(positions) == 0 && c.dp.op.Prop(c.name(1)) == nil
	}
	return len(positions) > 0 && (invertedUnit || c.dp.op.Prop(c.name(1)) == nil)
}

func printTransformMatchDims(c *customCall) {
	dp := c.dp
	dp.blank()
	if dp.op.Prop(c.name(2)) != nil {
		dp.p.w("all")
		return
	}
	list := strings.Join(dp.op.Prop(c.name(0)).(*DenseArrayAttr).Values, ", ")
	if dp.op.Prop(c.name(1)) != nil {
		list = "except(" + list + ")"
	}
	dp.p.w(list)
}

// custom<ForeachMatchSymbols>($matchers, $actions): `@matcher ->
// @action, ...`, each pair on a line of its own.
func parseForeachMatchSymbols(c *customCall) {
	p := c.p
	var matchers, actions []Attribute
	p.commaList(func() {
		matchers = append(matchers, &SymbolRefAttr{Root: p.symbolName()})
		p.expect("->")
		actions = append(actions, &SymbolRefAttr{Root: p.symbolName()})
	})
	c.st.AddProp(c.name(0), &ArrayAttr{Elems: matchers})
	c.st.AddProp(c.name(1), &ArrayAttr{Elems: actions})
}

// symbolPairs returns the matchers and actions of a foreach_match, nil
// unless they pair up flat symbol references.
func (c *customCall) symbolPairs() (matchers, actions []Attribute) {
	m, ok1 := c.dp.op.Prop(c.name(0)).(*ArrayAttr)
	a, ok2 := c.dp.op.Prop(c.name(1)).(*ArrayAttr)
	if !ok1 || !ok2 || len(m.Elems) != len(a.Elems) || len(m.Elems) == 0 {
		return nil, nil
	}
	for _, s := range append(slices.Clone(m.Elems), a.Elems...) {
		if r, ok := s.(*SymbolRefAttr); !ok || len(r.Nested) > 0 {
			return nil, nil
		}
	}
	return m.Elems, a.Elems
}

func foreachMatchSymbolsFit(c *customCall) bool {
	matchers, _ := c.symbolPairs()
	return matchers != nil
}

func printForeachMatchSymbols(c *customCall) {
	p := c.dp.p
	matchers, actions := c.symbolPairs()
	p.indent += 2
	for i := range matchers {
		if i > 0 {
			p.w(",")
		}
		p.newline()
		p.attr(matchers[i])
		p.w(" -> ")
		p.attr(actions[i])
	}
	p.indent -= 2
}

// custom<ApplyRegisteredPassOptions>($options, $dynamic_options): `{"key"
// = value, ...}`, a value an attribute, a param operand or a list of
// them. The options hold the i-th operand as
// #transform.param_operand<index = i : i64>.
func parseApplyRegisteredPassOptions(c *customCall) {
	p := c.p
	var refs []operandRef
	var value func() Attribute
	value = func() Attribute {
		switch {
		case p.accept("["):
			var elems []Attribute
			p.commaList(func() { elems = append(elems, value()) })
			p.expect("]")
			return &ArrayAttr{Elems: elems}
		case p.isOperand():
			refs = append(refs, p.operandRef())
			return &OpaqueAttr{Text: paramOperandPrefix + strconv.Itoa(len(refs)-1) + paramOperandSuffix}
		}
		return p.parseAttr()
	}
	options := &DictAttr{}
	p.delimited("{", "}", func() {
		at := p.pos()
		if p.tok.kind != tBare && p.tok.kind != tString {
			p.fail("expected key to either be an identifier or a string")
		}
		key, _ := p.internTok()
		p.advance()
		p.expect("=")
		if options.Get(key) != nil {
			p.failAt(at, "duplicate keys found in options dictionary")
		}
		options.Set(key, value())
	})
	c.s.refs[c.name(1)] = refs
	c.st.AddProp(c.name(0), options)
}

// The spelling of #transform.param_operand<index = i : i64> around i.
const (
	paramOperandPrefix = "#transform.param_operand<index = "
	paramOperandSuffix = " : i64>"
)

// paramOperand returns the index of a #transform.param_operand, or -1.
func paramOperand(a Attribute) int {
	o, ok := a.(*OpaqueAttr)
	if !ok {
		return -1
	}
	text := noSpaces(o.Text)
	digits, ok := strings.CutPrefix(text, noSpaces(paramOperandPrefix))
	digits, ok2 := strings.CutSuffix(digits, noSpaces(paramOperandSuffix))
	i, err := strconv.Atoi(digits)
	if !ok || !ok2 || err != nil || i < 0 {
		return -1
	}
	return i
}

// passOptionsFit reports whether the param operands of the options come
// in operand order: read back, the options number them as written.
func passOptionsFit(c *customCall) bool {
	options, ok := c.dp.op.Prop(c.name(0)).(*DictAttr)
	if !ok {
		return false
	}
	next := 0
	var inOrder func(a Attribute) bool
	inOrder = func(a Attribute) bool {
		if arr, ok := a.(*ArrayAttr); ok {
			return len(arr.Elems) > 0 && !slices.ContainsFunc(arr.Elems, func(e Attribute) bool { return !inOrder(e) })
		}
		if i := paramOperand(a); i >= 0 {
			next++
			return i == next-1
		}
		return !strings.HasPrefix(a.String(), "#transform.param_operand")
	}
	for _, e := range options.Entries {
		if !inOrder(e.Value) {
			return false
		}
	}
	return next == len(c.values(1))
}

func printApplyRegisteredPassOptions(c *customCall) {
	p := c.dp.p
	var value func(a Attribute)
	value = func(a Attribute) {
		if i := paramOperand(a); i >= 0 {
			p.value(c.values(1)[i])
			return
		}
		arr, ok := a.(*ArrayAttr)
		if !ok {
			p.attr(a)
			return
		}
		p.w("[")
		for i, e := range arr.Elems {
			if i > 0 {
				p.w(", ")
			}
			value(e)
		}
		p.w("]")
	}
	c.dp.blank()
	p.w("{")
	for i, e := range c.dp.op.Prop(c.name(0)).(*DictAttr).Entries {
		if i > 0 {
			p.w(", ")
		}
		writeQuoted(&p.buf, e.Name)
		p.w(" = ")
		value(e.Value)
	}
	p.w("}")
}
