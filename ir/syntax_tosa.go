package ir

// The TOSA dialect: every op whose assembly format is `operands attr-dict
// : functional-type(operands, results)`, which is most of the dialect in
// LLVM 22, registered from one table as rows that format.go interprets.
// Its inherent attributes are not
// listed: written in the attribute dictionary, as this form and the
// generic form without properties write them, mlir-opt takes them as the
// properties they are. The ops with regions (tosa.cond_if,
// tosa.while_loop, tosa.yield), symbols (tosa.variable...) and tosa.const
// keep the generic form.
func init() {
	register("tosa.cond_if", &opSyntax{Parse: parseTosaCondIf, Print: printTosaCondIf})
	register("tosa.while_loop", &opSyntax{Parse: parseWhile, Print: whilePrinter("tosa.while_loop")})
	register("tosa.yield", declare("tosa.yield", "inputs*", "attr-dict ($inputs^ `:` type($inputs))?").endsBlock().syntax())
	for _, name := range tosaFunctionalOps {
		register(name, declare(name, "inputs* -> outputs*", "operands attr-dict `:` functional-type(operands, results)").keywordsInDict(tosaEnums).syntax())
	}
}

// tosaEnums are the enum attributes that TOSA's ops write in their
// attribute dictionary as bare keywords (`rounding_mode = DOUBLE_ROUND`).
var tosaEnums = map[string]string{
	"block_size":    "#tosa.block_size",
	"mode":          "#tosa.resize_mode",
	"nan_mode":      "#tosa.nan_mode",
	"rounding_mode": "#tosa.rounding_mode",
}

var tosaFunctionalOps = []string{
	"tosa.abs", "tosa.add", "tosa.add_shape", "tosa.apply_scale", "tosa.argmax", "tosa.arithmetic_right_shift",
	"tosa.avg_pool2d", "tosa.bitwise_and", "tosa.bitwise_not", "tosa.bitwise_or", "tosa.bitwise_xor", "tosa.cast",
	"tosa.cast_from_block_scaled", "tosa.cast_to_block_scaled", "tosa.ceil", "tosa.clamp", "tosa.clz", "tosa.concat",
	"tosa.concat_shape", "tosa.const_shape", "tosa.conv2d", "tosa.conv3d", "tosa.cos", "tosa.custom",
	"tosa.depthwise_conv2d", "tosa.dim", "tosa.div_ceil_shape", "tosa.div_floor_shape", "tosa.equal", "tosa.erf",
	"tosa.exp", "tosa.exp2_shape", "tosa.fft2d", "tosa.floor", "tosa.gather", "tosa.greater", "tosa.greater_equal",
	"tosa.identity", "tosa.intdiv", "tosa.log", "tosa.log2_ceil_shape", "tosa.log2_floor_shape", "tosa.logical_and",
	"tosa.logical_left_shift", "tosa.logical_not", "tosa.logical_or", "tosa.logical_right_shift", "tosa.logical_xor",
	"tosa.matmul", "tosa.matmul_t_block_scaled", "tosa.max_pool2d", "tosa.max_shape", "tosa.maximum", "tosa.min_shape",
	"tosa.minimum", "tosa.mod_shape", "tosa.mul", "tosa.mul_shape", "tosa.negate", "tosa.pad", "tosa.pow",
	"tosa.reciprocal", "tosa.reduce_all", "tosa.reduce_any", "tosa.reduce_max", "tosa.reduce_min",
	"tosa.reduce_product", "tosa.reduce_sum", "tosa.rescale", "tosa.reshape", "tosa.resize", "tosa.reverse",
	"tosa.rfft2d", "tosa.rsqrt", "tosa.scatter", "tosa.select", "tosa.sigmoid", "tosa.sin", "tosa.slice",
	"tosa.slice_shape", "tosa.sub", "tosa.sub_shape", "tosa.table", "tosa.tanh", "tosa.tile", "tosa.transpose",
	"tosa.transpose_conv2d",
}

// tosa.cond_if %c (%x = %a, ...)? : T (input types)? -> results
// region else region attr-dict
// The regions declare their own arguments, one per input: the names in
// the assignment list bind nothing.
func parseTosaCondIf(p *parser, st *OpState) {
	cond := p.operandRef()
	var inits []operandRef
	if p.is("(") {
		_, inits = p.assignmentList()
	}
	p.expect(":")
	condType := p.parseType()
	at := p.pos()
	var inputs []Type
	if p.is("(") {
		p.delimited("(", ")", func() { inputs = append(inputs, p.parseType()) })
	}
	st.Operands = append([]*Value{p.resolve(cond, condType)}, p.resolveAll(inits, inputs, at)...)
	p.expect("->")
	st.ResultTypes = p.parseResultTypes()
	then := p.parseRegion(nil)
	p.expectKeyword("else")
	st.Regions = []*Region{then, p.parseRegion(nil)}
	p.optionalAttrDict(st)
}

func printTosaCondIf(p *printer, op *Operation) bool {
	if len(op.operands) == 0 || len(op.results) == 0 || len(op.Regions) != 2 || len(op.Regions[0].blocks) == 0 {
		return false
	}
	cond, inputs := op.operands[0], op.operands[1:]
	then := op.Regions[0]
	if len(inputs) > 0 && !sameTypes(then.blocks[0].args, valueTypes(inputs)) {
		return false
	}
	p.w("tosa.cond_if ")
	p.value(cond)
	if len(inputs) > 0 {
		p.w(" ")
		p.assignmentList(then.blocks[0].args, inputs)
	}
	p.w(" : ")
	p.typ(cond.typ)
	if len(inputs) > 0 {
		p.w(" (")
		p.valueTypes(inputs)
		p.w(")")
	}
	p.arrowTypes(resultTypes(op))
	p.w(" ")
	p.region(then, true)
	p.w(" else ")
	p.region(op.Regions[1], true)
	p.attrDict(op)
	return true
}
