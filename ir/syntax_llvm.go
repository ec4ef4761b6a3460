package ir

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// The llvm dialect: what programs lowered from memrefs are made of. The
// ops declared with an assembly format come from one table (format.go
// interprets it); functions, calls, allocas, comparisons and branches
// are custom syntax, written here. Inside LLVM's own types, LLVM types
// drop their `!llvm.` prefix (`!llvm.func<ptr (i32)>`), as MLIR prints
// them.

func init() {
	for _, d := range llvmOps {
		register(d.name, d.syntax())
	}
	register("llvm.func", &opSyntax{Inherent: llvmFuncInherent, Parse: parseLLVMFunc, Print: printLLVMFunc})
	register("llvm.call", &opSyntax{Inherent: llvmCallInherent, Parse: parseLLVMCall, Print: printLLVMCall})
	register("llvm.mlir.global", &opSyntax{Inherent: llvmGlobalInherent, Parse: parseLLVMGlobal, Print: printLLVMGlobal})
	register("llvm.alloca", &opSyntax{Inherent: []string{"alignment", "elem_type", "inalloca"}, Parse: parseLLVMAlloca, Print: printLLVMAlloca})
	register("llvm.icmp", llvmCmpSyntax(llvmICmpPredicate))
	register("llvm.fcmp", llvmCmpSyntax(llvmFCmpPredicate))
	register("llvm.br", &opSyntax{Terminator: true, Branch: true, Inherent: []string{"loop_annotation"}, Parse: parseBr, Print: brPrinter("llvm.br")})
	register("llvm.cond_br", &opSyntax{
		Terminator: true,
		Branch:     true,
		Inherent:   []string{"branch_weights", "loop_annotation"},
		Parse:      parseCondBr,
		Print:      condBrPrinter("llvm.cond_br"),
	})
}

var (
	llvmPtrType = &OpaqueType{Text: "!llvm.ptr"}

	llvmOverflow      = &declEnum{cases: []string{"none", "nsw", "nuw"}, values: []int64{0, 1, 2}, typ: I32, sep: ", ", wrap: "overflow"}
	llvmGEPFlags      = &declEnum{cases: []string{"none", "inbounds", "nusw", "nuw"}, values: []int64{0, 3, 2, 4}, typ: I32, sep: "|"}
	llvmOrdering      = &declEnum{cases: []string{"not_atomic", "unordered", "monotonic", "acquire", "release", "acq_rel", "seq_cst"}, values: []int64{0, 1, 2, 4, 5, 6, 7}, typ: I64}
	llvmICmpPredicate = &declEnum{cases: []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}, typ: I64, quoted: true}
	llvmFCmpPredicate = &declEnum{cases: []string{"_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "_true"}, typ: I64, quoted: true}
)

// The attributes of memory accesses that attr-dict writes.
const llvmAccessAttrs = "@alignment?:any, @nontemporal?:unit, @access_groups?:any, @alias_scopes?:any, @noalias_scopes?:any, @tbaa?:any"

// llvmOps are the llvm ops whose syntax is declarative.
var llvmOps = []*declOp{
	declare("llvm.mlir.poison", "-> res", "attr-dict `:` type($res)"),
	declare("llvm.mlir.undef", "-> res", "attr-dict `:` type($res)"),
	declare("llvm.mlir.zero", "-> res", "attr-dict `:` type($res)"),
	declare("llvm.mlir.constant", "@value:any -> res", "`(` $value `)` attr-dict `:` type($res)"),
	declare("llvm.mlir.addressof", "@global_name:ref -> res", "$global_name attr-dict `:` qualified(type($res))"),
	declare("llvm.return", "arg?", "attr-dict ($arg^ `:` type($arg))?").endsBlock(),
	declare("llvm.unreachable", "", "attr-dict").endsBlock(),

	llvmIntOverflow("llvm.add"), llvmIntOverflow("llvm.sub"), llvmIntOverflow("llvm.mul"), llvmIntOverflow("llvm.shl"),
	llvmIntExact("llvm.udiv"), llvmIntExact("llvm.sdiv"), llvmIntExact("llvm.lshr"), llvmIntExact("llvm.ashr"),
	llvmInt("llvm.urem"), llvmInt("llvm.srem"), llvmInt("llvm.and"), llvmInt("llvm.xor"),
	declare("llvm.or", "@isDisjoint?:unit, lhs:=res, rhs:=res -> res", "(`disjoint` $isDisjoint^)? $lhs `,` $rhs attr-dict `:` type($res)"),
	llvmFloat("llvm.fadd"), llvmFloat("llvm.fsub"), llvmFloat("llvm.fmul"), llvmFloat("llvm.fdiv"), llvmFloat("llvm.frem"),
	declare("llvm.fneg", "operand:=res, "+llvmFastmath+" -> res", "$operand attr-dict `:` type($res)"),
	declare("llvm.select", "condition, trueValue:=res, falseValue:=res, "+llvmFastmath+" -> res", "operands attr-dict `:` type($condition) `,` type($res)"),
	declare("llvm.freeze", "val -> res:=val", "$val attr-dict `:` type($val)"),

	llvmCast("llvm.bitcast"), llvmCast("llvm.addrspacecast"), llvmCast("llvm.ptrtoint"), llvmCast("llvm.sext"),
	llvmCast("llvm.sitofp"), llvmCast("llvm.fptosi"), llvmCast("llvm.fptoui"), llvmCast("llvm.fpext"), llvmCast("llvm.fptrunc"),
	llvmNonNegCast("llvm.zext"), llvmNonNegCast("llvm.uitofp"),
	declare("llvm.trunc", "arg, @overflowFlags:llvm.overflow=none -> res", "$arg ($overflowFlags^)? attr-dict `:` type($arg) `to` type($res)"),
	declare("llvm.inttoptr", "arg, @dereferenceable?:#llvm.dereferenceable -> res", "$arg (`dereferenceable` `` $dereferenceable^)? attr-dict `:` type($arg) `to` type($res)"),

	declare("llvm.load", "@volatile_?:unit, addr, @syncscope?:str, @ordering:llvm.ordering=not_atomic, @invariant?:unit, @invariantGroup?:unit, @dereferenceable?:#llvm.dereferenceable, "+llvmAccessAttrs+" -> res",
		"(`volatile` $volatile_^)? $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? (`invariant` $invariant^)? (`invariant_group` $invariantGroup^)? (`dereferenceable` `` $dereferenceable^)? attr-dict `:` qualified(type($addr)) `->` type($res)"),
	declare("llvm.store", "@volatile_?:unit, value, addr, @syncscope?:str, @ordering:llvm.ordering=not_atomic, @invariantGroup?:unit, "+llvmAccessAttrs,
		"(`volatile` $volatile_^)? $value `,` $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? (`invariant_group` $invariantGroup^)? attr-dict `:` type($value) `,` qualified(type($addr))"),
	declare("llvm.getelementptr", "@noWrapFlags:llvm.gep_flags=none, base, dynamicIndices*, @rawConstantIndices:any, @elem_type:type -> res",
		"($noWrapFlags^)? $base `[` custom<GEPIndices>($dynamicIndices, $rawConstantIndices) `]` attr-dict `:` functional-type(operands, results) `,` $elem_type"),
	declare("llvm.extractelement", "vector, position -> res:element(vector)", "$vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)"),
	declare("llvm.insertelement", "vector, value:element(vector), position -> res:=vector", "$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)"),

	declare("llvm.intr.lifetime.start", "ptr", "$ptr attr-dict `:` qualified(type($ptr))"),
	declare("llvm.intr.lifetime.end", "ptr", "$ptr attr-dict `:` qualified(type($ptr))"),
	declare("llvm.intr.invariant.start", "@size:i64, ptr -> res:!llvm.ptr", "$size `,` $ptr attr-dict `:` qualified(type($ptr))"),
	declare("llvm.intr.invariant.end", "start:!llvm.ptr, @size:i64, ptr", "$start `,` $size `,` $ptr attr-dict `:` qualified(type($ptr))"),
}

// llvmFastmath is the fast-math flags of floating-point ops, which
// attr-dict writes where some are set.
const llvmFastmath = "@fastmathFlags:#llvm.fastmath=none"

func llvmInt(name string) *declOp {
	return declare(name, "lhs:=res, rhs:=res -> res", "$lhs `,` $rhs attr-dict `:` type($res)")
}

func llvmIntOverflow(name string) *declOp {
	return declare(name, "lhs:=res, rhs:=res, @overflowFlags:llvm.overflow=none -> res", "$lhs `,` $rhs ($overflowFlags^)? attr-dict `:` type($res)")
}

func llvmIntExact(name string) *declOp {
	return declare(name, "@isExact?:unit, lhs:=res, rhs:=res -> res", "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)")
}

func llvmFloat(name string) *declOp {
	return declare(name, "lhs:=res, rhs:=res, "+llvmFastmath+" -> res", "$lhs `,` $rhs attr-dict `:` type($res)")
}

func llvmCast(name string) *declOp {
	return declare(name, "arg -> res", "$arg attr-dict `:` type($arg) `to` type($res)")
}

func llvmNonNegCast(name string) *declOp {
	return declare(name, "@nonNeg?:unit, arg -> res", "(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)")
}

// --- types ---

// llvmTypeNames are the LLVM types, which LLVM's own types write without
// their `!llvm.` prefix.
var llvmTypeNames = strings.Fields("ptr void struct array func vec target token label metadata x86_amx ppc_fp128")

// llvmInner spells t as it is written inside an LLVM type.
func llvmInner(t Type) string {
	s := t.String()
	if inner, ok := strings.CutPrefix(s, "!llvm."); ok {
		return inner
	}
	return s
}

// llvmOuter spells a type written inside an LLVM type as it is written
// elsewhere.
func llvmOuter(s string) Type {
	name := s
	if i := strings.IndexByte(s, '<'); i >= 0 {
		name = s[:i]
	}
	if slices.Contains(llvmTypeNames, name) {
		s = "!llvm." + s
	}
	return &OpaqueType{Text: s}
}

// llvmFuncType is the LLVM function type of a signature.
func llvmFuncType(inputs, results []Type, variadic bool) *OpaqueType {
	params := make([]string, 0, len(inputs)+1)
	for _, t := range inputs {
		params = append(params, llvmInner(t))
	}
	if variadic {
		params = append(params, "...")
	}
	result := "void"
	if len(results) == 1 {
		result = llvmInner(results[0])
	}
	return &OpaqueType{Text: "!llvm.func<" + result + " (" + strings.Join(params, ", ") + ")>"}
}

// llvmSignature splits an LLVM function type into its parameters and
// result; ok is false for any other type.
func llvmSignature(t Type) (inputs, results []Type, variadic, ok bool) {
	o, isOpaque := t.(*OpaqueType)
	if !isOpaque {
		return nil, nil, false, false
	}
	body, ok1 := strings.CutPrefix(o.Text, "!llvm.func<")
	body, ok2 := strings.CutSuffix(body, ")>")
	if !ok1 || !ok2 {
		return nil, nil, false, false
	}
	parts := splitTopLevel(body, '(')
	if len(parts) != 2 {
		return nil, nil, false, false
	}
	if result := strings.TrimSpace(parts[0]); result != "void" {
		results = []Type{llvmOuter(result)}
	}
	if strings.TrimSpace(parts[1]) == "" {
		return nil, results, false, true
	}
	params := splitTopLevel(parts[1], ',')
	for i, s := range params {
		s = strings.TrimSpace(s)
		if s == "..." && i == len(params)-1 {
			variadic = true
			continue
		}
		inputs = append(inputs, llvmOuter(s))
	}
	return inputs, results, variadic, true
}

// splitTopLevel splits s at the separators outside brackets and quotes;
// a separator '(' splits only at its first occurrence.
func splitTopLevel(s string, sep byte) []string {
	var parts []string
	depth, start, quoted := 0, 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted:
			if c == '\\' {
				i++
			} else if c == '"' {
				quoted = false
			}
		case c == '"':
			quoted = true
		case depth == 0 && c == sep:
			parts = append(parts, s[start:i])
			if sep == '(' {
				return append(parts, s[i+1:])
			}
			start = i + 1
		case c == '<' || c == '(' || c == '[' || c == '{':
			depth++
		case c == '>' || c == ')' || c == ']' || c == '}':
			depth--
		}
	}
	return append(parts, s[start:])
}

// --- llvm.func ---

// llvmFuncInherent are llvm.func's properties.
var llvmFuncInherent = []string{
	"sym_name", "sym_visibility", "function_type", "linkage", "dso_local", "CConv", "comdat", "convergent",
	"personality", "garbageCollector", "passthrough", "arg_attrs", "res_attrs", "function_entry_count",
	"memory_effects", "visibility_", "arm_streaming", "arm_locally_streaming", "arm_streaming_compatible",
	"arm_new_za", "arm_in_za", "arm_out_za", "arm_inout_za", "arm_preserves_za", "section", "unnamed_addr",
	"alignment", "vscale_range", "frame_pointer", "target_cpu", "tune_cpu", "reciprocal_estimates",
	"prefer_vector_width", "target_features", "no_infs_fp_math", "no_nans_fp_math", "no_signed_zeros_fp_math",
	"denormal_fp_math", "denormal_fp_math_f32", "fp_contract", "instrument_function_entry",
	"instrument_function_exit", "no_inline", "always_inline", "inline_hint", "no_unwind", "will_return",
	"optimize_none", "vec_type_hint", "work_group_size_hint", "reqd_work_group_size",
	"intel_reqd_sub_group_size", "uwtable_kind",
}

var (
	llvmLinkages = []string{"private", "internal", "available_externally", "linkonce", "weak", "common",
		"appending", "extern_weak", "linkonce_odr", "weak_odr", "external"}
	// llvmVisibilities and llvmUnnamedAddrs are spelled by their values
	// (the first, 0, is not written).
	llvmVisibilities = []string{"", "hidden", "protected"}
	llvmUnnamedAddrs = []string{"", "local_unnamed_addr", "unnamed_addr"}
	llvmCConvs       = []string{"ccc", "fastcc", "coldcc", "cc_10", "cc_11", "webkit_jscc", "anyregcc",
		"preserve_mostcc", "preserve_allcc", "preserve_nonecc", "swiftcc", "cxx_fast_tlscc", "tailcc",
		"cfguard_checkcc", "swifttailcc", "x86_stdcallcc", "x86_fastcallcc", "arm_apcscc", "arm_aapcscc",
		"arm_aapcs_vfpcc", "msp430_intrcc", "x86_thiscallcc", "ptx_kernelcc", "ptx_devicecc",
		"spir_funccc", "spir_kernelcc", "intel_ocl_bicc", "x86_64_sysvcc", "win64cc", "x86_vectorcallcc",
		"hhvmcc", "hhvm_ccc", "x86_intrcc", "avr_intrcc", "avr_builtincc", "amdgpu_vscc", "amdgpu_gscc",
		"amdgpu_cscc", "amdgpu_kernelcc", "x86_regcallcc", "amdgpu_hscc", "msp430_builtincc", "amdgpu_lscc",
		"amdgpu_escc", "aarch64_vectorcallcc", "aarch64_sve_vectorcallcc", "wasm_emscripten_invokecc",
		"amdgpu_gfxcc", "m68k_intrcc"}
)

// llvmKeyword reads one of keywords if it is next, or returns def.
func (p *parser) llvmKeyword(keywords []string, def string) string {
	if p.tok.kind == tBare && slices.Contains(keywords, p.text()) {
		return p.keyword()
	}
	return def
}

// llvmSpelledProp reads one of words but the first, if next, and sets
// the i64 property name to its position (0 where none is written).
func (p *parser) llvmSpelledProp(st *OpState, name string, words []string) {
	st.AddProp(name, IntAttr(int64(slices.Index(words, p.llvmKeyword(words[1:], ""))), I64))
}

// llvmNoFastmath is the fast-math flags' default: none set.
var llvmNoFastmath = llvmEnumAttr("fastmath", "none")

// isNoFastmath reports whether a is llvmNoFastmath, which attr-dict
// leaves out.
func isNoFastmath(a Attribute) bool { return a != nil && a.String() == llvmNoFastmath.Text }

// llvmEnumAttr is `#llvm.name<keyword>`.
func llvmEnumAttr(name, keyword string) *OpaqueAttr {
	return &OpaqueAttr{Text: "#llvm." + name + "<" + keyword + ">"}
}

// llvmEnumKeyword returns the keyword of a, `#llvm.name<keyword>`, if it
// is one of keywords.
func llvmEnumKeyword(a Attribute, name string, keywords []string) (string, bool) {
	o, ok := a.(*OpaqueAttr)
	if !ok {
		return "", false
	}
	kw, ok1 := strings.CutPrefix(o.Text, "#llvm."+name+"<")
	kw, ok2 := strings.CutSuffix(kw, ">")
	return kw, ok1 && ok2 && slices.Contains(keywords, kw)
}

// llvm.func linkage? visibility? unnamed_addr? cconv? @name(args) (->
// result)? attr-dict-with-keyword region?
func parseLLVMFunc(p *parser, st *OpState) {
	st.AddProp("linkage", llvmEnumAttr("linkage", p.llvmKeyword(llvmLinkages, "external")))
	p.llvmSpelledProp(st, "visibility_", llvmVisibilities)
	p.llvmSpelledProp(st, "unnamed_addr", llvmUnnamedAddrs)
	st.AddProp("CConv", llvmEnumAttr("cconv", p.llvmKeyword(llvmCConvs, "ccc")))
	st.AddProp("sym_name", Str(p.symbolName()))
	at := p.pos()
	sig := p.funcSignature(true)
	if len(sig.results) > 1 {
		p.failAt(at, "an llvm.func has one result at most")
	}
	st.AddProp("function_type", &TypeAttr{Type: llvmFuncType(sig.inputs, sig.results, sig.variadic)})
	sig.addEntryAttrs(st)
	if p.isKeyword("vscale_range") || p.isKeyword("comdat") {
		p.fail("bufferlog does not read llvm.func's %s clause: write the function in the generic form", p.text())
	}
	p.optionalAttrDictWithKeyword(st)
	p.funcBody(st, sig)
}

func printLLVMFunc(p *printer, op *Operation) bool {
	_, ok1 := llvmEnumKeyword(op.Prop("linkage"), "linkage", llvmLinkages)
	_, ok2 := llvmEnumKeyword(op.Prop("CConv"), "cconv", llvmCConvs)
	_, ok3 := llvmSpelledInt(op.Prop("visibility_"), llvmVisibilities)
	_, ok4 := llvmSpelledInt(op.Prop("unnamed_addr"), llvmUnnamedAddrs)
	if !ok1 || !ok2 || !ok3 || !ok4 || op.Prop("comdat") != nil || op.Prop("vscale_range") != nil {
		return false
	}
	return printFunction(p, "llvm.func", op, funcClauses{
		elided:    []string{"linkage", "CConv", "visibility_", "unnamed_addr"},
		header:    llvmFuncHeader,
		signature: llvmSignature,
	})
}

// llvmFuncHeader writes the linkage, visibility, unnamed_addr and calling
// convention of an llvm.func, where they are not the defaults.
func llvmFuncHeader(p *printer, op *Operation) {
	if kw, _ := llvmEnumKeyword(op.Prop("linkage"), "linkage", llvmLinkages); kw != "external" {
		p.w(kw + " ")
	}
	for _, spelled := range []struct {
		name  string
		words []string
	}{{"visibility_", llvmVisibilities}, {"unnamed_addr", llvmUnnamedAddrs}} {
		if kw, _ := llvmSpelledInt(op.Prop(spelled.name), spelled.words); kw != "" {
			p.w(kw + " ")
		}
	}
	if kw, _ := llvmEnumKeyword(op.Prop("CConv"), "cconv", llvmCConvs); kw != "ccc" {
		p.w(kw + " ")
	}
}

// llvmSpelledInt returns the spelling of a, an i64 naming one of words
// by its position.
func llvmSpelledInt(a Attribute, words []string) (string, bool) {
	i, ok := a.(*IntegerAttr)
	if !ok || !TypesEqual(i.Type, I64) {
		return "", false
	}
	n, ok := i.Int64()
	if !ok || n < 0 || n >= int64(len(words)) {
		return "", false
	}
	return words[n], true
}

// --- llvm.call ---

var llvmCallInherent = []string{
	"var_callee_type", "callee", "fastmathFlags", "CConv", "TailCallKind", "memory_effects", "convergent",
	"no_unwind", "will_return", "op_bundle_sizes", "op_bundle_tags", "arg_attrs", "res_attrs", "no_inline",
	"always_inline", "inline_hint", "access_groups", "alias_scopes", "noalias_scopes", "tbaa",
	"branch_weights", "operandSegmentSizes",
}

var llvmTailCallKinds = []string{"none", "tail", "musttail", "notail"}

// llvm.call cconv? tailkind? (@callee | %fn)(args) (vararg(type))?
// attr-dict : (fn type ,)? (types) -> results
func parseLLVMCall(p *parser, st *OpState) {
	st.AddProp("CConv", llvmEnumAttr("cconv", p.llvmKeyword(llvmCConvs, "ccc")))
	st.AddProp("TailCallKind", llvmEnumAttr("tailcallkind", p.llvmKeyword(llvmTailCallKinds[1:], "none")))
	var callee *operandRef
	if p.tok.kind == tAt {
		st.AddProp("callee", p.parseSymbolRef())
	} else {
		r := p.operandRef()
		callee = &r
	}
	p.expect("(")
	at := p.pos()
	refs := p.operandRefs()
	p.expect(")")
	if p.acceptKeyword("vararg") {
		p.expect("(")
		st.AddProp("var_callee_type", &TypeAttr{Type: p.parseType()})
		p.expect(")")
	}
	st.AddProp("op_bundle_sizes", p.i32Array())
	p.optionalAttrDict(st)
	st.defaultProp("fastmathFlags", llvmNoFastmath)
	p.expect(":")
	if callee != nil {
		st.Operands = append(st.Operands, p.resolve(*callee, p.parseType()))
		p.expect(",")
	}
	fn := p.functionTypeAt()
	st.Operands = append(st.Operands, p.resolveAll(refs, fn.Inputs, at)...)
	st.ResultTypes = fn.Results
	p.setSegments(st, len(st.Operands), 0)
}

func printLLVMCall(p *printer, op *Operation) bool {
	cconv, ok1 := llvmEnumKeyword(op.Prop("CConv"), "cconv", llvmCConvs)
	tail, ok2 := llvmEnumKeyword(op.Prop("TailCallKind"), "tailcallkind", llvmTailCallKinds)
	bundles, ok3 := op.Prop("op_bundle_sizes").(*DenseArrayAttr)
	if ok3 {
		sizes, ok := bundles.Int64s()
		ok3 = ok && len(sizes) == 0
	}
	segs := segments(op)
	if !ok1 || !ok2 || !ok3 || len(segs) != 2 || len(segs[1]) != 0 ||
		op.Prop("arg_attrs") != nil || op.Prop("res_attrs") != nil || op.Prop("op_bundle_tags") != nil {
		return false
	}
	callee, direct := op.Prop("callee").(*SymbolRefAttr)
	args := op.operands
	if !direct && (op.Prop("callee") != nil || len(args) == 0) {
		return false
	}
	varType, varOK := op.Prop("var_callee_type").(*TypeAttr)
	if op.Prop("var_callee_type") != nil && !varOK {
		return false
	}
	p.w("llvm.call ")
	if cconv != "ccc" {
		p.w(cconv + " ")
	}
	if tail != "none" {
		p.w(tail + " ")
	}
	if direct {
		p.attr(callee)
	} else {
		p.value(args[0])
		args = args[1:]
	}
	p.w("(")
	p.values(args)
	p.w(")")
	if varOK {
		p.w(" vararg(")
		p.typ(varType.Type)
		p.w(")")
	}
	elided := []string{"callee", "CConv", "TailCallKind", "var_callee_type", "op_bundle_sizes", "operandSegmentSizes"}
	if isNoFastmath(op.Prop("fastmathFlags")) {
		elided = append(elided, "fastmathFlags")
	}
	p.attrDict(op, elided...)
	p.w(" : ")
	if !direct {
		p.typ(op.operands[0].typ)
		p.w(", ")
	}
	p.typ(&FunctionType{Inputs: valueTypes(args), Results: resultTypes(op)})
	return true
}

// --- llvm.alloca ---

// llvm.alloca inalloca? %size x type attr-dict : (T) -> !llvm.ptr
func parseLLVMAlloca(p *parser, st *OpState) {
	if p.acceptKeyword("inalloca") {
		st.AddProp("inalloca", UnitAttr{})
	}
	ref := p.operandRef()
	p.expectKeyword("x")
	st.AddProp("elem_type", &TypeAttr{Type: p.parseType()})
	p.optionalAttrDict(st)
	if a, ok := st.Attrs.Get("alignment").(*IntegerAttr); ok {
		if n, ok := a.Int64(); ok && n == 0 {
			st.Attrs.Delete("alignment") // MLIR's parser drops a zero alignment
		}
	}
	p.expect(":")
	at := p.pos()
	fn := p.functionTypeAt()
	if len(fn.Inputs) != 1 || len(fn.Results) != 1 {
		p.failAt(at, "expected a function type of one input and one result")
	}
	st.Operands = []*Value{p.resolve(ref, fn.Inputs[0])}
	st.ResultTypes = fn.Results
}

func printLLVMAlloca(p *printer, op *Operation) bool {
	elem, ok := op.Prop("elem_type").(*TypeAttr)
	inalloca := op.Prop("inalloca")
	if _, unit := inalloca.(UnitAttr); !ok || len(op.operands) != 1 || len(op.results) != 1 || inalloca != nil && !unit {
		return false
	}
	p.w("llvm.alloca ")
	if inalloca != nil {
		p.w("inalloca ")
	}
	p.value(op.operands[0])
	p.w(" x ")
	p.typ(elem.Type)
	p.attrDictColonFunctionType(op, "elem_type", "inalloca")
	return true
}

// --- llvm.icmp, llvm.fcmp ---

// llvmCmpSyntax is the syntax of the comparison `"predicate" %a, %b
// attr-dict : T`, whose result is i1 or a vector of i1 of T's shape.
func llvmCmpSyntax(predicates *declEnum) *opSyntax {
	return &opSyntax{
		Inherent: []string{"predicate", "fastmathFlags"},
		Parse: func(p *parser, st *OpState) {
			st.AddProp("predicate", predicates.attr(predicates.parseCase(p, "predicate")))
			a := p.operandRef()
			p.expect(",")
			b := p.operandRef()
			p.optionalAttrDict(st)
			if predicates == llvmFCmpPredicate {
				st.defaultProp("fastmathFlags", llvmNoFastmath)
			}
			p.expect(":")
			t := p.parseType()
			st.Operands = []*Value{p.resolve(a, t), p.resolve(b, t)}
			var result Type = I1
			if v, ok := t.(*VectorType); ok {
				result = &VectorType{Shape: v.Shape, Scalable: v.Scalable, Elem: I1}
			}
			st.ResultTypes = []Type{result}
		},
		Print: func(p *printer, op *Operation) bool {
			kw := predicates.keyword(op.Prop("predicate"))
			if kw == "" || len(op.operands) != 2 || len(op.results) != 1 || !TypesEqual(op.operands[0].typ, op.operands[1].typ) {
				return false
			}
			p.w(op.Name + " " + strconv.Quote(kw) + " ")
			p.value(op.operands[0])
			p.w(", ")
			p.value(op.operands[1])
			elided := []string{"predicate"}
			if isNoFastmath(op.Prop("fastmathFlags")) {
				elided = append(elided, "fastmathFlags")
			}
			p.attrDictColonType(op, op.operands[0].typ, elided...)
			return true
		},
	}
}

// --- llvm.getelementptr ---

// gepDynamic marks, among a GEP's raw constant indices, the place of a
// dynamic index.
const gepDynamic = math.MinInt32

// custom<GEPIndices>($dynamicIndices, $rawConstantIndices): `%i, 2, %j`.
func parseGEPIndices(c *customCall) {
	p := c.p
	var refs []operandRef
	var raw []int
	if !p.is("]") {
		p.commaList(func() {
			if p.isOperand() {
				refs = append(refs, p.operandRef())
				raw = append(raw, gepDynamic)
				return
			}
			raw = append(raw, int(p.integer()))
		})
	}
	c.s.refs[c.name(0)] = refs
	c.st.AddProp(c.name(1), p.i32Array(raw...))
}

// gepIndices returns a GEP's raw constant indices.
func (c *customCall) gepIndices() ([]int64, bool) {
	raw, ok := c.dp.op.Prop(c.name(1)).(*DenseArrayAttr)
	if !ok || !TypesEqual(raw.Elem, I32) {
		return nil, false
	}
	return raw.Int64s()
}

func gepIndicesFit(c *customCall) bool {
	raw, ok := c.gepIndices()
	return ok && len(c.values(0)) == count(raw, gepDynamic)
}

func printGEPIndices(c *customCall) {
	raw, _ := c.gepIndices()
	dynamic := c.values(0)
	for i, n := range raw {
		if i > 0 {
			c.dp.p.w(", ")
		}
		if n == gepDynamic {
			c.dp.p.value(dynamic[0])
			dynamic = dynamic[1:]
			continue
		}
		c.dp.p.w(strconv.FormatInt(n, 10))
	}
}

// count is the number of elements of s equal to v.
func count[T comparable](s []T, v T) int {
	n := 0
	for _, x := range s {
		if x == v {
			n++
		}
	}
	return n
}

// --- llvm.mlir.global ---

var llvmGlobalInherent = []string{
	"global_type", "constant", "sym_name", "linkage", "dso_local", "thread_local_", "externally_initialized",
	"value", "alignment", "addr_space", "unnamed_addr", "section", "comdat", "dbg_exprs", "visibility_",
	"target_specific_attrs",
}

// llvm.mlir.global linkage? visibility? thread_local? unnamed_addr?
// constant? @name(value?) attr-dict (: type)? region?; a string value
// gives the type, an array of its bytes.
func parseLLVMGlobal(p *parser, st *OpState) {
	st.AddProp("linkage", llvmEnumAttr("linkage", p.llvmKeyword(llvmLinkages, "external")))
	p.llvmSpelledProp(st, "visibility_", llvmVisibilities)
	if p.acceptKeyword("thread_local") {
		st.AddProp("thread_local_", UnitAttr{})
	}
	p.llvmSpelledProp(st, "unnamed_addr", llvmUnnamedAddrs)
	if p.acceptKeyword("constant") {
		st.AddProp("constant", UnitAttr{})
	}
	st.AddProp("sym_name", Str(p.symbolName()))
	p.expect("(")
	var value Attribute
	if !p.is(")") {
		value = p.parseAttr()
		st.AddProp("value", value)
	}
	p.expect(")")
	if p.isKeyword("comdat") {
		p.fail("bufferlog does not read llvm.mlir.global's comdat clause: write the global in the generic form")
	}
	p.optionalAttrDict(st)
	st.defaultProp("addr_space", IntAttr(0, I32))
	switch s, isString := value.(*StringAttr); {
	case p.accept(":"):
		st.AddProp("global_type", &TypeAttr{Type: p.parseType()})
	case isString && s.Type == nil:
		st.AddProp("global_type", &TypeAttr{Type: &OpaqueType{Text: "!llvm.array<" + strconv.Itoa(len(s.Value)) + " x i8>"}})
	default:
		p.fail("expected ':' and the global's type")
	}
	st.Regions = []*Region{{}}
	if p.is("{") {
		st.Regions[0] = p.parseRegion(nil)
	}
}

func printLLVMGlobal(p *printer, op *Operation) bool {
	linkage, ok1 := llvmEnumKeyword(op.Prop("linkage"), "linkage", llvmLinkages)
	visibility, ok2 := llvmSpelledInt(op.Prop("visibility_"), llvmVisibilities)
	unnamed, ok3 := llvmSpelledInt(op.Prop("unnamed_addr"), llvmUnnamedAddrs)
	name, ok4 := op.Prop("sym_name").(*StringAttr)
	ta, ok5 := op.Prop("global_type").(*TypeAttr)
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || op.Prop("comdat") != nil || len(op.Regions) != 1 || len(op.operands) != 0 || len(op.results) != 0 {
		return false
	}
	for _, unit := range []string{"thread_local_", "constant"} {
		if a := op.Prop(unit); a != nil {
			if _, ok := a.(UnitAttr); !ok {
				return false
			}
		}
	}
	p.w("llvm.mlir.global " + linkage + " ")
	if visibility != "" {
		p.w(visibility + " ")
	}
	if op.Prop("thread_local_") != nil {
		p.w("thread_local ")
	}
	if unnamed != "" {
		p.w(unnamed + " ")
	}
	if op.Prop("constant") != nil {
		p.w("constant ")
	}
	p.symbol(name.Value)
	p.w("(")
	if v := op.Prop("value"); v != nil {
		p.attr(v)
	}
	p.w(")")
	p.attrDict(op, "sym_name", "global_type", "constant", "value", "linkage", "unnamed_addr", "thread_local_", "visibility_")
	p.w(" : ")
	p.typ(ta.Type)
	if r := op.Regions[0]; len(r.blocks) > 0 {
		p.w(" ")
		p.region(r, false)
	}
	return true
}
