package ir

import (
	"slices"
	"strconv"
)

// The transform dialect's core ops that a transform script, left in a
// module, holds: sequences (custom in MLIR too), and the declared ops as
// rows of the format interpreter (format.go). Inside their regions ops may
// leave out the `transform.` prefix (regionDialect).

func init() {
	register("transform.sequence", &opSyntax{Inherent: []string{"failure_propagation_mode"}, Parse: parseSequence, Print: printSequence})
	register("transform.with_pdl_patterns", &opSyntax{Parse: parseWithPDLPatterns, Print: printWithPDLPatterns, NoTerminator: true})
	register("transform.structured.tile_using_for", &opSyntax{Inherent: []string{"static_sizes", "scalable_sizes"}, Parse: parseTileUsingFor, Print: printTileUsingFor})
	for _, d := range transformOps {
		register(d.name, d.syntax())
	}
}

var transformOps = []*declOp{
	declare("transform.cast", "input -> output", "$input attr-dict `:` type($input) `to` type($output)"),
	declare("transform.foreach", "targets*, ^body -> results*", "$targets `:` type($targets) (`->` type($results)^)? $body attr-dict").
		impliesTerminator("transform.yield"),
	declare("transform.param.constant", "@value:any -> param", "$value attr-dict `->` type($param)"),
	declare("transform.print", "target?, @name?:str, @assume_verified?:any, @use_local_scope?:any, @skip_regions?:any",
		"$target attr-dict (`:` type($target)^)?"),
	declare("transform.structured.match", "target, @ops?:any, @op_attrs?:any -> results",
		"(`ops` `{` $ops^ `}`)? (`attributes` $op_attrs^)? `in` $target attr-dict `:` functional-type($target, results)"),
	declare("transform.yield", "operands*", "attr-dict ($operands^ `:` type($operands))?").endsBlock(),
}

var transformYield = impliedTerminator{"transform.yield", 0}

// failureModes names the values of the failure_propagation_mode
// property.
var failureModes = []string{1: "propagate", 2: "suppress"}

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
	at := p.pos()
	mode := slices.Index(failureModes, p.keyword())
	if mode < 1 {
		p.failAt(at, "expected 'propagate' or 'suppress'")
	}
	p.expect(")")
	st.AddProp("failure_propagation_mode", IntAttr(int64(mode), I32))
	p.setSegments(st, min(1, len(refs)), max(0, len(refs)-1))
	p.optionalAttrDictWithKeyword(st)
	body := p.parseRegion(nil)
	transformYield.ensureIn(body)
	st.Regions = []*Region{body}
}

func printSequence(p *printer, op *Operation) bool {
	mode, ok := op.Prop("failure_propagation_mode").(*IntegerAttr)
	segs := segments(op)
	if !ok || !TypesEqual(mode.Type, I32) || len(segs) != 2 || len(segs[0]) > 1 || len(segs[0]) == 0 && len(segs[1]) > 0 || len(op.Regions) != 1 {
		return false
	}
	m, _ := mode.Int64()
	if m < 1 || m >= int64(len(failureModes)) {
		return false
	}
	name := failureModes[m]
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
	p.w(" failures(" + name + ")")
	p.attrDictWithKeyword(op, "failure_propagation_mode", "operandSegmentSizes")
	p.w(" ")
	p.region(op.Regions[0], true)
	return true
}

// transform.with_pdl_patterns (%root : type)? attr-dict-with-keyword
// region; its block has no terminator.
func parseWithPDLPatterns(p *parser, st *OpState) {
	if p.isOperand() {
		ref := p.operandRef()
		p.expect(":")
		st.Operands = []*Value{p.resolve(ref, p.parseType())}
	}
	p.optionalAttrDictWithKeyword(st)
	st.Regions = []*Region{p.parseRegion(nil)}
}

func printWithPDLPatterns(p *printer, op *Operation) bool {
	if len(op.operands) > 1 || len(op.results) != 0 || len(op.Regions) != 1 {
		return false
	}
	p.w("transform.with_pdl_patterns")
	if len(op.operands) == 1 {
		p.w(" ")
		p.value(op.operands[0])
		p.w(" : ")
		p.typ(op.operands[0].typ)
	}
	p.attrDictWithKeyword(op)
	p.w(" ")
	p.region(op.Regions[0], true)
	return true
}

// transform.structured.tile_using_for %target tile_sizes [size, ...]
// attr-dict : functional-type(operands, results); a size is an integer
// or a value (a dynamic size), either in brackets when scalable.
func parseTileUsingFor(p *parser, st *OpState) {
	target := p.operandRef()
	refs := []operandRef{target}
	p.expectKeyword("tile_sizes")
	var static []int64
	var scalable []bool
	p.delimited("[", "]", func() {
		inner := p.accept("[")
		if p.isOperand() {
			refs = append(refs, p.operandRef())
			static = append(static, Dynamic)
		} else {
			static = append(static, p.integer())
		}
		if inner {
			p.expect("]")
		}
		scalable = append(scalable, inner)
	})
	st.AddProp("static_sizes", I64Array(static))
	flags := make([]string, len(scalable))
	for i, b := range scalable {
		flags[i] = strconv.FormatBool(b)
	}
	st.AddProp("scalable_sizes", &DenseArrayAttr{Elem: I1, Values: flags})
	at := p.pos()
	p.attrDictColonFunctionType(st, refs, at)
}

func printTileUsingFor(p *printer, op *Operation) bool {
	sizes, ok := staticArray(op, "static_sizes")
	if !ok || len(op.operands) == 0 || len(op.Regions) != 0 {
		return false
	}
	scalable := make([]bool, len(sizes))
	if a := op.Prop("scalable_sizes"); a != nil {
		s, ok := a.(*DenseArrayAttr)
		if !ok || len(s.Values) != len(sizes) {
			return false
		}
		for i, v := range s.Values {
			scalable[i] = v == "true" || v == "1"
		}
	}
	dynamic := op.operands[1:]
	if countDynamic(sizes) != len(dynamic) {
		return false
	}
	p.w("transform.structured.tile_using_for ")
	p.value(op.operands[0])
	p.w(" tile_sizes ")
	p.scalableIndexList("[", "]", sizes, dynamic, scalable)
	p.attrDictColonFunctionType(op, "static_sizes", "scalable_sizes")
	return true
}
