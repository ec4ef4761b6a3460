package ir

import (
	"slices"
	"strings"
)

// Custom syntax of the memref dialect.

func init() {
	register("memref.alloc", allocSyntax("memref.alloc"))
	register("memref.alloca", allocSyntax("memref.alloca"))
	register("memref.cast", operandToTypeSyntax("memref.cast"))
	register("memref.memory_space_cast", operandToTypeSyntax("memref.memory_space_cast"))
	register("memref.dealloc", memrefOperandSyntax("memref.dealloc", false))
	register("memref.rank", memrefOperandSyntax("memref.rank", true))
	register("memref.extract_strided_metadata", sourceToResultsSyntax("memref.extract_strided_metadata"))
	register("memref.extract_aligned_pointer_as_index", sourceToResultsSyntax("memref.extract_aligned_pointer_as_index"))
	register("memref.alloca_scope.return", yieldSyntax("memref.alloca_scope.return"))
	register("memref.load", &opSyntax{Inherent: []string{"nontemporal", "alignment"}, Parse: parseLoad, Print: printLoad})
	register("memref.store", &opSyntax{Inherent: []string{"nontemporal", "alignment"}, Parse: parseStore, Print: printStore})
	register("memref.copy", &opSyntax{Parse: parseCopy, Print: printCopy})
	register("memref.dim", &opSyntax{Parse: parseMemrefDim, Print: printMemrefDim})
	register("memref.realloc", &opSyntax{Inherent: []string{"alignment"}, Parse: parseRealloc, Print: printRealloc})
	register("memref.subview", &opSyntax{Parse: parseSubview, Print: printSubview})
	register("memref.reinterpret_cast", &opSyntax{Parse: parseReinterpretCast, Print: printReinterpretCast})
	register("memref.collapse_shape", &opSyntax{Parse: parseCollapseShape, Print: printCollapseShape})
	register("memref.expand_shape", &opSyntax{Parse: parseExpandShape, Print: printExpandShape})
	register("memref.view", &opSyntax{Parse: parseView, Print: printView})
	register("memref.reshape", &opSyntax{Parse: parseMemrefReshape, Print: printMemrefReshape})
	register("memref.transpose", &opSyntax{Parse: parseTranspose, Print: printTranspose})
	register("memref.assume_alignment", &opSyntax{Parse: parseAssumeAlignment, Print: printAssumeAlignment})
	register("memref.get_global", &opSyntax{Inherent: []string{"name"}, Parse: parseGetGlobal, Print: printGetGlobal})
	register("memref.global", &opSyntax{Inherent: globalProps, Parse: parseGlobal, Print: printGlobal})
	register("memref.atomic_rmw", &opSyntax{Parse: parseAtomicRMW, Print: printAtomicRMW})
	register("memref.generic_atomic_rmw", &opSyntax{Parse: parseGenericAtomicRMW, Print: printGenericAtomicRMW})
	register("memref.atomic_yield", &opSyntax{
		Terminator: true,
		Parse: func(p *parser, st *OpState) {
			v := p.operandRef()
			p.optionalAttrDict(st)
			p.expect(":")
			st.Operands = []*Value{p.resolve(v, p.parseType())}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 1 {
				return false
			}
			p.w("memref.atomic_yield ")
			p.value(op.operands[0])
			p.attrDict(op)
			p.w(" : ")
			p.typ(op.operands[0].typ)
			return true
		},
	})
	register("memref.alloca_scope", &opSyntax{Parse: parseAllocaScope, Print: printAllocaScope})
	register("memref.prefetch", &opSyntax{Parse: parsePrefetch, Print: printPrefetch})
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

// bracketedIndices parses `[%i, %j]`, index operands.
func (p *parser) bracketedIndices() []*Value {
	at := p.pos()
	p.expect("[")
	refs := p.operandRefs()
	p.expect("]")
	return p.resolveAll(refs, repeatType(Index, len(refs)), at)
}

// bracketedValues prints `[%i, %j]`.
func (p *printer) bracketedValues(vs []*Value) {
	p.w("[")
	p.values(vs)
	p.w("]")
}

// singleResultOfType reports whether op has one result, of type t.
func singleResultOfType(op *Operation, t Type) bool {
	return len(op.results) == 1 && TypesEqual(op.results[0].typ, t)
}

// memrefOperandSyntax is `op %m attr-dict : type`, with an index result
// for memref.rank.
func memrefOperandSyntax(name string, indexResult bool) *opSyntax {
	return &opSyntax{
		Parse: func(p *parser, st *OpState) {
			m := p.operandRef()
			p.optionalAttrDict(st)
			p.expect(":")
			st.Operands = []*Value{p.resolve(m, p.parseType())}
			if indexResult {
				st.ResultTypes = []Type{Index}
			}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 1 || indexResult && !singleResultOfType(op, Index) || !indexResult && len(op.results) != 0 {
				return false
			}
			p.w(name)
			p.w(" ")
			p.value(op.operands[0])
			p.attrDict(op)
			p.w(" : ")
			p.typ(op.operands[0].typ)
			return true
		},
	}
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
			p.w(name)
			p.w(" ")
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
			at := p.pos()
			p.expect("(")
			sizes := p.operandRefs()
			p.expect(")")
			var symbols []operandRef
			if p.accept("[") {
				symbols = p.operandRefs()
				p.expect("]")
			}
			p.optionalAttrDict(st)
			p.expect(":")
			st.ResultTypes = []Type{p.parseType()}
			st.Operands = p.resolveAll(append(sizes, symbols...), repeatType(Index, len(sizes)+len(symbols)), at)
			setSegments(st, len(sizes), len(symbols))
		},
		Print: func(p *printer, op *Operation) bool {
			segs := segments(op)
			if len(segs) != 2 || len(op.results) != 1 || !allIndex(op.operands) {
				return false
			}
			p.w(name)
			p.w("(")
			p.values(segs[0])
			p.w(")")
			if len(segs[1]) > 0 {
				p.bracketedValues(segs[1])
			}
			p.attrDict(op)
			p.w(" : ")
			p.typ(op.results[0].typ)
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
	p.optionalAttrDict(st)
	p.expect(":")
	srcType := p.parseType()
	p.expectKeyword("to")
	st.ResultTypes = []Type{p.parseType()}
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
	p.attrDict(op)
	p.w(" : ")
	p.typ(op.operands[0].typ)
	p.w(" to ")
	p.typ(op.results[0].typ)
	return true
}

func parseAllocaScope(p *parser, st *OpState) {
	st.ResultTypes = p.optionalArrowTypes()
	body := p.parseRegion(nil)
	allocaScopeReturn.ensureIn(body)
	st.Regions = []*Region{body}
	p.optionalAttrDict(st)
}

func printAllocaScope(p *printer, op *Operation) bool {
	if len(op.Regions) != 1 || len(op.operands) != 0 || len(op.Regions[0].blocks) > 0 && len(op.Regions[0].blocks[0].args) != 0 {
		return false
	}
	p.w("memref.alloca_scope")
	if len(op.results) > 0 {
		p.w(" -> (")
		p.valueTypes(op.results)
		p.w(")")
	}
	p.w(" ")
	if !p.impliedTerminatorRegion(op.Regions[0], allocaScopeReturn, len(op.results) == 0) {
		return false
	}
	p.attrDict(op)
	return true
}

// --- element access ---

func parseLoad(p *parser, st *OpState) {
	m := p.operandRef()
	indices := p.bracketedIndices()
	p.optionalAttrDict(st)
	p.expect(":")
	at := p.pos()
	t := p.parseType()
	elem, ok := memrefElementType(t)
	if !ok {
		p.failAt(at, "'memref' must be memref of any type values, but got '%s'", t)
	}
	st.Operands = append([]*Value{p.resolve(m, t)}, indices...)
	st.ResultTypes = []Type{elem}
}

func printLoad(p *printer, op *Operation) bool {
	if len(op.operands) < 1 || !allIndex(op.operands[1:]) {
		return false
	}
	m := op.operands[0]
	if elem, ok := memrefElementType(m.typ); !ok || !singleResultOfType(op, elem) {
		return false
	}
	p.w("memref.load ")
	p.value(m)
	p.bracketedValues(op.operands[1:])
	p.attrDict(op)
	p.w(" : ")
	p.typ(m.typ)
	return true
}

func parseStore(p *parser, st *OpState) {
	v := p.operandRef()
	p.expect(",")
	m := p.operandRef()
	indices := p.bracketedIndices()
	p.optionalAttrDict(st)
	p.expect(":")
	at := p.pos()
	t := p.parseType()
	elem, ok := memrefElementType(t)
	if !ok {
		p.failAt(at, "'memref' must be memref of any type values, but got '%s'", t)
	}
	st.Operands = append([]*Value{p.resolve(v, elem), p.resolve(m, t)}, indices...)
}

func printStore(p *printer, op *Operation) bool {
	if len(op.operands) < 2 || len(op.results) != 0 || !allIndex(op.operands[2:]) {
		return false
	}
	v, m := op.operands[0], op.operands[1]
	if elem, ok := memrefElementType(m.typ); !ok || !TypesEqual(elem, v.typ) {
		return false
	}
	p.w("memref.store ")
	p.value(v)
	p.w(", ")
	p.value(m)
	p.bracketedValues(op.operands[2:])
	p.attrDict(op)
	p.w(" : ")
	p.typ(m.typ)
	return true
}

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
	at := p.pos()
	t := p.parseType()
	elem, ok := memrefElementType(t)
	if !ok {
		p.failAt(at, "expected a memref type")
	}
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
	at := p.pos()
	switch p.keyword() {
	case "read":
		st.AddProp("isWrite", BoolAttr{false})
	case "write":
		st.AddProp("isWrite", BoolAttr{true})
	default:
		p.failAt(at, "rw specifier has to be 'read' or 'write'")
	}
	p.expect(",")
	p.expectKeyword("locality")
	p.expect("<")
	st.AddProp("localityHint", IntAttr(p.integer(), I32))
	p.expect(">")
	p.expect(",")
	at = p.pos()
	switch p.keyword() {
	case "data":
		st.AddProp("isDataCache", BoolAttr{true})
	case "instr":
		st.AddProp("isDataCache", BoolAttr{false})
	default:
		p.failAt(at, "cache type has to be 'data' or 'instr'")
	}
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

// --- copies and queries ---

func parseCopy(p *parser, st *OpState) {
	src := p.operandRef()
	p.expect(",")
	dst := p.operandRef()
	p.optionalAttrDict(st)
	p.expect(":")
	srcType := p.parseType()
	p.expectKeyword("to")
	st.Operands = []*Value{p.resolve(src, srcType), p.resolve(dst, p.parseType())}
}

func printCopy(p *printer, op *Operation) bool {
	if len(op.operands) != 2 || len(op.results) != 0 {
		return false
	}
	p.w("memref.copy ")
	p.values(op.operands)
	p.attrDict(op)
	p.w(" : ")
	p.typ(op.operands[0].typ)
	p.w(" to ")
	p.typ(op.operands[1].typ)
	return true
}

// memref.dim writes its attribute dictionary first.
func parseMemrefDim(p *parser, st *OpState) {
	p.optionalAttrDict(st)
	src := p.operandRef()
	p.expect(",")
	idx := p.operandRef()
	p.expect(":")
	st.Operands = []*Value{p.resolve(src, p.parseType()), p.resolve(idx, Index)}
	st.ResultTypes = []Type{Index}
}

func printMemrefDim(p *printer, op *Operation) bool {
	if len(op.operands) != 2 || !TypesEqual(op.operands[1].typ, Index) || !singleResultOfType(op, Index) {
		return false
	}
	p.w("memref.dim")
	p.attrDict(op)
	p.w(" ")
	p.values(op.operands)
	p.w(" : ")
	p.typ(op.operands[0].typ)
	return true
}

// --- views ---

func parseSubview(p *parser, st *OpState) {
	src := p.operandRef()
	s := p.parseSliceTriple()
	p.optionalAttrDict(st)
	p.expect(":")
	srcType := p.parseType()
	p.expectKeyword("to")
	st.ResultTypes = []Type{p.parseType()}
	st.Operands = append([]*Value{p.resolve(src, srcType)}, s.operands()...)
	s.setProps(st)
	setSegments(st, 1, len(s.dynOffsets), len(s.dynSizes), len(s.dynStrides))
}

func printSubview(p *printer, op *Operation) bool {
	segs := segments(op)
	if len(segs) != 4 || len(segs[0]) != 1 || len(op.results) != 1 || !allIndex(op.operands[1:]) {
		return false
	}
	s, ok := readSliceTriple(op, segs)
	if !ok {
		return false
	}
	p.w("memref.subview ")
	p.value(segs[0][0])
	p.sliceTriple(s)
	p.attrDict(op, "static_offsets", "static_sizes", "static_strides")
	p.w(" : ")
	p.typ(segs[0][0].typ)
	p.w(" to ")
	p.typ(op.results[0].typ)
	return true
}

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
	p.optionalAttrDict(st)
	p.expect(":")
	srcType := p.parseType()
	p.expectKeyword("to")
	st.ResultTypes = []Type{p.parseType()}
	st.Operands = append([]*Value{p.resolve(src, srcType)}, s.operands()...)
	s.setProps(st)
	setSegments(st, 1, len(s.dynOffsets), len(s.dynSizes), len(s.dynStrides))
}

func printReinterpretCast(p *printer, op *Operation) bool {
	segs := segments(op)
	if len(segs) != 4 || len(segs[0]) != 1 || len(op.results) != 1 || !allIndex(op.operands[1:]) {
		return false
	}
	s, ok := readSliceTriple(op, segs)
	if !ok {
		return false
	}
	p.w("memref.reinterpret_cast ")
	p.value(segs[0][0])
	p.w(" to offset: ")
	p.dynamicIndexList(s.offsets, s.dynOffsets)
	p.w(", sizes: ")
	p.dynamicIndexList(s.sizes, s.dynSizes)
	p.w(", strides: ")
	p.dynamicIndexList(s.strides, s.dynStrides)
	p.attrDict(op, "static_offsets", "static_sizes", "static_strides")
	p.w(" : ")
	p.typ(segs[0][0].typ)
	p.w(" to ")
	p.typ(op.results[0].typ)
	return true
}

func parseCollapseShape(p *parser, st *OpState) {
	src := p.operandRef()
	st.AddProp("reassociation", p.reassociation())
	p.optionalAttrDict(st)
	p.expect(":")
	srcType := p.parseType()
	p.expectKeyword("into")
	st.ResultTypes = []Type{p.parseType()}
	st.Operands = []*Value{p.resolve(src, srcType)}
}

func printCollapseShape(p *printer, op *Operation) bool {
	re, ok := op.Prop("reassociation").(*ArrayAttr)
	if !ok || len(op.operands) != 1 || len(op.results) != 1 {
		return false
	}
	p.w("memref.collapse_shape ")
	p.value(op.operands[0])
	p.w(" ")
	if !p.reassociation(re) {
		return false
	}
	p.attrDict(op, "reassociation")
	p.w(" : ")
	p.typ(op.operands[0].typ)
	p.w(" into ")
	p.typ(op.results[0].typ)
	return true
}

func parseExpandShape(p *parser, st *OpState) {
	src := p.operandRef()
	st.AddProp("reassociation", p.reassociation())
	p.expectKeyword("output_shape")
	static, dyn := p.dynamicIndexList()
	st.AddProp("static_output_shape", I64Array(static))
	p.optionalAttrDict(st)
	p.expect(":")
	srcType := p.parseType()
	p.expectKeyword("into")
	st.ResultTypes = []Type{p.parseType()}
	st.Operands = append([]*Value{p.resolve(src, srcType)}, dyn...)
}

func printExpandShape(p *printer, op *Operation) bool {
	re, ok1 := op.Prop("reassociation").(*ArrayAttr)
	static, ok2 := staticArray(op, "static_output_shape")
	if !ok1 || !ok2 || len(op.operands) < 1 || len(op.results) != 1 ||
		countDynamic(static) != len(op.operands)-1 || !allIndex(op.operands[1:]) {
		return false
	}
	p.w("memref.expand_shape ")
	p.value(op.operands[0])
	p.w(" ")
	if !p.reassociation(re) {
		return false
	}
	p.w(" output_shape ")
	p.dynamicIndexList(static, op.operands[1:])
	p.attrDict(op, "reassociation", "static_output_shape")
	p.w(" : ")
	p.typ(op.operands[0].typ)
	p.w(" into ")
	p.typ(op.results[0].typ)
	return true
}

func parseView(p *parser, st *OpState) {
	src := p.operandRef()
	p.expect("[")
	shift := p.resolve(p.operandRef(), Index)
	p.expect("]")
	sizes := p.bracketedIndices()
	p.optionalAttrDict(st)
	p.expect(":")
	srcType := p.parseType()
	p.expectKeyword("to")
	st.ResultTypes = []Type{p.parseType()}
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
	p.attrDict(op)
	p.w(" : ")
	p.typ(op.operands[0].typ)
	p.w(" to ")
	p.typ(op.results[0].typ)
	return true
}

func parseMemrefReshape(p *parser, st *OpState) {
	src := p.operandRef()
	p.expect("(")
	shape := p.operandRef()
	p.expect(")")
	p.optionalAttrDict(st)
	p.expect(":")
	at := p.pos()
	fn := p.functionTypeAt()
	st.Operands = p.resolveAll([]operandRef{src, shape}, fn.Inputs, at)
	st.ResultTypes = fn.Results
}

func printMemrefReshape(p *printer, op *Operation) bool {
	if len(op.operands) != 2 || len(op.results) != 1 {
		return false
	}
	p.w("memref.reshape ")
	p.value(op.operands[0])
	p.w("(")
	p.value(op.operands[1])
	p.w(")")
	p.attrDict(op)
	p.w(" : ")
	p.functionType(op)
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
	p.optionalAttrDict(st)
	p.expect(":")
	srcType := p.parseType()
	p.expectKeyword("to")
	st.ResultTypes = []Type{p.parseType()}
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
	p.attrDict(op, "permutation")
	p.w(" : ")
	p.typ(op.operands[0].typ)
	p.w(" to ")
	p.typ(op.results[0].typ)
	return true
}

func parseAssumeAlignment(p *parser, st *OpState) {
	m := p.operandRef()
	p.expect(",")
	st.AddProp("alignment", IntAttr(p.integer(), I32))
	p.optionalAttrDict(st)
	p.expect(":")
	t := p.parseType()
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
	p.attrDict(op, "alignment")
	p.w(" : ")
	p.typ(op.operands[0].typ)
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
	if p.acceptKeyword("constant") {
		st.AddProp("constant", UnitAttr{})
	}
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
	p.w("memref.global ")
	switch vis := op.Prop("sym_visibility").(type) {
	case nil:
	case *StringAttr:
		p.attr(vis)
		p.w(" ")
	default:
		return false
	}
	switch op.Prop("constant").(type) {
	case nil:
	case UnitAttr:
		p.w("constant ")
	default:
		return false
	}
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
