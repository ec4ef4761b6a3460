package ir

import (
	"slices"
	"strconv"
	"strings"
)

// Custom syntax of the vector dialect; the ops declared with an assembly
// format that programs on tensors use are rows of vectorOps (format.go
// interprets them).

// vectorOps are the vector ops whose syntax is declarative.
var vectorOps = []*declOp{
	declare("vector.gather", "base, offsets*:index, indices, mask, pass_thru, @alignment?:any -> result",
		"$base `[` $offsets `]` `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($indices) `,` type($mask) `,` type($pass_thru) `into` type($result)"),
	declare("vector.scatter", "base, offsets*:index, indices, mask, valueToStore, @alignment?:any -> result?",
		"$base `[` $offsets `]` `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($indices) `,` type($mask) `,` type($valueToStore) (`->` type($result)^)?"),
}

func init() {
	register("vector.transfer_read", &opSyntax{
		Inherent: []string{"permutation_map", "in_bounds"},
		Parse:    parseTransferRead,
		Print:    printTransferRead,
	})
	register("vector.transfer_write", &opSyntax{
		Inherent: []string{"permutation_map", "in_bounds"},
		Parse:    parseTransferWrite,
		Print:    printTransferWrite,
	})
	register("vector.broadcast", (&castOp{}).syntax())
	register("vector.shape_cast", (&castOp{}).syntax())
	register("vector.fma", (&elementwise{arity: 3}).syntax())
	register("vector.extract", &opSyntax{Inherent: []string{"static_position"}, Parse: parseVectorExtract, Print: printVectorExtract})
	register("vector.insert", &opSyntax{Inherent: []string{"static_position"}, Parse: parseVectorInsert(true), Print: printVectorInsert(true)})
	register("vector.insert_strided_slice", &opSyntax{Inherent: []string{"offsets", "strides"}, Parse: parseVectorInsert(false), Print: printVectorInsert(false)})
	slice := (&castOp{}).syntax()
	slice.Inherent = []string{"offsets", "sizes", "strides"}
	register("vector.extract_strided_slice", slice)
	register("vector.reduction", &opSyntax{Inherent: []string{"kind", "fastmath"}, Parse: parseVectorReduction, Print: printVectorReduction})
	for _, d := range vectorOps {
		register(d.name, d.syntax())
	}
	register("vector.load", &opSyntax{Inherent: []string{"nontemporal", "alignment"}, Parse: parseVectorLoad, Print: printVectorLoad})
	register("vector.store", &opSyntax{Inherent: []string{"nontemporal", "alignment"}, Parse: parseVectorStore, Print: printVectorStore})
	register("vector.transpose", &opSyntax{Inherent: []string{"permutation"}, Parse: parseVectorTranspose, Print: printVectorTranspose})
	register("vector.from_elements", &opSyntax{Parse: parseFromElements, Print: printFromElements})
	register("vector.create_mask", &opSyntax{Parse: parseCreateMask, Print: printCreateMask})
	register("vector.constant_mask", &opSyntax{Inherent: []string{"mask_dim_sizes"}, Parse: parseConstantMask, Print: printConstantMask})
	register("vector.step", &opSyntax{Parse: parseVectorStep, Print: printVectorStep})
	register("vector.contract", &opSyntax{Inherent: contractTraits, Parse: parseVectorContract, Print: printVectorContract})
	register("vector.mask", &opSyntax{Parse: parseVectorMask, Print: printVectorMask})
	register("vector.yield", yieldSyntax("vector.yield"))
	register("vector.print", &opSyntax{Inherent: []string{"punctuation", "stringLiteral"}, Parse: parseVectorPrint, Print: printVectorPrint})
}

// --- transfer_read / transfer_write ---

// transferTypes holds the types of a transfer op: the memref or ranked
// tensor it accesses and the vector it reads or writes.
type transferTypes struct {
	shaped ShapedType
	vector *VectorType
}

// transferTypesOf checks that shaped is a memref or ranked tensor and vec
// a vector.
func transferTypesOf(shaped, vec Type) (transferTypes, string) {
	var tt transferTypes
	switch s := shaped.(type) {
	case *MemRefType:
		tt.shaped = s
	case *TensorType:
		tt.shaped = s
	default:
		return tt, "requires memref or ranked tensor type"
	}
	v, ok := vec.(*VectorType)
	if !ok {
		return tt, "requires vector type"
	}
	tt.vector = v
	return tt, ""
}

// minorIdentity returns the default permutation map of a transfer op: the
// identity on the innermost dimensions of the shaped type. ok is false
// when the vector has more dimensions than the shaped type.
func (tt transferTypes) minorIdentity() (string, bool) {
	n := len(tt.shaped.Dims())
	r := len(tt.vector.Shape)
	if ev, ok := tt.shaped.ElementType().(*VectorType); ok {
		r -= len(ev.Shape)
	}
	if r < 0 || r > n {
		return "", false
	}
	dims := make([]string, n)
	for i := range dims {
		dims[i] = "d" + strconv.Itoa(i)
	}
	return "affine_map<(" + strings.Join(dims, ", ") + ") -> (" + strings.Join(dims[n-r:], ", ") + ")>", true
}

// maskType returns the type of a transfer op's mask operand, which MLIR
// infers from the vector type and the permutation map: the vector shape
// with the map's permutation undone (broadcast dimensions dropped), as i1.
func (m affineMap) maskType(vec *VectorType) (*VectorType, bool) {
	if len(m.results) != len(vec.Shape) {
		return nil, false
	}
	first := map[string]int{} // dimension name -> first result using it
	for j, r := range m.results {
		if r == "0" {
			continue
		}
		if slices.Index(m.dims, r) < 0 {
			return nil, false
		}
		if _, seen := first[r]; !seen {
			first[r] = j
		}
	}
	t := &VectorType{Elem: I1}
	scalable := false
	for _, d := range m.dims {
		j, used := first[d]
		if !used {
			continue
		}
		t.Shape = append(t.Shape, vec.Shape[j])
		s := vec.Scalable != nil && vec.Scalable[j]
		t.Scalable = append(t.Scalable, s)
		scalable = scalable || s
	}
	if !scalable {
		t.Scalable = nil
	}
	if len(t.Shape) == 0 {
		t.Shape = []int64{1}
	}
	return t, true
}

// transferAttrs completes the permutation_map and in_bounds of a parsed
// transfer op with MLIR's defaults and returns the permutation map.
func (p *parser) transferAttrs(st *OpState, tt transferTypes, at Pos) (affineMap, bool) {
	var text string
	if a := st.Attrs.Get("permutation_map"); a != nil {
		text = a.String()
	} else {
		id, ok := tt.minorIdentity()
		if !ok {
			p.failAt(at, "expected a custom permutation_map when rank(source) != rank(destination)")
		}
		text = id
		st.AddProp("permutation_map", &OpaqueAttr{Text: id})
	}
	m, ok := parseAffineMapText(text)
	if st.Attrs.Get("in_bounds") == nil {
		if !ok {
			p.failAt(at, "cannot infer in_bounds for permutation map %s", text)
		}
		st.AddProp("in_bounds", &ArrayAttr{Elems: falses(len(m.results))})
	}
	return m, ok
}

func falses(n int) []Attribute {
	out := make([]Attribute, n)
	for i := range out {
		out[i] = BoolAttr{}
	}
	return out
}

// resolveMask resolves a transfer op's mask with its inferred type.
func (p *parser) resolveMask(ref operandRef, m affineMap, mapOK bool, vec *VectorType) *Value {
	t, ok := m.maskType(vec)
	if !mapOK || !ok {
		p.failAt(ref.pos, "cannot infer the mask type of this permutation map")
	}
	return p.resolve(ref, t)
}

// vector.transfer_read %src[%i, ...], %pad[, %mask] attr-dict : S, V
func parseTransferRead(p *parser, st *OpState) {
	src := p.operandRef()
	idx := p.bracketedIndices()
	p.expect(",")
	pad := p.operandRef()
	tt, mask := p.transferEnd(st, 1)
	st.Operands = concatValues([]*Value{p.resolve(src, tt.shaped)}, idx, []*Value{p.resolve(pad, tt.shaped.ElementType())}, mask)
	p.setSegments(st, 1, len(idx), 1, len(mask))
	st.ResultTypes = []Type{tt.vector}
}

// transferEnd parses `[, %mask] attr-dict : T1, T2`, the end of the
// transfer ops, whose vector type is at vectorIndex. It completes the
// properties with their defaults and returns the types and the mask, if
// any, resolved with its inferred type.
func (p *parser) transferEnd(st *OpState, vectorIndex int) (transferTypes, []*Value) {
	var maskRef *operandRef
	if p.accept(",") {
		m := p.operandRef()
		maskRef = &m
	}
	p.optionalAttrDict(st)
	tt := p.transferColonTypes(vectorIndex)
	m, mapOK := p.transferAttrs(st, tt, st.Pos)
	if maskRef == nil {
		return tt, nil
	}
	return tt, []*Value{p.resolveMask(*maskRef, m, mapOK, tt.vector)}
}

// transferColonTypes parses `: S, V` or, for vectorIndex 0, `: V, S`.
func (p *parser) transferColonTypes(vectorIndex int) transferTypes {
	p.expect(":")
	at := p.pos()
	types := p.parseTypeList()
	if len(types) != 2 {
		p.failAt(at, "requires two types")
	}
	tt, msg := transferTypesOf(types[1-vectorIndex], types[vectorIndex])
	if msg != "" {
		p.failAt(at, "%s", msg)
	}
	return tt
}

// vector.transfer_write %v, %dest[%i, ...][, %mask] attr-dict : V, S
func parseTransferWrite(p *parser, st *OpState) {
	vec := p.operandRef()
	p.expect(",")
	dest := p.operandRef()
	idx := p.bracketedIndices()
	tt, mask := p.transferEnd(st, 0)
	st.Operands = concatValues([]*Value{p.resolve(vec, tt.vector), p.resolve(dest, tt.shaped)}, idx, mask)
	p.setSegments(st, 1, 1, len(idx), len(mask))
	if _, isTensor := tt.shaped.(*TensorType); isTensor {
		st.ResultTypes = []Type{tt.shaped}
	}
}

// transferElided checks that a transfer op's operands have the types its
// custom form implies, and returns the properties the form can leave out
// because they have their default values.
func transferElided(op *Operation, tt transferTypes, indices, mask []*Value) ([]string, bool) {
	if !allIndex(indices) || len(mask) > 1 {
		return nil, false
	}
	perm := op.Prop("permutation_map")
	if perm == nil {
		return nil, false
	}
	m, mapOK := parseAffineMapText(perm.String())
	if len(mask) == 1 {
		t, ok := m.maskType(tt.vector)
		if !mapOK || !ok || !TypesEqual(t, mask[0].typ) {
			return nil, false
		}
	}
	var elided []string
	if id, ok := tt.minorIdentity(); ok && noSpaces(id) == noSpaces(perm.String()) {
		elided = append(elided, "permutation_map")
	}
	if b, ok := op.Prop("in_bounds").(*ArrayAttr); ok && mapOK && len(b.Elems) == len(m.results) && allFalse(b.Elems) {
		elided = append(elided, "in_bounds")
	}
	return elided, true
}

func allFalse(attrs []Attribute) bool {
	for _, a := range attrs {
		if b, ok := a.(BoolAttr); !ok || b.Value {
			return false
		}
	}
	return true
}

func printTransferRead(p *printer, op *Operation) bool {
	segs := segments(op)
	if len(segs) != 4 || len(segs[0]) != 1 || len(segs[2]) != 1 || len(op.results) != 1 {
		return false
	}
	tt, msg := transferTypesOf(segs[0][0].typ, op.results[0].typ)
	if msg != "" || !TypesEqual(segs[2][0].typ, tt.shaped.ElementType()) {
		return false
	}
	elided, ok := transferElided(op, tt, segs[1], segs[3])
	if !ok {
		return false
	}
	p.w("vector.transfer_read ")
	p.value(segs[0][0])
	p.bracketedValues(segs[1])
	p.w(", ")
	p.value(segs[2][0])
	p.transferEnd(op, segs[3], elided, tt.shaped, tt.vector)
	return true
}

// transferEnd prints `, %mask` if there is one, the attribute dictionary
// without the elided defaults and ` : t1, t2`.
func (p *printer) transferEnd(op *Operation, mask []*Value, elided []string, t1, t2 Type) {
	for _, m := range mask {
		p.w(", ")
		p.value(m)
	}
	p.attrDict(op, elided...)
	p.w(" : ")
	p.types([]Type{t1, t2})
}

func printTransferWrite(p *printer, op *Operation) bool {
	segs := segments(op)
	if len(segs) != 4 || len(segs[0]) != 1 || len(segs[1]) != 1 {
		return false
	}
	tt, msg := transferTypesOf(segs[1][0].typ, segs[0][0].typ)
	if msg != "" {
		return false
	}
	_, isTensor := tt.shaped.(*TensorType)
	if isTensor && !singleResultOfType(op, tt.shaped) || !isTensor && len(op.results) != 0 {
		return false
	}
	elided, ok := transferElided(op, tt, segs[2], segs[3])
	if !ok {
		return false
	}
	p.w("vector.transfer_write ")
	p.value(segs[0][0])
	p.w(", ")
	p.value(segs[1][0])
	p.bracketedValues(segs[2])
	p.transferEnd(op, segs[3], elided, tt.vector, tt.shaped)
	return true
}

// --- extract / insert ---

// vector.extract %v[%i, 2] attr-dict : R from V
func parseVectorExtract(p *parser, st *OpState) {
	src := p.operandRef()
	static, dyn := p.dynamicIndexList()
	res, srcType := p.attrDictTypePair(st, "from")
	st.Operands = append([]*Value{p.resolve(src, srcType)}, dyn...)
	st.ResultTypes = []Type{res}
	st.AddProp("static_position", p.i64Array(static))
}

func printVectorExtract(p *printer, op *Operation) bool {
	static, ok := staticArray(op, "static_position")
	if !ok || len(op.operands) == 0 || len(op.results) != 1 || countDynamic(static) != len(op.operands)-1 || !allIndex(op.operands[1:]) {
		return false
	}
	p.w("vector.extract ")
	p.value(op.operands[0])
	p.dynamicIndexList(static, op.operands[1:])
	p.attrDictTypePair(op, op.results[0].typ, "from", op.operands[0].typ, "static_position")
	return true
}

// parseVectorInsert returns the parser of `%v, %dest [pos] attr-dict : V
// into D` (vector.insert), or without the position list
// (vector.insert_strided_slice); the result has type D.
func parseVectorInsert(positioned bool) func(p *parser, st *OpState) {
	return func(p *parser, st *OpState) {
		at := p.pos()
		refs := p.operandList(2)
		var dyn []*Value
		if positioned {
			var static []int64
			static, dyn = p.dynamicIndexList()
			st.AddProp("static_position", p.i64Array(static))
		}
		v, dest := p.attrDictTypePair(st, "into")
		st.Operands = append(p.resolveAll(refs, []Type{v, dest}, at), dyn...)
		st.ResultTypes = []Type{dest}
	}
}

func printVectorInsert(positioned bool) func(p *printer, op *Operation) bool {
	return func(p *printer, op *Operation) bool {
		if len(op.operands) < 2 || len(op.results) != 1 || !TypesEqual(op.operands[1].typ, op.results[0].typ) {
			return false
		}
		var static []int64
		if positioned {
			var ok bool
			static, ok = staticArray(op, "static_position")
			if !ok || countDynamic(static) != len(op.operands)-2 || !allIndex(op.operands[2:]) {
				return false
			}
		} else if len(op.operands) != 2 {
			return false
		}
		p.w(op.Name + " ")
		p.values(op.operands[:2])
		if positioned {
			p.w(" ")
			p.dynamicIndexList(static, op.operands[2:])
		}
		p.attrDictTypePair(op, op.operands[0].typ, "into", op.results[0].typ, "static_position")
		return true
	}
}

// --- reduction, load, store, transpose ---

// vector.reduction <kind>, %v[, %acc] fastmath<...> attr-dict : V into R
func parseVectorReduction(p *parser, st *OpState) {
	p.expect("<")
	st.AddProp("kind", &OpaqueAttr{Text: "#vector.kind<" + p.keyword() + ">"})
	p.expect(">")
	p.expect(",")
	at := p.pos()
	refs := []operandRef{p.operandRef()}
	if p.accept(",") {
		refs = append(refs, p.operandRef())
	}
	fastmathFlags.parse(p, st)
	v, res := p.attrDictTypePair(st, "into")
	st.Operands = p.resolveAll(refs, []Type{v, res}[:len(refs)], at)
	st.ResultTypes = []Type{res}
}

func printVectorReduction(p *printer, op *Operation) bool {
	kind, ok := op.Prop("kind").(*OpaqueAttr)
	if !ok || !strings.HasPrefix(kind.Text, "#vector.kind<") || len(op.results) != 1 || len(op.operands) < 1 || len(op.operands) > 2 {
		return false
	}
	res := op.results[0].typ
	if len(op.operands) == 2 && !TypesEqual(op.operands[1].typ, res) {
		return false
	}
	p.w("vector.reduction " + strings.TrimPrefix(kind.Text, "#vector.kind") + ", ")
	p.values(op.operands)
	p.modifiers(op, []modifier{fastmathFlags}, "kind")
	p.w(" : ")
	p.typ(op.operands[0].typ)
	p.w(" into ")
	p.typ(res)
	return true
}

// vector.load %base[%i, ...] attr-dict : M, V
func parseVectorLoad(p *parser, st *OpState) {
	base := p.operandRef()
	idx := p.bracketedIndices()
	m := p.attrDictColonType(st)
	p.expect(",")
	st.ResultTypes = []Type{p.parseType()}
	st.Operands = append([]*Value{p.resolve(base, m)}, idx...)
}

func printVectorLoad(p *printer, op *Operation) bool {
	if len(op.operands) == 0 || len(op.results) != 1 || !allIndex(op.operands[1:]) {
		return false
	}
	p.w("vector.load ")
	p.value(op.operands[0])
	p.bracketedValues(op.operands[1:])
	p.attrDictColonType(op, op.operands[0].typ)
	p.w(", ")
	p.typ(op.results[0].typ)
	return true
}

// vector.store %v, %base[%i, ...] attr-dict : M, V
func parseVectorStore(p *parser, st *OpState) {
	at := p.pos()
	refs := p.operandList(2)
	idx := p.bracketedIndices()
	m := p.attrDictColonType(st)
	p.expect(",")
	v := p.parseType()
	st.Operands = append(p.resolveAll(refs, []Type{v, m}, at), idx...)
}

func printVectorStore(p *printer, op *Operation) bool {
	if len(op.operands) < 2 || len(op.results) != 0 || !allIndex(op.operands[2:]) {
		return false
	}
	p.w("vector.store ")
	p.values(op.operands[:2])
	p.bracketedValues(op.operands[2:])
	p.attrDictColonType(op, op.operands[1].typ)
	p.w(", ")
	p.typ(op.operands[0].typ)
	return true
}

// vector.transpose %v, [1, 0] attr-dict : V to R
func parseVectorTranspose(p *parser, st *OpState) {
	ref := p.operandRef()
	p.expect(",")
	st.AddProp("permutation", p.i64Array(p.integerList()))
	t, res := p.attrDictTypePair(st, "to")
	st.Operands = []*Value{p.resolve(ref, t)}
	st.ResultTypes = []Type{res}
}

func printVectorTranspose(p *printer, op *Operation) bool {
	perm, ok := staticArray(op, "permutation")
	if !ok || countDynamic(perm) != 0 || len(op.operands) != 1 || len(op.results) != 1 {
		return false
	}
	p.w("vector.transpose ")
	p.value(op.operands[0])
	p.w(", ")
	p.dynamicIndexList(perm, nil)
	p.attrDictTypePair(op, op.operands[0].typ, "to", op.results[0].typ, "permutation")
	return true
}

// --- vector construction ---

// vector.from_elements %a, %b attr-dict : V, the operands having V's
// element type.
func parseFromElements(p *parser, st *OpState) {
	refs := p.operandRefs()
	p.optionalAttrDict(st)
	p.expect(":")
	typeAt := p.pos()
	v, ok := p.parseType().(*VectorType)
	if !ok {
		p.failAt(typeAt, "expected vector type")
	}
	st.Operands = p.resolveAllAs(refs, v.Elem)
	st.ResultTypes = []Type{v}
}

func printFromElements(p *printer, op *Operation) bool {
	if len(op.results) != 1 {
		return false
	}
	v, ok := op.results[0].typ.(*VectorType)
	if !ok || !allOfType(op.operands, v.Elem) {
		return false
	}
	p.w("vector.from_elements ")
	p.values(op.operands)
	p.attrDictColonType(op, v)
	return true
}

// vector.create_mask %a, %b attr-dict : V, with index operands.
func parseCreateMask(p *parser, st *OpState) {
	st.Operands = p.resolveAllAs(p.operandRefs(), Index)
	st.ResultTypes = []Type{p.attrDictColonType(st)}
}

func printCreateMask(p *printer, op *Operation) bool {
	if len(op.results) != 1 || !allIndex(op.operands) {
		return false
	}
	p.w("vector.create_mask ")
	p.values(op.operands)
	p.attrDictColonType(op, op.results[0].typ)
	return true
}

// vector.constant_mask [3, 2] attr-dict : V
func parseConstantMask(p *parser, st *OpState) {
	st.AddProp("mask_dim_sizes", p.i64Array(p.integerList()))
	st.ResultTypes = []Type{p.attrDictColonType(st)}
}

func printConstantMask(p *printer, op *Operation) bool {
	sizes, ok := staticArray(op, "mask_dim_sizes")
	if !ok || countDynamic(sizes) != 0 || len(op.operands) != 0 || len(op.results) != 1 {
		return false
	}
	p.w("vector.constant_mask ")
	p.dynamicIndexList(sizes, nil)
	p.attrDictColonType(op, op.results[0].typ, "mask_dim_sizes")
	return true
}

// vector.step attr-dict : V
func parseVectorStep(p *parser, st *OpState) {
	st.ResultTypes = []Type{p.attrDictColonType(st)}
}

func printVectorStep(p *printer, op *Operation) bool {
	if len(op.operands) != 0 || len(op.results) != 1 {
		return false
	}
	p.w("vector.step")
	p.attrDictColonType(op, op.results[0].typ)
	return true
}

// vector.print [%v : T] [str "text"] [punctuation <kind>] attr-dict; the
// punctuation defaults to newline.
func parseVectorPrint(p *parser, st *OpState) {
	if p.isOperand() {
		ref := p.operandRef()
		p.expect(":")
		st.Operands = []*Value{p.resolve(ref, p.parseType())}
	}
	if p.acceptKeyword("str") {
		if p.tok.kind != tString {
			p.fail("expected string, found %s", p.describe())
		}
		st.AddProp("stringLiteral", p.parseAttrNoType())
	}
	punct := "newline"
	if p.acceptKeyword("punctuation") {
		p.expect("<")
		punct = p.keyword()
		p.expect(">")
	}
	st.AddProp("punctuation", &OpaqueAttr{Text: "#vector.punctuation<" + punct + ">"})
	p.optionalAttrDict(st)
}

func printVectorPrint(p *printer, op *Operation) bool {
	punct, ok := op.Prop("punctuation").(*OpaqueAttr)
	if !ok || !strings.HasPrefix(punct.Text, "#vector.punctuation<") || len(op.operands) > 1 || len(op.results) != 0 {
		return false
	}
	str, hasStr := op.Prop("stringLiteral").(*StringAttr)
	if op.Prop("stringLiteral") != nil && (!hasStr || str.Type != nil) {
		return false
	}
	p.w("vector.print")
	for _, v := range op.operands {
		p.w(" ")
		p.value(v)
		p.w(" : ")
		p.typ(v.typ)
	}
	if hasStr {
		p.w(" str ")
		p.attr(str)
	}
	if punct.Text != "#vector.punctuation<newline>" {
		p.w(" punctuation " + strings.TrimPrefix(punct.Text, "#vector.punctuation"))
	}
	p.attrDict(op, "punctuation", "stringLiteral")
	return true
}

// --- vector.contract ---

// contractTraits are vector.contract's properties, which its custom form
// writes in a dictionary before the operands.
var contractTraits = []string{"indexing_maps", "iterator_types", "kind"}

const vectorIteratorPrefix = "#vector.iterator_type<"

// vector.contract {indexing_maps = [...], iterator_types = ["parallel", ...],
// kind = #vector.kind<add>} %lhs, %rhs, %acc attr-dict : L, R into A; the
// kind is add when left out.
func parseVectorContract(p *parser, st *OpState) {
	at := p.pos()
	traits, ok := p.parseAttr().(*DictAttr)
	if !ok {
		p.failAt(at, "expected attribute dictionary")
	}
	for _, e := range traits.Entries {
		switch e.Name {
		case "iterator_types":
			st.AddProp(e.Name, p.iteratorEnums(at, e.Value, vectorIteratorPrefix))
		case "indexing_maps", "kind":
			st.AddProp(e.Name, e.Value)
		default:
			p.failAt(at, "unexpected attribute %s before the operands of vector.contract", e.Name)
		}
	}
	if st.Properties.Get("kind") == nil {
		st.AddProp("kind", &OpaqueAttr{Text: "#vector.kind<add>"})
	}
	refs := p.operandList(3)
	lhs, rhs := p.attrDictTypePair(st, ",")
	p.expectKeyword("into")
	acc := p.parseType()
	st.Operands = p.resolveAll(refs, []Type{lhs, rhs, acc}, at)
	st.ResultTypes = []Type{acc}
}

func printVectorContract(p *printer, op *Operation) bool {
	kind := op.Prop("kind")
	traits, ok := traitsOf(op, vectorIteratorPrefix)
	if !ok || kind == nil || len(op.operands) != 3 || !singleResultOfType(op, op.operands[2].typ) {
		return false
	}
	traits.Set("kind", kind)
	p.w("vector.contract ")
	p.attr(traits)
	p.w(" ")
	p.values(op.operands)
	p.attrDictColonType(op, op.operands[0].typ, contractTraits...)
	p.w(", ")
	p.typ(op.operands[1].typ)
	p.w(" into ")
	p.typ(op.operands[2].typ)
	return true
}

// --- vector.mask ---

// vector.mask %mask(, %passthru)? { maskable-op } attr-dict : M (-> T, ...)?
// The region holds one op, whose results an implied vector.yield yields,
// or the vector.yield alone.
func parseVectorMask(p *parser, st *OpState) {
	at := p.pos()
	refs := []operandRef{p.operandRef()}
	if p.accept(",") {
		refs = append(refs, p.operandRef())
	}
	body := p.parseRegion(nil)
	if len(body.blocks) == 0 {
		body.AddBlock()
	}
	b := body.blocks[0]
	if last := b.Terminator(); last == nil || last.Name != "vector.yield" {
		var results []*Value
		if last != nil {
			results = last.results
		}
		b.Append(NewOperation("vector.yield", results, nil))
	}
	st.Regions = []*Region{body}
	mask := p.attrDictColonType(st)
	st.ResultTypes = p.optionalArrowTypes()
	types := []Type{mask}
	if len(refs) == 2 {
		if len(st.ResultTypes) == 0 {
			p.failAt(at, "expects result type to match passthru type")
		}
		types = append(types, st.ResultTypes[0])
	}
	st.Operands = p.resolveAll(refs, types, at)
}

func printVectorMask(p *printer, op *Operation) bool {
	if len(op.operands) < 1 || len(op.operands) > 2 || len(op.Regions) != 1 || !singleBlockWithoutArgs(op.Regions[0]) {
		return false
	}
	ops := op.Regions[0].blocks[0].ops
	yield := ops[len(ops)-1:]
	if len(yield) == 0 || yield[0].Name != "vector.yield" || len(ops) > 2 {
		return false
	}
	inner := yield[0]
	if len(ops) == 2 {
		// The yield is implied: it must yield the masked op's results.
		inner = ops[0]
		if !slices.Equal(yield[0].operands, inner.results) || yield[0].Attrs.Len() != 0 || yield[0].Properties.Len() != 0 {
			return false
		}
	}
	p.w("vector.mask ")
	p.values(op.operands)
	p.w(" { ")
	p.opBody(inner)
	p.w(" }")
	p.attrDictColonType(op, op.operands[0].typ)
	if len(op.results) > 0 {
		p.w(" -> ")
		p.types(resultTypes(op))
	}
	return true
}
