package ir

import (
	"slices"
	"strings"
)

// Custom syntax of the memref dialect.

var memrefKind = shapedKind{memrefElementType, "'memref' must be memref of any type values, but got '%s'"}

func init() {
	register("memref.alloc", allocSyntax("memref.alloc"))
	register("memref.alloca", allocSyntax("memref.alloca"))
	register("memref.cast", (&castOp{}).syntax())
	register("memref.memory_space_cast", (&castOp{}).syntax())
	register("memref.dealloc", operandColonTypeSyntax("memref.dealloc"))
	register("memref.rank", operandColonTypeSyntax("memref.rank", Index))
	register("memref.extract_strided_metadata", sourceToResultsSyntax("memref.extract_strided_metadata"))
	register("memref.extract_aligned_pointer_as_index", sourceToResultsSyntax("memref.extract_aligned_pointer_as_index"))
	register("memref.alloca_scope.return", yieldSyntax("memref.alloca_scope.return"))
	load := elementReadSyntax("memref.load", memrefKind)
	load.Inherent = []string{"nontemporal", "alignment"}
	register("memref.load", load)
	store := elementWriteSyntax("memref.store", memrefKind, false)
	store.Inherent = []string{"nontemporal", "alignment"}
	register("memref.store", store)
	register("memref.copy", &opSyntax{Parse: parseCopy, Print: printCopy})
	register("memref.dim", dimSyntax("memref.dim"))
	register("memref.realloc", &opSyntax{Inherent: []string{"alignment"}, Parse: parseRealloc, Print: printRealloc})
	register("memref.subview", extractSliceSyntax("memref.subview"))
	register("memref.reinterpret_cast", &opSyntax{Parse: parseReinterpretCast, Print: printReinterpretCast})
	register("memref.collapse_shape", reassociationSyntax("memref.collapse_shape", false))
	register("memref.expand_shape", reassociationSyntax("memref.expand_shape", true))
	register("memref.view", &opSyntax{Parse: parseView, Print: printView})
	register("memref.reshape", reshapeSyntax("memref.reshape"))
	register("memref.transpose", &opSyntax{Parse: parseTranspose, Print: printTranspose})
	register("memref.assume_alignment", &opSyntax{Parse: parseAssumeAlignment, Print: printAssumeAlignment})
	register("memref.get_global", &opSyntax{Inherent: []string{"name"}, Parse: parseGetGlobal, Print: printGetGlobal})
	register("memref.global", &opSyntax{Inherent: globalProps, Parse: parseGlobal, Print: printGlobal})
	register("memref.atomic_rmw", &opSyntax{Parse: parseAtomicRMW, Print: printAtomicRMW})
	register("memref.generic_atomic_rmw", &opSyntax{Parse: parseGenericAtomicRMW, Print: printGenericAtomicRMW})
	register("memref.atomic_yield", asTerminator(operandColonTypeSyntax("memref.atomic_yield")))
	register("memref.alloca_scope", &opSyntax{Parse: parseAllocaScope, Print: printAllocaScope})
	register("memref.prefetch", &opSyntax{Parse: parsePrefetch, Print: printPrefetch})
	register("memref.dma_start", &opSyntax{Parse: parseDmaStart, Print: printDmaStart})
	register("memref.dma_wait", &opSyntax{Parse: parseDmaWait, Print: printDmaWait})
}

// --- shared pieces ---

// memrefElementType returns the element type of a ranked or unranked
// memref.
func memrefElementType(t Type) (Type, bool) {
	switch t := t.(type) {
	case *MemRefType:
		return t.Elem, true
	case *UnrankedMemRefType:
		return t.Elem, true
	}
	return nil, false
}

// sourceToResultsSyntax is `op %m : type -> result types attr-dict`.
func sourceToResultsSyntax(name string) *opSyntax {
	return &opSyntax{
		Parse: func(p *parser, st *OpState) {
			m := p.operandRef()
			p.expect(":")
			st.Operands = []*Value{p.resolve(m, p.parseType())}
			p.expect("->")
			st.ResultTypes = p.parseTypeList()
			p.optionalAttrDict(st)
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 1 || len(op.results) == 0 {
				return false
			}
			p.w(name + " ")
			p.value(op.operands[0])
			p.w(" : ")
			p.typ(op.operands[0].typ)
			p.w(" -> ")
			p.valueTypes(op.results)
			p.attrDict(op)
			return true
		},
	}
}

// --- allocation ---

// allocSyntax is `op(%dynamic sizes)[%symbols] attr-dict : type` of alloc
// and alloca.
func allocSyntax(name string) *opSyntax {
	return &opSyntax{
		Inherent: []string{"alignment"},
		Parse: func(p *parser, st *OpState) {
			p.expect("(")
			sizes := p.resolveAllAs(p.operandRefs(), Index)
			p.expect(")")
			var symbols []*Value
			if p.is("[") {
				symbols = p.bracketedIndices()
			}
			st.ResultTypes = []Type{p.attrDictColonType(st)}
			st.Operands = append(sizes, symbols...)
			p.setSegments(st, len(sizes), len(symbols))
		},
		Print: func(p *printer, op *Operation) bool {
			segs := segments(op)
			if len(segs) != 2 || len(op.results) != 1 || !allIndex(op.operands) {
				return false
			}
			p.w(name + "(")
			p.values(segs[0])
			p.w(")")
			if len(segs[1]) > 0 {
				p.bracketedValues(segs[1])
			}
			p.attrDictColonType(op, op.results[0].typ)
			return true
		},
	}
}

func parseRealloc(p *parser, st *OpState) {
	src := p.operandRef()
	var size []*Value
	if p.accept("(") {
		size = []*Value{p.resolve(p.operandRef(), Index)}
		p.expect(")")
	}
	srcType, resType := p.attrDictTypePair(st, "to")
	st.ResultTypes = []Type{resType}
	st.Operands = append([]*Value{p.resolve(src, srcType)}, size...)
}

func printRealloc(p *printer, op *Operation) bool {
	if len(op.operands) < 1 || len(op.operands) > 2 || len(op.results) != 1 || !allIndex(op.operands[1:]) {
		return false
	}
	p.w("memref.realloc ")
	p.value(op.operands[0])
	if len(op.operands) == 2 {
		p.w("(")
		p.value(op.operands[1])
		p.w(")")
	}
	p.attrDictTypePair(op, op.operands[0].typ, "to", op.results[0].typ)
	return true
}

// allocaScopeReturn is the terminator memref.alloca_scope's parser adds.
var allocaScopeReturn = impliedTerminator{"memref.alloca_scope.return", 0}

func parseAllocaScope(p *parser, st *OpState) {
	p.resultsAndBody(st, allocaScopeReturn)
}

func printAllocaScope(p *printer, op *Operation) bool {
	if len(op.Regions) != 1 || len(op.operands) != 0 || !noEntryArgs(op.Regions[0]) {
		return false
	}
	p.w("memref.alloca_scope")
	p.parenResultTypes(op)
	p.w(" ")
	if !p.impliedTerminatorRegion(op.Regions[0], allocaScopeReturn, len(op.results) == 0) {
		return false
	}
	p.attrDict(op)
	return true
}

// --- atomic updates ---

// atomicRMWKinds are the names of MLIR's AtomicRMWKind enum, indexed by
// the value stored in the kind property.
var atomicRMWKinds = []string{"addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu",
	"minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori"}

func parseAtomicRMW(p *parser, st *OpState) {
	at := p.pos()
	var kind string
	if p.tok.kind == tString {
		kind = p.parseAttrNoType().(*StringAttr).Value
	} else {
		kind = p.keyword()
	}
	k := slices.Index(atomicRMWKinds, kind)
	if k < 0 {
		p.failAt(at, "expected one of [%s] for attribute 'kind'", strings.Join(atomicRMWKinds, ", "))
	}
	st.AddProp("kind", IntAttr(int64(k), I64))
	v := p.operandRef()
	p.expect(",")
	m := p.operandRef()
	indices := p.bracketedIndices()
	p.optionalAttrDict(st)
	p.expect(":")
	at = p.pos()
	fn := p.functionTypeAt()
	if len(fn.Inputs) != 2 || len(fn.Results) != 1 {
		p.failAt(at, "expected `(value type, memref type) -> result type`")
	}
	st.Operands = append([]*Value{p.resolve(v, fn.Inputs[0]), p.resolve(m, fn.Inputs[1])}, indices...)
	st.ResultTypes = fn.Results
}

func printAtomicRMW(p *printer, op *Operation) bool {
	kind, ok := op.Prop("kind").(*IntegerAttr)
	if !ok || len(op.operands) < 2 || len(op.results) != 1 || !allIndex(op.operands[2:]) {
		return false
	}
	k, ok := kind.Int64()
	if !ok || k < 0 || k >= int64(len(atomicRMWKinds)) {
		return false
	}
	p.w("memref.atomic_rmw ")
	p.w(atomicRMWKinds[k])
	p.w(" ")
	p.value(op.operands[0])
	p.w(", ")
	p.value(op.operands[1])
	p.bracketedValues(op.operands[2:])
	p.attrDict(op, "kind")
	p.w(" : (")
	p.valueTypes(op.operands[:2])
	p.w(") -> ")
	p.typ(op.results[0].typ)
	return true
}

func parseGenericAtomicRMW(p *parser, st *OpState) {
	m := p.operandRef()
	indices := p.bracketedIndices()
	p.expect(":")
	t, elem := p.parseTypeOf(memrefKind)
	st.Operands = append([]*Value{p.resolve(m, t)}, indices...)
	st.Regions = []*Region{p.parseRegion(nil)}
	p.optionalAttrDict(st)
	st.ResultTypes = []Type{elem}
}

func printGenericAtomicRMW(p *printer, op *Operation) bool {
	if len(op.operands) < 1 || len(op.Regions) != 1 || !allIndex(op.operands[1:]) {
		return false
	}
	m := op.operands[0]
	if elem, ok := memrefElementType(m.typ); !ok || !singleResultOfType(op, elem) {
		return false
	}
	p.w("memref.generic_atomic_rmw ")
	p.value(m)
	p.bracketedValues(op.operands[1:])
	p.w(" : ")
	p.typ(m.typ)
	p.w(" ")
	p.region(op.Regions[0], true)
	p.attrDict(op)
	return true
}

var prefetchProps = []string{"isWrite", "localityHint", "isDataCache"}

func parsePrefetch(p *parser, st *OpState) {
	m := p.operandRef()
	indices := p.bracketedIndices()
	p.expect(",")
	st.AddProp("isWrite", BoolAttr{p.boolKeyword("read", "write", "rw specifier has to be 'read' or 'write'")})
	p.expect(",")
	p.expectKeyword("locality")
	p.expect("<")
	st.AddProp("localityHint", IntAttr(p.integer(), I32))
	p.expect(">")
	p.expect(",")
	st.AddProp("isDataCache", BoolAttr{p.boolKeyword("instr", "data", "cache type has to be 'data' or 'instr'")})
	p.expect(":")
	st.Operands = append([]*Value{p.resolve(m, p.parseType())}, indices...)
}

func printPrefetch(p *printer, op *Operation) bool {
	write, ok1 := op.Prop("isWrite").(BoolAttr)
	data, ok2 := op.Prop("isDataCache").(BoolAttr)
	hint, ok3 := op.Prop("localityHint").(*IntegerAttr)
	if !ok1 || !ok2 || !ok3 || !TypesEqual(hint.Type, I32) || len(op.operands) < 1 || len(op.results) != 0 || !allIndex(op.operands[1:]) {
		return false
	}
	// MLIR's parser reads no attribute dictionary here.
	if len(otherAttrs(op, prefetchProps)) > 0 {
		return false
	}
	p.w("memref.prefetch ")
	p.value(op.operands[0])
	p.bracketedValues(op.operands[1:])
	if write.Value {
		p.w(", write")
	} else {
		p.w(", read")
	}
	p.w(", locality<")
	p.w(hint.Text)
	if data.Value {
		p.w(">, data")
	} else {
		p.w(">, instr")
	}
	p.w(" : ")
	p.typ(op.operands[0].typ)
	return true
}

// --- DMA ---

// memref.dma_start %src[%i...], %dst[%j...], %n, %tag[%k...] (, %stride,
// %perStride)? : srcType, dstType, tagType. Its operands are one flat
// list: each memref's indices are as many as its rank. MLIR prints
// attributes before the colon but does not read them back: an op with
// any prints in the generic form.
func parseDmaStart(p *parser, st *OpState) {
	src := p.operandRef()
	srcIdx := p.bracketedIndices()
	p.expect(",")
	dst := p.operandRef()
	dstIdx := p.bracketedIndices()
	p.expect(",")
	n := p.resolve(p.operandRef(), Index)
	p.expect(",")
	tag := p.operandRef()
	tagIdx := p.bracketedIndices()
	var strides []*Value
	if p.accept(",") {
		strides = append(strides, p.resolve(p.operandRef(), Index))
		p.expect(",")
		strides = append(strides, p.resolve(p.operandRef(), Index))
	}
	p.expect(":") // MLIR's parser reads no attribute dictionary here
	srcType := p.parseType()
	p.expect(",")
	dstType := p.parseType()
	p.expect(",")
	tagType := p.parseType()
	st.Operands = slices.Concat([]*Value{p.resolve(src, srcType)}, srcIdx, []*Value{p.resolve(dst, dstType)}, dstIdx,
		[]*Value{n, p.resolve(tag, tagType)}, tagIdx, strides)
}

func printDmaStart(p *printer, op *Operation) bool {
	rest := op.operands
	// take splits off the next memref operand and its indices.
	take := func() ([]*Value, bool) {
		if len(rest) == 0 {
			return nil, false
		}
		m, ok := rest[0].typ.(*MemRefType)
		if !ok || len(rest) < 1+len(m.Shape) {
			return nil, false
		}
		part := rest[:1+len(m.Shape)]
		rest = rest[1+len(m.Shape):]
		return part, true
	}
	src, ok1 := take()
	dst, ok2 := take()
	if !ok1 || !ok2 || len(rest) == 0 {
		return false
	}
	n := rest[0]
	rest = rest[1:]
	tag, ok3 := take()
	strides := rest
	if !ok3 || len(op.results) != 0 || len(strides) != 0 && len(strides) != 2 || len(otherAttrs(op, nil)) > 0 ||
		!allIndex(slices.Concat(src[1:], dst[1:], []*Value{n}, tag[1:], strides)) {
		return false
	}
	p.w("memref.dma_start ")
	for _, part := range [][]*Value{src, dst} {
		p.value(part[0])
		p.bracketedValues(part[1:])
		p.w(", ")
	}
	p.value(n)
	p.w(", ")
	p.value(tag[0])
	p.bracketedValues(tag[1:])
	for _, v := range strides {
		p.w(", ")
		p.value(v)
	}
	p.w(" : ")
	for i, part := range [][]*Value{src, dst, tag} {
		if i > 0 {
			p.w(", ")
		}
		p.typ(part[0].typ)
	}
	return true
}

// memref.dma_wait %tag[%k...], %n attr-dict : tagType.
func parseDmaWait(p *parser, st *OpState) {
	tag := p.operandRef()
	tagIdx := p.bracketedIndices()
	p.expect(",")
	n := p.resolve(p.operandRef(), Index)
	p.optionalAttrDict(st)
	p.expect(":")
	st.Operands = slices.Concat([]*Value{p.resolve(tag, p.parseType())}, tagIdx, []*Value{n})
}

func printDmaWait(p *printer, op *Operation) bool {
	ops := op.operands
	if len(ops) < 2 || len(op.results) != 0 {
		return false
	}
	tag, ok := ops[0].typ.(*MemRefType)
	if !ok || len(ops) != 2+len(tag.Shape) || !allIndex(ops[1:]) {
		return false
	}
	p.w("memref.dma_wait ")
	p.value(ops[0])
	p.bracketedValues(ops[1 : len(ops)-1])
	p.w(", ")
	p.value(ops[len(ops)-1])
	p.attrDict(op)
	p.w(" : ")
	p.typ(ops[0].typ)
	return true
}

// --- copies and queries ---

func parseCopy(p *parser, st *OpState) {
	src := p.operandRef()
	p.expect(",")
	dst := p.operandRef()
	srcType, dstType := p.attrDictTypePair(st, "to")
	st.Operands = []*Value{p.resolve(src, srcType), p.resolve(dst, dstType)}
}

func printCopy(p *printer, op *Operation) bool {
	if len(op.operands) != 2 || len(op.results) != 0 {
		return false
	}
	p.w("memref.copy ")
	p.values(op.operands)
	p.attrDictTypePair(op, op.operands[0].typ, "to", op.operands[1].typ)
	return true
}

// --- views ---

// reinterpretCastLists are the keywords of reinterpret_cast's three mixed
// lists, in operand segment order.
var reinterpretCastLists = []string{"offset", "sizes", "strides"}

func parseReinterpretCast(p *parser, st *OpState) {
	src := p.operandRef()
	p.expectKeyword("to")
	var s sliceTriple
	for i, kw := range reinterpretCastLists {
		if i > 0 {
			p.expect(",")
		}
		p.expectKeyword(kw)
		p.expect(":")
		switch i {
		case 0:
			s.offsets, s.dynOffsets = p.dynamicIndexList()
		case 1:
			s.sizes, s.dynSizes = p.dynamicIndexList()
		case 2:
			s.strides, s.dynStrides = p.dynamicIndexList()
		}
	}
	p.endSliceOf(st, src, s)
}

func printReinterpretCast(p *printer, op *Operation) bool {
	src, s, ok := sliceOf(op)
	if !ok {
		return false
	}
	p.w("memref.reinterpret_cast ")
	p.value(src)
	p.w(" to offset: ")
	p.dynamicIndexList(s.offsets, s.dynOffsets)
	p.w(", sizes: ")
	p.dynamicIndexList(s.sizes, s.dynSizes)
	p.w(", strides: ")
	p.dynamicIndexList(s.strides, s.dynStrides)
	p.attrDictTypePair(op, src.typ, "to", op.results[0].typ, sliceProps...)
	return true
}

func parseView(p *parser, st *OpState) {
	src := p.operandRef()
	p.expect("[")
	shift := p.resolve(p.operandRef(), Index)
	p.expect("]")
	sizes := p.bracketedIndices()
	srcType, resType := p.attrDictTypePair(st, "to")
	st.ResultTypes = []Type{resType}
	st.Operands = append([]*Value{p.resolve(src, srcType), shift}, sizes...)
}

func printView(p *printer, op *Operation) bool {
	if len(op.operands) < 2 || len(op.results) != 1 || !allIndex(op.operands[1:]) {
		return false
	}
	p.w("memref.view ")
	p.value(op.operands[0])
	p.bracketedValues(op.operands[1:2])
	p.bracketedValues(op.operands[2:])
	p.attrDictTypePair(op, op.operands[0].typ, "to", op.results[0].typ)
	return true
}

// memref.transpose writes its permutation as a bare affine map,
// `(d0, d1) -> (d1, d0)`.
func parseTranspose(p *parser, st *OpState) {
	src := p.operandRef()
	start := p.tok.start
	if !p.is("(") {
		p.fail("expected '(' in dimensional identifier list")
	}
	p.skipBalanced()
	if p.is("[") {
		p.skipBalanced()
	}
	p.expect("->")
	if !p.is("(") {
		p.fail("expected '(' at start of affine map range")
	}
	p.skipBalanced()
	st.AddProp("permutation", &OpaqueAttr{Text: "affine_map<" + string(p.src[start:p.lastEnd()]) + ">"})
	srcType, resType := p.attrDictTypePair(st, "to")
	st.ResultTypes = []Type{resType}
	st.Operands = []*Value{p.resolve(src, srcType)}
}

func printTranspose(p *printer, op *Operation) bool {
	perm, ok := op.Prop("permutation").(*OpaqueAttr)
	if !ok || !strings.HasPrefix(perm.Text, "affine_map<") || !strings.HasSuffix(perm.Text, ">") ||
		len(op.operands) != 1 || len(op.results) != 1 {
		return false
	}
	p.w("memref.transpose ")
	p.value(op.operands[0])
	p.w(" ")
	p.w(perm.Text[len("affine_map<") : len(perm.Text)-1])
	p.attrDictTypePair(op, op.operands[0].typ, "to", op.results[0].typ, "permutation")
	return true
}

func parseAssumeAlignment(p *parser, st *OpState) {
	m := p.operandRef()
	p.expect(",")
	st.AddProp("alignment", IntAttr(p.integer(), I32))
	t := p.attrDictColonType(st)
	st.Operands = []*Value{p.resolve(m, t)}
	st.ResultTypes = []Type{t}
}

func printAssumeAlignment(p *printer, op *Operation) bool {
	align, ok := op.Prop("alignment").(*IntegerAttr)
	if !ok || !TypesEqual(align.Type, I32) || len(op.operands) != 1 || !singleResultOfType(op, op.operands[0].typ) {
		return false
	}
	p.w("memref.assume_alignment ")
	p.value(op.operands[0])
	p.w(", ")
	p.w(align.Text)
	p.attrDictColonType(op, op.operands[0].typ, "alignment")
	return true
}

// --- globals ---

var globalProps = []string{"sym_name", "sym_visibility", "type", "initial_value", "constant", "alignment"}

// globalTensorType is the type of a global's initial value: the tensor of
// the memref's shape and element type.
func globalTensorType(m *MemRefType) *TensorType {
	return &TensorType{Shape: m.Shape, Elem: m.Elem}
}

func parseGlobal(p *parser, st *OpState) {
	if p.tok.kind == tString {
		st.AddProp("sym_visibility", p.parseAttrNoType())
	}
	parseUnitFlags(p, st, "constant")
	st.AddProp("sym_name", Str(p.symbolName()))
	p.expect(":")
	at := p.pos()
	t := p.parseType()
	m, ok := t.(*MemRefType)
	if !ok {
		p.failAt(at, "type should be static shaped memref, but got '%s'", t)
	}
	st.AddProp("type", &TypeAttr{Type: m})
	if p.accept("=") {
		st.AddProp("initial_value", p.globalInitialValue(m))
	}
	p.optionalAttrDict(st)
}

// globalInitialValue parses `uninitialized` or an elements literal whose
// type, left out, is the tensor form of the memref type m.
func (p *parser) globalInitialValue(m *MemRefType) Attribute {
	if p.acceptKeyword("uninitialized") {
		return UnitAttr{}
	}
	at := p.pos()
	tensor := globalTensorType(m)
	switch a := p.parseAttrNoType().(type) {
	case *DenseElementsAttr:
		return &DenseElementsAttr{Body: a.Body, Type: tensor}
	case *OpaqueAttr:
		if strings.HasPrefix(a.Text, "dense_resource<") || strings.HasPrefix(a.Text, "sparse<") {
			return &OpaqueAttr{Text: a.Text + " : " + tensor.String()}
		}
	}
	p.failAt(at, "initial value should be a unit or elements attribute")
	return nil
}

func printGlobal(p *printer, op *Operation) bool {
	name, ok1 := op.Prop("sym_name").(*StringAttr)
	ta, ok2 := op.Prop("type").(*TypeAttr)
	if !ok1 || !ok2 || len(op.operands) != 0 || len(op.results) != 0 || len(op.Regions) != 0 {
		return false
	}
	m, ok := ta.Type.(*MemRefType)
	if !ok {
		return false
	}
	p.w("memref.global")
	switch vis := op.Prop("sym_visibility").(type) {
	case nil:
	case *StringAttr:
		p.w(" ")
		p.attr(vis)
	default:
		return false
	}
	if !printUnitFlags(p, op, "constant") {
		return false
	}
	p.w(" ")
	p.symbol(name.Value)
	p.w(" : ")
	p.typ(m)
	if init := op.Prop("initial_value"); init != nil {
		text, ok := globalInitialValueText(init, globalTensorType(m))
		if !ok {
			return false
		}
		p.w(" = ")
		p.w(text)
	}
	p.attrDict(op, "sym_name", "sym_visibility", "type", "initial_value", "constant")
	return true
}

// globalInitialValueText spells an initial value without its type, which
// must be the tensor type derived from the global's memref type.
func globalInitialValueText(a Attribute, tensor *TensorType) (string, bool) {
	switch a := a.(type) {
	case UnitAttr:
		return "uninitialized", true
	case *DenseElementsAttr:
		return "dense<" + a.Body + ">", a.Type != nil && TypesEqual(a.Type, tensor)
	case *OpaqueAttr:
		i := strings.LastIndexByte(a.Text, ':')
		if i < 0 || strings.TrimSpace(a.Text[i+1:]) != tensor.String() {
			return "", false
		}
		return strings.TrimSpace(a.Text[:i]), true
	}
	return "", false
}

func parseGetGlobal(p *parser, st *OpState) {
	st.AddProp("name", p.parseSymbolRef())
	p.expect(":")
	st.ResultTypes = []Type{p.parseType()}
	p.optionalAttrDict(st)
}

func printGetGlobal(p *printer, op *Operation) bool {
	name, ok := op.Prop("name").(*SymbolRefAttr)
	if !ok || len(name.Nested) > 0 || len(op.operands) != 0 || len(op.results) != 1 {
		return false
	}
	p.w("memref.get_global ")
	p.attr(name)
	p.w(" : ")
	p.typ(op.results[0].typ)
	p.attrDict(op, "name")
	return true
}
