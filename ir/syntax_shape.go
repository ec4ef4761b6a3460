package ir

import (
	"strconv"
	"strings"
)

// The shape dialect: the ops declared with an assembly format, from one
// table (format.go interprets it), and the custom syntax of the others:
// the assuming region that bufferization walks through, constant shapes
// and witnesses, and shape.reduce.

func init() {
	register("shape.assuming", &opSyntax{Parse: parseAssuming, Print: printAssuming})
	register("shape.assuming_yield", yieldSyntax("shape.assuming_yield"))
	register("shape.const_witness", &opSyntax{Inherent: []string{"passing"}, Parse: parseConstWitness, Print: printConstWitness})
	register("shape.cstr_require", conditionMessageSyntax("shape.cstr_require", witnessType))
	register("shape.const_shape", &opSyntax{Inherent: []string{"shape"}, Parse: parseConstShape, Print: printConstShape})
	register("shape.reduce", &opSyntax{Parse: parseShapeReduce, Print: printShapeReduce})
	for _, d := range shapeOps {
		register(d.name, d.syntax())
	}
}

// shapeOps are the shape ops whose syntax is declarative: their
// signatures and assembly formats as the dialect's ODS declares them.
var shapeOps = []*declOp{
	declare("shape.add", "lhs, rhs -> result", binaryShapeFormat),
	declare("shape.any", "inputs* -> result", "$inputs attr-dict `:` type($inputs) `->` type($result)"),
	declare("shape.assuming_all", "inputs*:!shape.witness -> result:!shape.witness", "$inputs attr-dict"),
	declare("shape.broadcast", "shapes*, @error?:str -> result", "$shapes attr-dict `:` type($shapes) `->` type($result)"),
	declare("shape.concat", "lhs, rhs -> result", binaryShapeFormat),
	declare("shape.const_size", "@value:index -> result:!shape.size", "$value attr-dict"),
	declare("shape.cstr_broadcastable", "shapes* -> result:!shape.witness", "$shapes attr-dict `:` type($shapes)"),
	declare("shape.cstr_eq", "shapes* -> result:!shape.witness", "$shapes attr-dict `:` type($shapes)"),
	declare("shape.dim", "value, index -> extent", "$value `,` $index attr-dict `:` type($value) `,` type($index) `->` type($extent)"),
	declare("shape.div", "lhs, rhs -> result", binaryShapeFormat),
	declare("shape.from_extent_tensor", "input -> result:!shape.shape", "$input attr-dict `:` type($input)"),
	declare("shape.from_extents", "extents* -> shape:!shape.shape", "$extents attr-dict `:` type($extents)"),
	declare("shape.get_extent", "shape, dim -> extent", "$shape `,` $dim attr-dict `:` type($shape) `,` type($dim) `->` type($extent)"),
	declare("shape.index_to_size", "arg:index -> result:!shape.size", "$arg attr-dict"),
	declare("shape.is_broadcastable", "shapes* -> result:i1", "$shapes attr-dict `:` type($shapes)"),
	declare("shape.max", "lhs, rhs -> result", binaryShapeFormat),
	declare("shape.meet", "arg0, arg1, @error?:str -> result",
		"$arg0 `,` $arg1 (`,` `error` `=` $error^)? attr-dict `:` type($arg0) `,` type($arg1) `->` type($result)"),
	declare("shape.min", "lhs, rhs -> result", binaryShapeFormat),
	declare("shape.mul", "lhs, rhs -> result", binaryShapeFormat),
	declare("shape.num_elements", "shape -> result", "$shape attr-dict `:` type($shape) `->` type($result)"),
	declare("shape.rank", "shape -> rank", "$shape attr-dict `:` type($shape) `->` type($rank)"),
	declare("shape.shape_eq", "shapes* -> result:i1", "$shapes attr-dict `:` type($shapes)"),
	declare("shape.shape_of", "arg -> result", "$arg attr-dict `:` type($arg) `->` type($result)"),
	declare("shape.size_to_index", "arg -> result:index", "$arg attr-dict `:` type($arg)"),
	declare("shape.to_extent_tensor", "input -> result", "$input attr-dict `:` type($input) `->` type($result)"),
	declare("shape.value_as_shape", "arg -> result", "$arg attr-dict `:` type($arg) `->` type($result)"),
	declare("shape.value_of", "arg:!shape.value_shape -> result", "$arg attr-dict `:` type($result)"),
	declare("shape.with_shape", "operand, shape -> result:!shape.value_shape", "operands attr-dict `:` type($operand) `,` type($shape)"),
	declare("shape.yield", "operands*", "attr-dict ($operands^ `:` type($operands))?").endsBlock(),
}

const binaryShapeFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"

var (
	witnessType    = &OpaqueType{Text: "!shape.witness"}
	sizeType       = &OpaqueType{Text: "!shape.size"}
	shapeType      = &OpaqueType{Text: "!shape.shape"}
	valueShapeType = &OpaqueType{Text: "!shape.value_shape"}
	assumingYield  = impliedTerminator{"shape.assuming_yield", 0}
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

// shape.const_shape [extent, ...] attr-dict : type
func parseConstShape(p *parser, st *OpState) {
	p.optionalAttrDict(st)
	var extents []string
	p.delimited("[", "]", func() { extents = append(extents, strconv.FormatInt(p.integer(), 10)) })
	p.expect(":")
	st.ResultTypes = []Type{p.parseType()}
	st.AddProp("shape", &DenseElementsAttr{Body: "[" + strings.Join(extents, ", ") + "]", Type: &TensorType{Shape: []int64{int64(len(extents))}, Elem: Index}})
}

func printConstShape(p *printer, op *Operation) bool {
	d, ok := op.Prop("shape").(*DenseElementsAttr)
	if !ok || len(op.operands) != 0 || len(op.results) != 1 {
		return false
	}
	t, ok := d.Type.(*TensorType)
	if !ok || len(t.Shape) != 1 || !TypesEqual(t.Elem, Index) {
		return false
	}
	extents, ok := denseIntLiterals(d.Body, t.Shape[0])
	if !ok {
		return false
	}
	p.w("shape.const_shape")
	p.attrDict(op, "shape")
	p.w(" [" + strings.Join(extents, ", ") + "] : ")
	p.typ(op.results[0].typ)
	return true
}

// shape.reduce(%shape, %init, ...) : type (-> types)? region attr-dict;
// the region's block, arguments included, is written out.
func parseShapeReduce(p *parser, st *OpState) {
	p.expect("(")
	at := p.pos()
	refs := p.operandRefs()
	p.expect(")")
	p.expect(":")
	shape := p.parseType()
	st.ResultTypes = p.optionalArrowTypes()
	if len(refs) != len(st.ResultTypes)+1 {
		p.failAt(at, "expected the shape and one initial value per result")
	}
	st.Operands = append([]*Value{p.resolve(refs[0], shape)}, p.resolveAll(refs[1:], st.ResultTypes, at)...)
	st.Regions = []*Region{p.parseRegion(nil)}
	p.optionalAttrDict(st)
}

func printShapeReduce(p *printer, op *Operation) bool {
	if len(op.operands) != len(op.results)+1 || len(op.Regions) != 1 || !sameTypes(op.results, valueTypes(op.operands[1:])) {
		return false
	}
	p.w("shape.reduce(")
	p.values(op.operands)
	p.w(") : ")
	p.typ(op.operands[0].typ)
	p.arrowTypes(resultTypes(op))
	p.w(" ")
	p.region(op.Regions[0], true)
	p.attrDict(op)
	return true
}
