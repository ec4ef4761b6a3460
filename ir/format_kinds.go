package ir

import (
	"slices"
	"strconv"
	"strings"
)

// The kinds of attributes that declarative formats write, the enums
// among them, and the custom directives: what the format interpreter
// (format.go) knows of a dialect beyond its table.

// attrKinds are the attribute kinds other than enums and dialect
// attribute classes (`#dialect.name`: such an attribute, which the format
// may write without that prefix, as MLIR prints it). "dict" is a
// dictionary, "bool" `true` or `false`, "f64" a float of type f64
// written without it; the kinds of denseKinds are dense arrays, written
// `[1, 2]` in the format.
var attrKinds = []string{"index", "i16", "i32", "i64", "f64", "str", "unit", "sym", "ref", "type", "array", "dict", "any", "bool", "dense_i32", "dense_i64", "dense_bool"}

// f64Type is the type of kind "f64"'s values.
var f64Type = &FloatType{Name: "f64"}

// attrKindType is the type of the integer kinds' values.
var attrKindType = map[string]Type{"index": Index, "i16": &IntegerType{Width: 16}, "i32": I32, "i64": I64}

// denseKinds are the element types of the dense array kinds.
var denseKinds = map[string]Type{"dense_i32": I32, "dense_i64": I64, "dense_bool": I1}

func (p *parser) declAttr(a *declAttr) Attribute {
	if t := attrKindType[a.kind]; t != nil {
		return IntAttr(p.integer(), t)
	}
	switch a.kind {
	case "unit":
		return UnitAttr{}
	case "sym":
		return &StringAttr{Value: p.symbolName()}
	case "ref":
		return p.parseSymbolRef()
	case "type":
		return &TypeAttr{Type: p.parseType()}
	case "bool":
		return BoolAttr{Value: p.boolKeyword("false", "true", "expected 'true' or 'false'")}
	case "f64":
		at := p.pos()
		f, ok := p.parseAttrNoType().(*FloatAttr)
		if !ok {
			p.failAt(at, "expected a floating point number for attribute '%s'", a.name)
		}
		return &FloatAttr{Text: f.Text, Type: f64Type}
	case "dict":
		return p.parseDict()
	case "dense_i64":
		return p.i64Array(p.integerList())
	case "dense_i32", "dense_bool":
		// As written: integers, or true and false.
		arr := &DenseArrayAttr{Elem: denseKinds[a.kind], Values: []string{}}
		p.delimited("[", "]", func() {
			if arr.Elem == I1 {
				arr.Values = append(arr.Values, strconv.FormatBool(p.boolKeyword("false", "true", "expected 'true' or 'false'")))
			} else {
				arr.Values = append(arr.Values, strconv.FormatInt(p.integer(), 10))
			}
		})
		return arr
	case "str":
		at := p.pos()
		s, ok := p.parseAttrNoType().(*StringAttr)
		if !ok {
			p.failAt(at, "expected string for attribute '%s'", a.name)
		}
		return s
	}
	if e := enumKinds[a.kind]; e != nil {
		return e.parse(p, a.name)
	}
	if strings.HasPrefix(a.kind, "#") && p.is("<") {
		// An attribute of the dialect class a.kind, without its prefix.
		start := p.tok.start
		p.skipBalanced()
		return &OpaqueAttr{Text: a.kind + string(p.src[start:p.lastEnd()])}
	}
	return p.parseAttr()
}

func declAttrFits(a declAttr, v Attribute) bool {
	if t := attrKindType[a.kind]; t != nil {
		i, ok := v.(*IntegerAttr)
		if !ok || !TypesEqual(i.Type, t) {
			return false
		}
		_, ok = i.Int64()
		return ok
	}
	switch a.kind {
	case "unit":
		_, ok := v.(UnitAttr)
		return ok
	case "sym":
		s, ok := v.(*StringAttr)
		return ok && s.Type == nil
	case "ref":
		_, ok := v.(*SymbolRefAttr)
		return ok
	case "type":
		_, ok := v.(*TypeAttr)
		return ok
	case "array":
		_, ok := v.(*ArrayAttr)
		return ok
	case "bool":
		_, ok := v.(BoolAttr)
		return ok
	case "f64":
		f, ok := v.(*FloatAttr)
		return ok && TypesEqual(f.Type, f64Type)
	case "dict":
		_, ok := v.(*DictAttr)
		return ok
	case "dense_i32", "dense_i64", "dense_bool":
		d, ok := v.(*DenseArrayAttr)
		return ok && TypesEqual(d.Elem, denseKinds[a.kind])
	case "str":
		_, ok := v.(*StringAttr)
		return ok
	}
	if e := enumKinds[a.kind]; e != nil {
		return e.keyword(v) != ""
	}
	return true
}

// attr writes attribute a of the given kind as the format does.
func (dp *declPrint) attr(kind string, a Attribute) {
	if kind == "unit" {
		return // its group's literals say it
	}
	dp.blank()
	switch v := a.(type) {
	case *IntegerAttr:
		if attrKindType[kind] != nil {
			dp.p.w(v.Text)
			return
		}
	case *FloatAttr:
		if kind == "f64" {
			dp.p.w(v.Text)
			return
		}
	case *StringAttr:
		if kind == "sym" {
			dp.p.symbol(v.Value)
			return
		}
	case *TypeAttr:
		if kind == "type" {
			dp.p.typ(v.Type)
			return
		}
	case *DenseArrayAttr:
		if denseKinds[kind] != nil {
			dp.p.integerList(v)
			return
		}
	}
	if e := enumKinds[kind]; e != nil {
		kw := e.keyword(a)
		if e.quoted || e.sep == "" && !isBareIdent(kw) {
			kw = strconv.Quote(kw)
		}
		dp.p.w(kw)
		return
	}
	if o, ok := a.(*OpaqueAttr); ok && strings.HasPrefix(kind, "#") && strings.HasPrefix(o.Text, kind+"<") {
		// Without its prefix, as MLIR writes it: written whole, the
		// attribute would take a `: type` after it for its own type.
		dp.p.w(o.Text[len(kind):])
		return
	}
	dp.p.attr(a)
}

// declEnum is an enum attribute as formats write it: one keyword per
// case. It is stored as an integer of type typ (the case's value, or its
// position when values is nil), or, when dialect is set, as the dialect
// attribute `#dialect<mnemonic keyword>`. quoted cases are written as
// strings ("slt").
//
// A bit enum (sep set) stores the union of its cases' values, and is
// written as the cases that make it up, each case taken whole where it
// fits, in order, joined by sep: `inbounds|nuw`; with wrap set, inside
// `wrap<...>`: `overflow<nsw, nuw>`.
type declEnum struct {
	cases    []string
	values   []int64
	typ      Type
	dialect  string
	mnemonic string
	quoted   bool
	sep      string
	wrap     string
}

// enumKinds are the enums that signatures name as attribute kinds.
var enumKinds = map[string]*declEnum{
	"emitc.cmp_predicate":             emitcCmpPredicate,
	"gpu.all_reduce_op":               gpuAllReduceOp,
	"gpu.broadcast":                   gpuBroadcastType,
	"gpu.dim":                         gpuDimension,
	"gpu.mat_transpose_mode":          gpuTransposeMode,
	"gpu.mma_element_wise":            gpuElementwiseOp,
	"gpu.shuffle_mode":                gpuShuffleMode,
	"llvm.asm_dialect":                llvmAsmDialect,
	"llvm.atomic_bin_op":              llvmAtomicBinOp,
	"llvm.comdat":                     llvmComdatSelector,
	"llvm.fp_exception":               llvmFPExceptionBehavior,
	"llvm.gep_flags":                  llvmGEPFlags,
	"llvm.ordering":                   llvmOrdering,
	"llvm.overflow":                   llvmOverflow,
	"llvm.rounding":                   llvmRoundingMode,
	"sparse_tensor.crd_direction":     sparseCrdDirection,
	"sparse_tensor.kind":              sparseSpecifierKind,
	"sparse_tensor.sort_kind":         sparseSortKind,
	"transform.failures":              transformFailures,
	"transform.cmpi":                  transformCmpI,
	"vector.contract_lowering":        vectorContractLowering,
	"vector.multi_reduction_lowering": vectorMultiReductionLowering,
	"vector.transpose_lowering":       vectorTransposeLowering,
	"vector.transfer_split":           vectorTransferSplit,
	"linalg.match_interface":          linalgMatchInterface,
	"linalg.transpose_matmul_input":   linalgTransposeMatmulInput,
	"bufferization.layout_map":        bufferizationLayoutMap,
}

func (e *declEnum) value(i int) int64 {
	if e.values == nil {
		return int64(i)
	}
	return e.values[i]
}

// parse reads a case's keyword, or the attribute written in full.
func (e *declEnum) parse(p *parser, attr string) Attribute {
	at := p.pos()
	if e.dialect != "" && p.tok.kind == tHash {
		a := p.parseAttr()
		if e.keyword(a) == "" {
			p.failAt(at, "expected one of [%s] for attribute '%s'", strings.Join(e.cases, ", "), attr)
		}
		return a
	}
	if e.sep != "" {
		return e.parseBits(p, attr)
	}
	return e.attr(e.parseCase(p, attr))
}

// starts reports whether one of e's cases is next.
func (e *declEnum) starts(p *parser) bool {
	switch {
	case e.wrap != "":
		return p.isKeyword(e.wrap)
	case p.tok.kind == tString:
		return true
	}
	return !e.quoted && p.tok.kind == tBare && slices.Contains(e.cases, p.text())
}

// parseCase reads one case's keyword and returns its position.
func (e *declEnum) parseCase(p *parser, attr string) int {
	at := p.pos()
	i := -1
	switch {
	case p.tok.kind == tString:
		// MLIR reads any case as a string, and writes the cases that are
		// no keyword so (`"vector-transfer"`).
		if s, ok := p.parseAttrNoType().(*StringAttr); ok {
			i = slices.Index(e.cases, s.Value)
		}
	case !e.quoted && p.tok.kind == tBare:
		i = slices.Index(e.cases, p.keyword())
	}
	if i < 0 {
		p.failAt(at, "expected one of [%s] for attribute '%s'", strings.Join(e.cases, ", "), attr)
	}
	return i
}

// parseBits reads the cases of a bit enum.
func (e *declEnum) parseBits(p *parser, attr string) Attribute {
	var n int64
	one := func() { n |= e.value(e.parseCase(p, attr)) }
	if e.wrap != "" {
		p.expectKeyword(e.wrap)
		p.delimited("<", ">", one)
		return IntAttr(n, e.typ)
	}
	one()
	for p.accept(strings.TrimSpace(e.sep)) {
		one()
	}
	return IntAttr(n, e.typ)
}

// attr is the attribute of case i.
func (e *declEnum) attr(i int) Attribute {
	if e.dialect != "" {
		return &OpaqueAttr{Text: "#" + e.dialect + "<" + e.mnemonic + " " + e.cases[i] + ">"}
	}
	return IntAttr(e.value(i), e.typ)
}

// keyword returns the keyword of a, or "" if a is none of e's cases.
func (e *declEnum) keyword(a Attribute) string {
	switch a := a.(type) {
	case *IntegerAttr:
		n, ok := a.Int64()
		if e.dialect != "" || !ok || !TypesEqual(a.Type, e.typ) {
			return ""
		}
		if e.sep != "" {
			return e.bitsKeyword(n)
		}
		for i, c := range e.cases {
			if e.value(i) == n {
				return c
			}
		}
	case *OpaqueAttr:
		kw, ok := strings.CutPrefix(a.Text, "#"+e.dialect+"<"+e.mnemonic+" ")
		if kw, ok2 := strings.CutSuffix(kw, ">"); ok && ok2 && e.dialect != "" && slices.Contains(e.cases, kw) {
			return kw
		}
	}
	return ""
}

// bitsKeyword spells value n of a bit enum, or returns "" if its cases
// do not make it up.
func (e *declEnum) bitsKeyword(n int64) string {
	if n == 0 {
		if i := slices.Index(e.values, 0); i >= 0 {
			return e.cases[i]
		}
		return ""
	}
	var parts []string
	for i, c := range e.cases {
		if v := e.value(i); v != 0 && n&v == v {
			parts = append(parts, c)
			n &^= v
		}
	}
	if n != 0 || len(parts) == 0 {
		return ""
	}
	if e.wrap != "" {
		return e.wrap + "<" + strings.Join(parts, e.sep) + ">"
	}
	return strings.Join(parts, e.sep)
}

// declCustom is a custom<Name> directive of formats: what MLIR writes in
// C++ for a dialect, written here in Go.
type declCustom struct {
	parse func(c *customCall)
	print func(c *customCall)
	// fits, if set, reports whether print can write the op: what the
	// directive reads of it is as its syntax needs.
	fits func(c *customCall) bool
}

// customCall is one use of a custom directive: its arguments, and the op
// being parsed (p, st, s) or printed (dp).
type customCall struct {
	p    *parser
	st   *OpState
	s    *declParse
	dp   *declPrint
	d    *declOp
	args []declElem
}

// customDirectives are the custom directives formats may use.
var customDirectives = map[string]*declCustom{
	"AsyncDependencies":             {parse: parseAsyncDependencies, print: printAsyncDependencies},
	"LaunchFuncOperands":            {parse: parseLaunchFuncOperands, print: printLaunchFuncOperands},
	"LaunchDimType":                 {parse: parseLaunchDimType, print: printLaunchDimType},
	"AllReduceOperation":            {parse: parseAllReduceOperation, print: printAllReduceOperation},
	"OffloadingHandler":             {parse: parseOffloadingHandler, print: printOffloadingHandler},
	"GEPIndices":                    {parse: parseGEPIndices, print: printGEPIndices, fits: gepIndicesFit},
	"DynamicIndexList":              {parse: parseDynamicIndexList, print: printDynamicIndexList, fits: dynamicIndexListFits},
	"TransformMatchDims":            {parse: parseTransformMatchDims, print: printTransformMatchDims, fits: transformMatchDimsFit},
	"ForeachMatchSymbols":           {parse: parseForeachMatchSymbols, print: printForeachMatchSymbols, fits: foreachMatchSymbolsFit},
	"ApplyRegisteredPassOptions":    {parse: parseApplyRegisteredPassOptions, print: printApplyRegisteredPassOptions, fits: passOptionsFit},
	"PackedOrDynamicIndexList":      {parse: parsePackedOrDynamicIndexList, print: printPackedOrDynamicIndexList, fits: packedOrDynamicIndexListFits},
	"SemiFunctionType":              {parse: parseSemiFunctionType, print: printSemiFunctionType, fits: semiFunctionTypeFits},
	"MultitileSizesTypes":           {parse: parseSharedResultType, print: printSharedResultType, fits: sharedResultTypeFits},
	"ContinuousTileSizeTypes":       {parse: parseSharedResultType, print: printSharedResultType, fits: sharedResultTypeFits},
	"ChunkSize":                     {parse: parseChunkSize, print: printChunkSize, fits: chunkSizeFits},
	"AlternativesOpSelectedRegion":  {parse: parseAlternativesRegion, print: printAlternativesRegion, fits: alternativesRegionFits},
	"LevelRange":                    {parse: parseLevelRange, print: printLevelRange, fits: levelRangeFits},
	"InsertExtractValueElementType": {parse: parseAggregateElementType, print: printNothing, fits: aggregateElementTypeFits},
	"ShuffleType":                   {parse: parseShuffleType, print: printNothing, fits: shuffleTypeFits},
	"CmpXchgResultType":             {parse: parseCmpXchgResultType, print: printNothing, fits: cmpXchgResultTypeFits},
	"OpBundles":                     {parse: parseOpBundlesDirective, print: printOpBundlesDirective, fits: opBundlesDirectiveFits},
}

// name is the group or attribute of argument i.
func (c *customCall) name(i int) string { return c.args[i].name }

// values is the group of argument i of the op being printed.
func (c *customCall) values(i int) []*Value { return c.dp.groups[c.name(i)] }
