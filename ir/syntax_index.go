package ir

import (
	"slices"
	"strings"
)

// Custom syntax of the index dialect: integer arithmetic on `index`
// values, which runtime verification and affine lowering emit. Every op
// but the casts has its types implied: operands and results are `index`,
// a comparison's result i1.

// indexCmpPredicates are index.cmp's predicates, in enum order; the
// property is spelled #index<cmp_predicate NAME>.
var indexCmpPredicates = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}

func init() {
	for _, name := range []string{"add", "sub", "mul", "divs", "divu", "ceildivs", "ceildivu", "floordivs", "rems", "remu",
		"maxs", "maxu", "mins", "minu", "shl", "shrs", "shru", "and", "or", "xor"} {
		register("index."+name, &opSyntax{Parse: parseIndexBinary, Print: printIndexBinary})
	}
	register("index.cmp", &opSyntax{Inherent: []string{"pred"}, Parse: parseIndexCmp, Print: printIndexCmp})
	register("index.constant", &opSyntax{Inherent: []string{"value"}, Parse: parseIndexConstant, Print: printIndexConstant})
	register("index.bool.constant", &opSyntax{Inherent: []string{"value"}, Parse: parseIndexBool, Print: printIndexBool})
	register("index.casts", &opSyntax{Parse: parseIndexCast, Print: printIndexCast})
	register("index.castu", &opSyntax{Parse: parseIndexCast, Print: printIndexCast})
	register("index.sizeof", &opSyntax{
		Parse: func(p *parser, st *OpState) { p.optionalAttrDict(st); st.ResultTypes = []Type{Index} },
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 0 || !singleResultOfType(op, Index) {
				return false
			}
			p.w(op.Name)
			p.attrDict(op)
			return true
		},
	})
}

// index.add %a, %b attr-dict
func parseIndexBinary(p *parser, st *OpState) {
	at := p.pos()
	refs := p.operandList(2)
	p.optionalAttrDict(st)
	st.Operands = p.resolveAll(refs, []Type{Index, Index}, at)
	st.ResultTypes = []Type{Index}
}

func printIndexBinary(p *printer, op *Operation) bool {
	if !indexOperands(op, 2) || !singleResultOfType(op, Index) {
		return false
	}
	p.w(op.Name + " ")
	p.values(op.operands)
	p.attrDict(op)
	return true
}

// indexOperands reports whether op has n operands, all of type index.
func indexOperands(op *Operation, n int) bool {
	return len(op.operands) == n && !slices.ContainsFunc(op.operands, func(v *Value) bool { return !TypesEqual(v.typ, Index) })
}

// index.cmp slt(%a, %b) attr-dict
func parseIndexCmp(p *parser, st *OpState) {
	at := p.pos()
	name := p.keyword()
	if !slices.Contains(indexCmpPredicates, name) {
		p.failAt(at, "expected ::mlir::index::IndexCmpPredicate to be one of: %s", strings.Join(indexCmpPredicates, ", "))
	}
	st.AddProp("pred", &OpaqueAttr{Text: "#index<cmp_predicate " + name + ">"})
	p.expect("(")
	refs := p.operandList(2)
	p.expect(")")
	p.optionalAttrDict(st)
	st.Operands = p.resolveAll(refs, []Type{Index, Index}, at)
	st.ResultTypes = []Type{I1}
}

func printIndexCmp(p *printer, op *Operation) bool {
	a, ok := op.Prop("pred").(*OpaqueAttr)
	if !ok || !indexOperands(op, 2) || !singleResultOfType(op, I1) {
		return false
	}
	name, ok := strings.CutPrefix(a.Text, "#index<cmp_predicate ")
	name, ok2 := strings.CutSuffix(name, ">")
	if !ok || !ok2 || !slices.Contains(indexCmpPredicates, name) {
		return false
	}
	p.w(op.Name + " " + name + "(")
	p.values(op.operands)
	p.w(")")
	p.attrDict(op, "pred")
	return true
}

// index.constant attr-dict 42
func parseIndexConstant(p *parser, st *OpState) {
	p.optionalAttrDict(st)
	st.AddProp("value", IntAttr(p.integer(), Index))
	st.ResultTypes = []Type{Index}
}

func printIndexConstant(p *printer, op *Operation) bool {
	a := op.Prop("value")
	v, ok := enumValue(a, Index)
	if a == nil || !ok || len(op.operands) != 0 || !singleResultOfType(op, Index) {
		return false
	}
	p.w(op.Name)
	p.attrDict(op, "value")
	p.w(" " + IntAttr(v, Index).Text)
	return true
}

// index.bool.constant attr-dict true
func parseIndexBool(p *parser, st *OpState) {
	p.optionalAttrDict(st)
	switch {
	case p.acceptKeyword("true"):
		st.AddProp("value", &BoolAttr{Value: true})
	case p.acceptKeyword("false"):
		st.AddProp("value", &BoolAttr{Value: false})
	default:
		p.fail("expected true or false, found %s", p.describe())
	}
	st.ResultTypes = []Type{I1}
}

func printIndexBool(p *printer, op *Operation) bool {
	a, ok := op.Prop("value").(*BoolAttr)
	if !ok || len(op.operands) != 0 || !singleResultOfType(op, I1) {
		return false
	}
	p.w(op.Name)
	p.attrDict(op, "value")
	if a.Value {
		p.w(" true")
	} else {
		p.w(" false")
	}
	return true
}

// index.casts %a attr-dict : i64 to index
func parseIndexCast(p *parser, st *OpState) {
	at := p.pos()
	ref := p.operandRef()
	from, to := p.attrDictTypePair(st, "to")
	st.Operands = p.resolveAll([]operandRef{ref}, []Type{from}, at)
	st.ResultTypes = []Type{to}
}

func printIndexCast(p *printer, op *Operation) bool {
	if len(op.operands) != 1 || len(op.results) != 1 {
		return false
	}
	p.w(op.Name + " ")
	p.values(op.operands)
	p.attrDictColonType(op, op.operands[0].typ)
	p.w(" to ")
	p.typ(op.results[0].typ)
	return true
}
