package ir

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The llvm dialect: what programs lowered from memrefs are made of. The
// ops declared with an assembly format come from one table (format.go
// interprets it), the intrinsics among them from tables of names that
// share a format; functions, calls, invokes, allocas, comparisons,
// branches, switches, landing pads, globals, aliases and ifuncs are
// custom syntax, written here. Inside LLVM's own types, LLVM types drop
// their `!llvm.` prefix (`!llvm.func<ptr (i32)>`), as MLIR prints them.

func init() {
	for _, d := range llvmOps {
		register(d.name, d.syntax())
	}
	register("llvm.func", &opSyntax{Inherent: llvmFuncInherent, Parse: parseLLVMFunc, Print: printLLVMFunc})
	register("llvm.call", &opSyntax{Inherent: llvmCallInherent, Parse: parseLLVMCall, Print: printLLVMCall})
	register("llvm.invoke", &opSyntax{Terminator: true, Branch: true, Inherent: llvmInvokeInherent, Parse: parseLLVMInvoke, Print: printLLVMInvoke})
	register("llvm.landingpad", &opSyntax{Inherent: []string{"cleanup"}, Parse: parseLLVMLandingpad, Print: printLLVMLandingpad})
	register("llvm.mlir.global", &opSyntax{Inherent: llvmGlobalInherent, Parse: parseLLVMGlobal, Print: printLLVMGlobal})
	register("llvm.mlir.alias", &opSyntax{Inherent: llvmAliasInherent, Parse: parseLLVMAlias, Print: printLLVMAlias})
	register("llvm.mlir.ifunc", &opSyntax{Inherent: llvmIFuncInherent, Parse: parseLLVMIFunc, Print: printLLVMIFunc})
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
	register("llvm.switch", &opSyntax{
		Terminator: true,
		Branch:     true,
		Inherent:   []string{"case_values", "case_operand_segments", "branch_weights"},
		Parse:      parseLLVMSwitch,
		Print:      printLLVMSwitch,
	})
	register("llvm.indirectbr", &opSyntax{Terminator: true, Branch: true, Inherent: []string{"indbr_operand_segments"}, Parse: parseLLVMIndirectBr, Print: printLLVMIndirectBr})
}

var (
	llvmPtrType = &OpaqueType{Text: "!llvm.ptr"}

	llvmOverflow      = &declEnum{cases: []string{"none", "nsw", "nuw"}, values: []int64{0, 1, 2}, typ: I32, sep: ", ", wrap: "overflow"}
	llvmGEPFlags      = &declEnum{cases: []string{"none", "inbounds", "nusw", "nuw"}, values: []int64{0, 3, 2, 4}, typ: I32, sep: "|"}
	llvmOrdering      = &declEnum{cases: []string{"not_atomic", "unordered", "monotonic", "acquire", "release", "acq_rel", "seq_cst"}, values: []int64{0, 1, 2, 4, 5, 6, 7}, typ: I64}
	llvmICmpPredicate = &declEnum{cases: []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}, typ: I64, quoted: true}
	llvmFCmpPredicate = &declEnum{cases: []string{"_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "_true"}, typ: I64, quoted: true}
	// The operations of llvm.atomicrmw, in the order of their values.
	llvmAtomicBinOp = &declEnum{cases: strings.Fields("xchg add sub _and nand _or _xor max min umax umin fadd fsub fmax fmin " +
		"uinc_wrap udec_wrap usub_cond usub_sat fmaximum fminimum"), typ: I64}
	llvmAsmDialect          = &declEnum{cases: []string{"att", "intel"}, typ: I64}
	llvmComdatSelector      = &declEnum{cases: []string{"any", "exactmatch", "largest", "nodeduplicate", "samesize"}, typ: I64}
	llvmRoundingMode        = &declEnum{cases: []string{"towardzero", "tonearest", "upward", "downward", "tonearestaway", "dynamic"}, values: []int64{0, 1, 2, 3, 4, 7}, typ: I64}
	llvmFPExceptionBehavior = &declEnum{cases: []string{"ignore", "maytrap", "strict"}, typ: I64}
)

// The attributes of memory accesses that attr-dict writes: the aliasing
// ones, and those of loads and stores.
const (
	llvmAliasAttrs  = "@access_groups?:any, @alias_scopes?:any, @noalias_scopes?:any, @tbaa?:any"
	llvmAccessAttrs = "@alignment?:any, @nontemporal?:unit, " + llvmAliasAttrs
)

// llvmOps are the llvm ops whose syntax is declarative.
var llvmOps = slices.Concat([]*declOp{
	declare("llvm.mlir.poison", "-> res", "attr-dict `:` type($res)"),
	declare("llvm.mlir.undef", "-> res", "attr-dict `:` type($res)"),
	declare("llvm.mlir.zero", "-> res", "attr-dict `:` type($res)"),
	declare("llvm.mlir.none", "-> res", "attr-dict `:` type($res)"),
	declare("llvm.mlir.constant", "@value:any -> res", "`(` $value `)` attr-dict `:` type($res)"),
	declare("llvm.mlir.addressof", "@global_name:ref -> res", "$global_name attr-dict `:` qualified(type($res))"),
	declare("llvm.dso_local_equivalent", "@function_name:ref -> res", "$function_name attr-dict `:` qualified(type($res))"),
	declare("llvm.blockaddress", "@block_addr:#llvm.blockaddress -> res", "$block_addr attr-dict `:` qualified(type($res))"),
	declare("llvm.blocktag", "@tag:#llvm.blocktag", "$tag attr-dict"),
	declare("llvm.return", "arg?", "attr-dict ($arg^ `:` type($arg))?").endsBlock(),
	declare("llvm.resume", "value", "$value attr-dict `:` type($value)").endsBlock(),
	declare("llvm.unreachable", "", "attr-dict").endsBlock(),

	llvmIntOverflow("llvm.add"), llvmIntOverflow("llvm.sub"), llvmIntOverflow("llvm.mul"), llvmIntOverflow("llvm.shl"),
	llvmIntExact("llvm.udiv"), llvmIntExact("llvm.sdiv"), llvmIntExact("llvm.lshr"), llvmIntExact("llvm.ashr"),
	llvmInt("llvm.urem"), llvmInt("llvm.srem"), llvmInt("llvm.and"), llvmInt("llvm.xor"),
	declare("llvm.or", "@isDisjoint?:unit, lhs:=res, rhs:=res -> res", "(`disjoint` $isDisjoint^)? $lhs `,` $rhs attr-dict `:` type($res)"),
	llvmFloat("llvm.fadd"), llvmFloat("llvm.fsub"), llvmFloat("llvm.fmul"), llvmFloat("llvm.fdiv"), llvmFloat("llvm.frem"),
	declare("llvm.fneg", "operand:=res, "+llvmFastmath+" -> res", "$operand attr-dict `:` type($res)"),
	declare("llvm.select", "condition, trueValue:=res, falseValue:=res, "+llvmFastmath+" -> res", "operands attr-dict `:` type($condition) `,` type($res)"),
	declare("llvm.freeze", "val -> res:=val", "$val attr-dict `:` type($val)"),
	declare("llvm.va_arg", "arg -> res", "$arg attr-dict `:` functional-type($arg, $res)"),

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
	declare("llvm.fence", "@ordering:llvm.ordering, @syncscope?:str", "(`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict"),
	declare("llvm.atomicrmw", "@volatile_?:unit, @bin_op:llvm.atomic_bin_op, ptr, val, @ordering:llvm.ordering, @syncscope?:str, @alignment?:any, "+llvmAliasAttrs+" -> res:=val",
		"(`volatile` $volatile_^)? $bin_op $ptr `,` $val (`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict `:` qualified(type($ptr)) `,` type($val)"),
	// MLIR infers the result of llvm.cmpxchg, `!llvm.struct<(T, i1)>`;
	// the directive at the end of its format says so.
	declare("llvm.cmpxchg", "@weak?:unit, @volatile_?:unit, ptr, cmp:=val, val, @success_ordering:llvm.ordering, @failure_ordering:llvm.ordering, @syncscope?:str, @alignment?:any, "+llvmAliasAttrs+" -> res",
		"(`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $cmp `,` $val (`syncscope` `(` $syncscope^ `)`)? $success_ordering $failure_ordering attr-dict `:` qualified(type($ptr)) `,` type($val) custom<CmpXchgResultType>(type($res), ref(type($val)))"),

	declare("llvm.extractelement", "vector, position -> res:element(vector)", "$vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)"),
	declare("llvm.insertelement", "vector, value:element(vector), position -> res:=vector", "$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)"),
	declare("llvm.extractvalue", "container, @position:dense_i64 -> res",
		"$container `` $position attr-dict `:` type($container) custom<InsertExtractValueElementType>(type($res), ref(type($container)), ref($position))"),
	declare("llvm.insertvalue", "container, value, @position:dense_i64 -> res:=container",
		"$value `,` $container `` $position attr-dict `:` type($container) custom<InsertExtractValueElementType>(type($value), ref(type($container)), ref($position))"),
	declare("llvm.shufflevector", "v1, v2:=v1, @mask:dense_i32 -> res", "$v1 `,` $v2 $mask attr-dict `:` type($v1) custom<ShuffleType>(ref(type($v1)), type($res), ref($mask))"),

	declare("llvm.inline_asm", "args*, @asm_string:str, @constraints:str, @has_side_effects?:unit, @is_align_stack?:unit, @tail_call_kind:#llvm.tailcallkind=none, @asm_dialect?:llvm.asm_dialect, @operand_attrs?:array -> res?",
		"(`has_side_effects` $has_side_effects^)? (`is_align_stack` $is_align_stack^)? (`tail_call_kind` `=` $tail_call_kind^)? (`asm_dialect` `=` $asm_dialect^)? (`operand_attrs` `=` $operand_attrs^)? attr-dict $asm_string `,` $constraints operands `:` functional-type(operands, results)"),
	declare("llvm.call_intrinsic", "@intrin:str, args*, op_bundle_operands*, "+llvmFastmath+", "+llvmOpBundleAttrs+" -> results?; segmented",
		"$intrin `(` $args `)` custom<OpBundles>($op_bundle_operands, type($op_bundle_operands), $op_bundle_sizes, $op_bundle_tags) attr-dict `:` functional-type($args, $results)"),

	declare("llvm.mlir.global_ctors", "@ctors:array, @priorities:array, @data:array", "`ctors` `=` $ctors `,` `priorities` `=` $priorities `,` `data` `=` $data attr-dict"),
	declare("llvm.mlir.global_dtors", "@dtors:array, @priorities:array, @data:array", "`dtors` `=` $dtors `,` `priorities` `=` $priorities `,` `data` `=` $data attr-dict"),
	declare("llvm.comdat", "@sym_name:sym, ^body", "$sym_name $body attr-dict").withoutTerminator(),
	declare("llvm.comdat_selector", "@sym_name:sym, @comdat:llvm.comdat", "$sym_name $comdat attr-dict"),
	declare("llvm.linker_options", "@options:array", "$options attr-dict"),
	declare("llvm.module_flags", "@flags:array", "$flags attr-dict"),
}, llvmIntrinsicOps)

// llvmOpBundleAttrs are the properties of an op's operand bundles: the
// size of each and its tag.
const llvmOpBundleAttrs = "@op_bundle_sizes:dense_i32=[], @op_bundle_tags?:array"

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

// --- intrinsics ---

// The formats intrinsics share: a call, `(%a, %b) : (T, T) -> R`, and an
// operand list, `%a, %b : (T, T) -> R`.
const (
	llvmCallFormat        = "`(` operands `)` attr-dict `:` functional-type(operands, results)"
	llvmOperandListFormat = "operands attr-dict `:` functional-type(operands, results)"
	llvmPointerFormat     = "$ptr attr-dict `:` qualified(type($ptr))"
)

// llvmIntrinsicFamilies are the intrinsics (`llvm.intr.` left out) that
// share a signature and a format.
var llvmIntrinsicFamilies = []struct {
	signature, format string
	names             []string
}{
	{"args*, " + llvmFastmath + " -> res", llvmCallFormat, strings.Fields("fabs ceil floor trunc round roundeven rint nearbyint " +
		"sqrt exp exp2 exp10 log log2 log10 sin cos tan asin acos atan sinh cosh tanh frexp sincos " +
		"copysign pow powi ldexp atan2 maxnum minnum maximum minimum fma fmuladd " +
		"vector.reduce.fmax vector.reduce.fmin vector.reduce.fmaximum vector.reduce.fminimum")},
	{"args* -> res", llvmCallFormat, strings.Fields("bitreverse bswap ctpop fshl fshr smax smin umax umin " +
		"sadd.sat uadd.sat ssub.sat usub.sat sshl.sat ushl.sat lround llround lrint llrint")},
	{"args* -> res", llvmOperandListFormat, strings.Fields("ptrmask eh.typeid.for coro.id coro.begin coro.save coro.end coro.free coro.promise")},
	{"ptr", llvmPointerFormat, strings.Fields("lifetime.start lifetime.end stackrestore vastart vaend coro.resume")},
	{"ptr -> res:=ptr", llvmPointerFormat, strings.Fields("launder.invariant.group strip.invariant.group")},
	{"-> res", "attr-dict `:` type($res)", strings.Fields("stacksave stepvector coro.size coro.align")},
	{"", "attr-dict", strings.Fields("trap debugtrap")},
	{"arg_0, @roundingmode:llvm.rounding, @fpExceptionBehavior:llvm.fp_exception -> res",
		"$arg_0 $roundingmode $fpExceptionBehavior attr-dict `:` type($arg_0) `to` type($res)",
		strings.Fields("experimental.constrained.sitofp experimental.constrained.uitofp experimental.constrained.fptrunc")},
	{"arg_0, @fpExceptionBehavior:llvm.fp_exception -> res",
		"$arg_0 $fpExceptionBehavior attr-dict `:` type($arg_0) `to` type($res)",
		strings.Fields("experimental.constrained.fpext")},
}

// llvmIntrinsicOps are the intrinsics whose syntax is declarative: the
// families, and those of a format of their own.
var llvmIntrinsicOps = append(llvmIntrinsicFamilyOps(),
	declare("llvm.intr.invariant.start", "@size:i64, ptr -> res:!llvm.ptr", "$size `,` $ptr attr-dict `:` qualified(type($ptr))"),
	declare("llvm.intr.invariant.end", "start:!llvm.ptr, @size:i64, ptr", "$start `,` $size `,` $ptr attr-dict `:` qualified(type($ptr))"),
	declare("llvm.intr.assume", "cond, op_bundle_operands*, "+llvmOpBundleAttrs,
		"$cond custom<OpBundles>($op_bundle_operands, type($op_bundle_operands), $op_bundle_sizes, $op_bundle_tags) `:` type($cond) attr-dict"),
	declare("llvm.intr.ssa.copy", "operand -> res:=operand", "$operand attr-dict `:` type($operand)"),
	declare("llvm.intr.expect", "val, expected:=val -> res:=val", "$val `,` $expected attr-dict `:` type($val)"),
	declare("llvm.intr.ubsantrap", "@failureKind:any", "prop-dict attr-dict"),
	declare("llvm.intr.expect.with.probability", "val, expected:=val, @prob:f64 -> res:=val", "$val `,` $expected `,` $prob attr-dict `:` type($val)"),
	declare("llvm.intr.coro.suspend", "save:!llvm.token, final:i1 -> res", "$save `,` $final attr-dict `:` type($res)"),
	declare("llvm.intr.vacopy", "dest_list, src_list", "$src_list `to` $dest_list attr-dict `:` type($dest_list) `,` type($src_list)"),
	declare("llvm.intr.experimental.noalias.scope.decl", "@scope:any", "$scope attr-dict"),
	declare("llvm.intr.dbg.label", "@label:any", "$label attr-dict"),
	declare("llvm.intr.dbg.declare", "addr, @varInfo:any, @locationExpr:any=#llvm.di_expression<>",
		"qualified($varInfo) (qualified($locationExpr)^)? `=` $addr `:` qualified(type($addr)) attr-dict"),
	declare("llvm.intr.dbg.value", "value, @varInfo:any, @locationExpr:any=#llvm.di_expression<>",
		"qualified($varInfo) (qualified($locationExpr)^)? `=` $value `:` qualified(type($value)) attr-dict"),
	declare("llvm.intr.get.active.lane.mask", "base, n -> res", "$base `,` $n attr-dict `:` type($base) `,` type($n) `to` type($res)"),
	declare("llvm.intr.vector.insert", "dstvec:=res, srcvec, @pos:i64 -> res", "$srcvec `,` $dstvec `[` $pos `]` attr-dict `:` type($srcvec) `into` type($res)"),
	declare("llvm.intr.vector.extract", "srcvec, @pos:i64 -> res", "$srcvec `[` $pos `]` attr-dict `:` type($res) `from` type($srcvec)"),
	declare("llvm.intr.masked.load", "data, mask, pass_thru?, @alignment:any, @nontemporal?:unit -> res", llvmOperandListFormat),
	declare("llvm.intr.masked.gather", "ptrs, mask, pass_thru*, @alignment:any -> res", llvmOperandListFormat),
	declare("llvm.intr.masked.store", "value, data, mask, @alignment:any", "$value `,` $data `,` $mask attr-dict `:` type($value) `,` type($mask) `into` qualified(type($data))"),
	declare("llvm.intr.masked.scatter", "value, ptrs, mask, @alignment:any", "$value `,` $ptrs `,` $mask attr-dict `:` type($value) `,` type($mask) `into` type($ptrs)"),
	declare("llvm.intr.matrix.column.major.load", "data, stride, @isVolatile:any, @rows:any, @columns:any -> res",
		"$data `,` `<` `stride` `=` $stride `>` attr-dict `:` type($res) `from` qualified(type($data)) `stride` type($stride)"),
	declare("llvm.intr.matrix.column.major.store", "matrix, data, stride, @isVolatile:any, @rows:any, @columns:any",
		"$matrix `,` $data `,` `<` `stride` `=` $stride `>` attr-dict `:` type($matrix) `to` qualified(type($data)) `stride` type($stride)"),
	declare("llvm.intr.matrix.multiply", "lhs, rhs, @lhs_rows:any, @lhs_columns:any, @rhs_columns:any -> res",
		"$lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type($res)"),
	declare("llvm.intr.matrix.transpose", "matrix, @rows:any, @columns:any -> res", "$matrix attr-dict `:` type($matrix) `into` type($res)"),
)

func llvmIntrinsicFamilyOps() []*declOp {
	var ops []*declOp
	for _, f := range llvmIntrinsicFamilies {
		for _, name := range f.names {
			ops = append(ops, declare("llvm.intr."+name, f.signature, f.format))
		}
	}
	return ops
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
	if p.acceptKeyword("vscale_range") {
		p.expect("(")
		lo := p.integer()
		p.expect(",")
		hi := p.integer()
		p.expect(")")
		st.AddProp("vscale_range", llvmVScaleRange(lo, hi))
	}
	p.llvmComdat(st)
	p.optionalAttrDictWithKeyword(st)
	p.funcBody(st, sig)
}

func printLLVMFunc(p *printer, op *Operation) bool {
	_, ok1 := llvmEnumKeyword(op.Prop("linkage"), "linkage", llvmLinkages)
	_, ok2 := llvmEnumKeyword(op.Prop("CConv"), "cconv", llvmCConvs)
	_, ok3 := llvmSpelledInt(op.Prop("visibility_"), llvmVisibilities)
	_, ok4 := llvmSpelledInt(op.Prop("unnamed_addr"), llvmUnnamedAddrs)
	vscale := op.Prop("vscale_range")
	lo, hi, ok5 := llvmVScaleBounds(vscale)
	comdat, ok6 := llvmComdatOf(op)
	if !ok1 || !ok2 || !ok3 || !ok4 || vscale != nil && !ok5 || !ok6 {
		return false
	}
	return printFunction(p, "llvm.func", op, funcClauses{
		elided:    []string{"linkage", "CConv", "visibility_", "unnamed_addr", "vscale_range", "comdat"},
		header:    llvmFuncHeader,
		signature: llvmSignature,
		print: func(p *printer, op *Operation, _ []*Value) bool {
			if vscale != nil {
				p.w(" vscale_range(" + strconv.FormatInt(lo, 10) + ", " + strconv.FormatInt(hi, 10) + ")")
			}
			p.llvmComdat(comdat)
			return true
		},
	})
}

// llvmVScaleRange is the attribute of llvm.func's `vscale_range(lo, hi)`.
func llvmVScaleRange(lo, hi int64) *OpaqueAttr {
	return &OpaqueAttr{Text: "#llvm.vscale_range<minRange = " + strconv.FormatInt(lo, 10) + " : i32, maxRange = " + strconv.FormatInt(hi, 10) + " : i32>"}
}

// llvmVScaleBounds reads the bounds back from the attribute as MLIR
// prints it; false for any other spelling, which the generic form keeps.
func llvmVScaleBounds(a Attribute) (lo, hi int64, ok bool) {
	o, isOpaque := a.(*OpaqueAttr)
	if !isOpaque {
		return 0, 0, false
	}
	if _, err := fmt.Sscanf(o.Text, "#llvm.vscale_range<minRange = %d : i32, maxRange = %d : i32>", &lo, &hi); err != nil {
		return 0, 0, false
	}
	return lo, hi, llvmVScaleRange(lo, hi).Text == o.Text
}

// llvmComdat parses the optional `comdat(@table::@selector)` of an
// llvm.func or llvm.mlir.global.
func (p *parser) llvmComdat(st *OpState) {
	if p.acceptKeyword("comdat") {
		p.expect("(")
		st.AddProp("comdat", p.parseSymbolRef())
		p.expect(")")
	}
}

// llvmComdatOf is the comdat selector of op, nil if none; false if it is
// not a symbol reference, which the custom form cannot spell.
func llvmComdatOf(op *Operation) (*SymbolRefAttr, bool) {
	a := op.Prop("comdat")
	ref, ok := a.(*SymbolRefAttr)
	return ref, a == nil || ok
}

// llvmComdat prints ` comdat(@table::@selector)` if there is one.
func (p *printer) llvmComdat(ref *SymbolRefAttr) {
	if ref != nil {
		p.w(" comdat(")
		p.attr(ref)
		p.w(")")
	}
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

// --- llvm.call, llvm.invoke, llvm.call_intrinsic ---

var llvmCallInherent = []string{
	"var_callee_type", "callee", "fastmathFlags", "CConv", "TailCallKind", "memory_effects", "convergent",
	"no_unwind", "will_return", "op_bundle_sizes", "op_bundle_tags", "arg_attrs", "res_attrs", "no_inline",
	"always_inline", "inline_hint", "access_groups", "alias_scopes", "noalias_scopes", "tbaa",
	"branch_weights", "operandSegmentSizes",
}

var llvmInvokeInherent = []string{
	"var_callee_type", "callee", "arg_attrs", "res_attrs", "branch_weights", "CConv", "op_bundle_sizes",
	"op_bundle_tags", "operandSegmentSizes",
}

var llvmTailCallKinds = []string{"none", "tail", "musttail", "notail"}

// llvmCallParse is what the parser has read of a call or an invoke: its
// callee, when indirect, its arguments and its operand bundles.
type llvmCallParse struct {
	callee  *operandRef
	args    []operandRef
	argsAt  Pos
	bundles llvmOpBundles
}

// llvmCallee reads `@callee(args)`, setting the callee property, or
// `%fn(args)`.
func (p *parser) llvmCallee(st *OpState) *llvmCallParse {
	c := &llvmCallParse{}
	if p.tok.kind == tAt {
		st.AddProp("callee", p.parseSymbolRef())
	} else {
		r := p.operandRef()
		c.callee = &r
	}
	p.expect("(")
	c.argsAt = p.pos()
	c.args = p.operandRefs()
	p.expect(")")
	return c
}

// llvmCallTail reads what follows the callee and, for an invoke, the
// successors: `vararg(type)`, operand bundles, attr-dict and `: (fn
// type ,)? (inputs) -> results`. It returns the callee operands (the
// indirect callee and the arguments) and the bundle operands.
func (p *parser) llvmCallTail(st *OpState, c *llvmCallParse) (calleeOperands, bundleOperands []*Value) {
	if p.acceptKeyword("vararg") {
		p.expect("(")
		st.AddProp("var_callee_type", &TypeAttr{Type: p.parseType()})
		p.expect(")")
	}
	c.bundles = p.llvmOpBundles()
	c.bundles.setOn(p, st)
	p.optionalAttrDict(st)
	p.expect(":")
	if c.callee != nil {
		calleeOperands = append(calleeOperands, p.resolve(*c.callee, p.parseType()))
		p.expect(",")
	}
	fn := p.functionTypeAt()
	calleeOperands = append(calleeOperands, p.resolveAll(c.args, fn.Inputs, c.argsAt)...)
	st.ResultTypes = fn.Results
	return calleeOperands, p.resolveAll(c.bundles.refs, c.bundles.types, c.bundles.at)
}

// llvm.call cconv? tailkind? (@callee | %fn)(args) (vararg(type))?
// bundles? attr-dict : (fn type ,)? (types) -> results
func parseLLVMCall(p *parser, st *OpState) {
	st.AddProp("CConv", llvmEnumAttr("cconv", p.llvmKeyword(llvmCConvs, "ccc")))
	st.AddProp("TailCallKind", llvmEnumAttr("tailcallkind", p.llvmKeyword(llvmTailCallKinds[1:], "none")))
	c := p.llvmCallee(st)
	calleeOperands, bundleOperands := p.llvmCallTail(st, c)
	st.defaultProp("fastmathFlags", llvmNoFastmath)
	st.Operands = append(calleeOperands, bundleOperands...)
	p.setSegments(st, len(calleeOperands), len(bundleOperands))
}

// llvm.invoke cconv? (@callee | %fn)(args) to ^normal(args) unwind
// ^unwind(args) (vararg(type))? bundles? attr-dict : (fn type ,)? (types)
// -> results
func parseLLVMInvoke(p *parser, st *OpState) {
	st.AddProp("CConv", llvmEnumAttr("cconv", p.llvmKeyword(llvmCConvs, "ccc")))
	c := p.llvmCallee(st)
	p.expectKeyword("to")
	normal, normalArgs := p.successorWithArgs()
	p.expectKeyword("unwind")
	unwind, unwindArgs := p.successorWithArgs()
	st.Successors = []*Block{normal, unwind}
	calleeOperands, bundleOperands := p.llvmCallTail(st, c)
	st.Operands = slices.Concat(calleeOperands, normalArgs, unwindArgs, bundleOperands)
	p.setSegments(st, len(calleeOperands), len(normalArgs), len(unwindArgs), len(bundleOperands))
}

// llvmCallSite is a call or an invoke being printed.
type llvmCallSite struct {
	op     *Operation
	callee *SymbolRefAttr // a direct call's
	fn     *Value         // an indirect call's
	args   []*Value
	// bundles are the operand bundles' operands, one group per tag.
	bundles [][]*Value
	tags    []Attribute
}

// llvmCallSiteOf splits the operands of a call or an invoke; ok is false
// where its custom form cannot write it.
func llvmCallSiteOf(op *Operation, calleeOperands, bundleOperands []*Value) (*llvmCallSite, bool) {
	c := &llvmCallSite{op: op, args: calleeOperands}
	bundles, tags, ok := llvmBundleGroups(op, bundleOperands)
	c.bundles, c.tags = bundles, tags
	_, isType := op.Prop("var_callee_type").(*TypeAttr)
	if !ok || op.Prop("var_callee_type") != nil && !isType || op.Prop("arg_attrs") != nil || op.Prop("res_attrs") != nil || len(op.results) > 1 {
		return nil, false
	}
	if callee, direct := op.Prop("callee").(*SymbolRefAttr); direct {
		c.callee = callee
		return c, true
	}
	if op.Prop("callee") != nil || len(calleeOperands) == 0 {
		return nil, false
	}
	c.fn, c.args = calleeOperands[0], calleeOperands[1:]
	return c, true
}

// printCallee writes `@callee(args)` or `%fn(args)`.
func (c *llvmCallSite) printCallee(p *printer) {
	if c.callee != nil {
		p.attr(c.callee)
	} else {
		p.value(c.fn)
	}
	p.w("(")
	p.values(c.args)
	p.w(")")
}

// printTail writes the vararg type, the bundles, the attributes but those
// elided and the types.
func (c *llvmCallSite) printTail(p *printer, elided ...string) {
	if t, ok := c.op.Prop("var_callee_type").(*TypeAttr); ok {
		p.w(" vararg(")
		p.typ(t.Type)
		p.w(")")
	}
	if len(c.bundles) > 0 {
		p.w(" ")
		p.llvmOpBundles(c.bundles, c.tags)
	}
	p.attrDict(c.op, append(elided, "callee", "CConv", "var_callee_type", "op_bundle_sizes", "op_bundle_tags")...)
	p.w(" : ")
	if c.fn != nil {
		p.typ(c.fn.typ)
		p.w(", ")
	}
	p.typ(&FunctionType{Inputs: valueTypes(c.args), Results: resultTypes(c.op)})
}

func printLLVMCall(p *printer, op *Operation) bool {
	cconv, ok1 := llvmEnumKeyword(op.Prop("CConv"), "cconv", llvmCConvs)
	tail, ok2 := llvmEnumKeyword(op.Prop("TailCallKind"), "tailcallkind", llvmTailCallKinds)
	segs := segments(op)
	if !ok1 || !ok2 || len(segs) != 2 {
		return false
	}
	c, ok := llvmCallSiteOf(op, segs[0], segs[1])
	if !ok {
		return false
	}
	p.w("llvm.call ")
	if cconv != "ccc" {
		p.w(cconv + " ")
	}
	if tail != "none" {
		p.w(tail + " ")
	}
	c.printCallee(p)
	elided := []string{"TailCallKind"}
	if isNoFastmath(op.Prop("fastmathFlags")) {
		elided = append(elided, "fastmathFlags")
	}
	c.printTail(p, elided...)
	return true
}

func printLLVMInvoke(p *printer, op *Operation) bool {
	cconv, ok := llvmEnumKeyword(op.Prop("CConv"), "cconv", llvmCConvs)
	segs := segments(op)
	if !ok || len(segs) != 4 || len(op.Successors()) != 2 {
		return false
	}
	c, ok := llvmCallSiteOf(op, segs[0], segs[3])
	if !ok {
		return false
	}
	p.w("llvm.invoke ")
	if cconv != "ccc" {
		p.w(cconv + " ")
	}
	c.printCallee(p)
	p.w(" to ")
	p.successorArgs(op.Successors()[0], segs[1])
	p.w(" unwind ")
	p.successorArgs(op.Successors()[1], segs[2])
	c.printTail(p)
	return true
}

// --- operand bundles ---

// llvmOpBundles are the operand bundles of a call as parsed, `["tag"(%a,
// %b : T, U), "other"()]`: their operands, and the size and tag of each.
type llvmOpBundles struct {
	at    Pos
	refs  []operandRef
	types []Type
	sizes []int
	tags  []Attribute
}

// llvmOpBundles reads the operand bundles, if any are next.
func (p *parser) llvmOpBundles() llvmOpBundles {
	b := llvmOpBundles{at: p.pos()}
	if !p.is("[") {
		return b
	}
	p.delimited("[", "]", func() {
		if p.tok.kind != tString {
			p.fail("expected the tag of an operand bundle, found %s", p.describe())
		}
		b.tags = append(b.tags, p.parseAttrNoType())
		p.expect("(")
		refs, types, at := p.typedOperandRefs()
		if len(types) != len(refs) {
			p.failAt(at, "expected %d types for the operands of an operand bundle, but got %d", len(refs), len(types))
		}
		b.refs, b.types = append(b.refs, refs...), append(b.types, types...)
		b.sizes = append(b.sizes, len(refs))
	})
	return b
}

// setOn records the bundles' sizes and, when there are some, their tags,
// as MLIR's parsers do.
func (b llvmOpBundles) setOn(p *parser, st *OpState) {
	st.AddProp("op_bundle_sizes", p.i32Array(b.sizes...))
	if len(b.tags) > 0 {
		st.AddProp("op_bundle_tags", &ArrayAttr{Elems: b.tags})
	}
}

// llvmBundleGroups splits the bundle operands of op by its
// op_bundle_sizes and returns their tags; ok is false when its properties
// do not describe them in a way the custom form writes.
func llvmBundleGroups(op *Operation, operands []*Value) (groups [][]*Value, tags []Attribute, ok bool) {
	a, ok := op.Prop("op_bundle_sizes").(*DenseArrayAttr)
	if !ok || !TypesEqual(a.Elem, I32) {
		return nil, nil, false
	}
	sizes, ok := a.Int64s()
	if !ok {
		return nil, nil, false
	}
	if tagsAttr := op.Prop("op_bundle_tags"); tagsAttr != nil {
		arr, isArray := tagsAttr.(*ArrayAttr)
		if !isArray || len(sizes) == 0 {
			return nil, nil, false
		}
		tags = arr.Elems
	}
	if len(tags) != len(sizes) {
		return nil, nil, false
	}
	for i, n := range sizes {
		if _, isString := tags[i].(*StringAttr); !isString || n < 0 || int(n) > len(operands) {
			return nil, nil, false
		}
		groups, operands = append(groups, operands[:n]), operands[n:]
	}
	return groups, tags, len(operands) == 0
}

// llvmOpBundles writes `["tag"(%a : T), ...]`.
func (p *printer) llvmOpBundles(groups [][]*Value, tags []Attribute) {
	p.w("[")
	for i, g := range groups {
		if i > 0 {
			p.w(", ")
		}
		p.attr(tags[i])
		p.w("(")
		if len(g) > 0 {
			p.values(g)
			p.w(" : ")
			p.valueTypes(g)
		}
		p.w(")")
	}
	p.w("]")
}

// custom<OpBundles>($operands, type($operands), $sizes, $tags): the
// operand bundles, written when there are some.
func parseOpBundlesDirective(c *customCall) {
	b := c.p.llvmOpBundles()
	c.s.refs[c.name(0)], c.s.types[c.name(0)] = b.refs, b.types
	b.setOn(c.p, c.st)
}

func opBundlesDirectiveFits(c *customCall) bool {
	_, _, ok := llvmBundleGroups(c.dp.op, c.values(0))
	return ok
}

func printOpBundlesDirective(c *customCall) {
	if groups, tags, _ := llvmBundleGroups(c.dp.op, c.values(0)); len(groups) > 0 {
		c.dp.blank()
		c.dp.p.llvmOpBundles(groups, tags)
	}
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

// --- llvm.mlir.global, llvm.mlir.alias, llvm.mlir.ifunc ---

var llvmGlobalInherent = []string{
	"global_type", "constant", "sym_name", "linkage", "dso_local", "thread_local_", "externally_initialized",
	"value", "alignment", "addr_space", "unnamed_addr", "section", "comdat", "dbg_exprs", "visibility_",
	"target_specific_attrs",
}

var llvmAliasInherent = []string{"alias_type", "sym_name", "linkage", "dso_local", "thread_local_", "unnamed_addr", "visibility_"}

var llvmIFuncInherent = []string{
	"sym_name", "i_func_type", "resolver", "resolver_type", "linkage", "dso_local", "address_space", "unnamed_addr", "visibility_",
}

// llvmGlobalHeader reads what leads a global, an alias or an ifunc:
// linkage? visibility? thread_local? (where allowed) unnamed_addr?.
func (p *parser) llvmGlobalHeader(st *OpState, threadLocal bool) {
	st.AddProp("linkage", llvmEnumAttr("linkage", p.llvmKeyword(llvmLinkages, "external")))
	p.llvmSpelledProp(st, "visibility_", llvmVisibilities)
	if threadLocal && p.acceptKeyword("thread_local") {
		st.AddProp("thread_local_", UnitAttr{})
	}
	p.llvmSpelledProp(st, "unnamed_addr", llvmUnnamedAddrs)
}

// llvmGlobalHeader writes the header of a global, an alias or an ifunc,
// the linkage always, and then its name; ok is false when op's properties
// are not of the kinds the header spells, and nothing is written.
func (p *printer) llvmGlobalHeader(op *Operation, unitKeywords ...string) bool {
	linkage, ok1 := llvmEnumKeyword(op.Prop("linkage"), "linkage", llvmLinkages)
	visibility, ok2 := llvmSpelledInt(op.Prop("visibility_"), llvmVisibilities)
	unnamed, ok3 := llvmSpelledInt(op.Prop("unnamed_addr"), llvmUnnamedAddrs)
	name, ok4 := op.Prop("sym_name").(*StringAttr)
	if !ok1 || !ok2 || !ok3 || !ok4 || len(op.operands) != 0 || len(op.results) != 0 {
		return false
	}
	for _, kw := range unitKeywords {
		if a := op.Prop(llvmUnitProps[kw]); a != nil {
			if _, ok := a.(UnitAttr); !ok {
				return false
			}
		}
	}
	p.w(op.Name + " " + linkage + " ")
	if visibility != "" {
		p.w(visibility + " ")
	}
	if slices.Contains(unitKeywords, "thread_local") && op.Prop("thread_local_") != nil {
		p.w("thread_local ")
	}
	if unnamed != "" {
		p.w(unnamed + " ")
	}
	if slices.Contains(unitKeywords, "constant") && op.Prop("constant") != nil {
		p.w("constant ")
	}
	p.symbol(name.Value)
	return true
}

// llvmUnitProps are the unit properties of globals that their headers
// write as keywords.
var llvmUnitProps = map[string]string{"thread_local": "thread_local_", "constant": "constant"}

// llvm.mlir.global linkage? visibility? thread_local? unnamed_addr?
// constant? @name(value?) attr-dict (: type)? region?; a string value
// gives the type, an array of its bytes.
func parseLLVMGlobal(p *parser, st *OpState) {
	p.llvmGlobalHeader(st, true)
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
	p.llvmComdat(st)
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
	ta, ok := op.Prop("global_type").(*TypeAttr)
	comdat, ok2 := llvmComdatOf(op)
	if !ok || !ok2 || len(op.Regions) != 1 || !p.llvmGlobalHeader(op, "thread_local", "constant") {
		return false
	}
	p.w("(")
	if v := op.Prop("value"); v != nil {
		p.attr(v)
	}
	p.w(")")
	p.llvmComdat(comdat)
	p.attrDict(op, "sym_name", "global_type", "constant", "value", "linkage", "unnamed_addr", "thread_local_", "visibility_", "comdat")
	p.w(" : ")
	p.typ(ta.Type)
	if r := op.Regions[0]; len(r.blocks) > 0 {
		p.w(" ")
		p.region(r, false)
	}
	return true
}

// llvm.mlir.alias linkage? visibility? thread_local? unnamed_addr? @name
// attr-dict : type region
func parseLLVMAlias(p *parser, st *OpState) {
	p.llvmGlobalHeader(st, true)
	st.AddProp("sym_name", Str(p.symbolName()))
	p.optionalAttrDict(st)
	p.expect(":")
	st.AddProp("alias_type", &TypeAttr{Type: p.parseType()})
	st.Regions = []*Region{p.parseRegion(nil)}
}

func printLLVMAlias(p *printer, op *Operation) bool {
	ta, ok := op.Prop("alias_type").(*TypeAttr)
	if !ok || len(op.Regions) != 1 || len(op.Regions[0].blocks) == 0 || !p.llvmGlobalHeader(op, "thread_local") {
		return false
	}
	p.attrDict(op, "sym_name", "alias_type", "linkage", "unnamed_addr", "thread_local_", "visibility_")
	p.w(" : ")
	p.typ(ta.Type)
	p.w(" ")
	p.region(op.Regions[0], false)
	return true
}

// llvm.mlir.ifunc linkage? visibility? unnamed_addr? @name : type,
// resolver-type @resolver attr-dict
func parseLLVMIFunc(p *parser, st *OpState) {
	p.llvmGlobalHeader(st, false)
	st.AddProp("sym_name", Str(p.symbolName()))
	p.expect(":")
	st.AddProp("i_func_type", &TypeAttr{Type: p.parseType()})
	p.expect(",")
	st.AddProp("resolver_type", &TypeAttr{Type: p.parseType()})
	st.AddProp("resolver", p.parseSymbolRef())
	p.optionalAttrDict(st)
	st.defaultProp("address_space", IntAttr(0, I32))
}

func printLLVMIFunc(p *printer, op *Operation) bool {
	fn, ok1 := op.Prop("i_func_type").(*TypeAttr)
	rt, ok2 := op.Prop("resolver_type").(*TypeAttr)
	resolver, ok3 := op.Prop("resolver").(*SymbolRefAttr)
	if !ok1 || !ok2 || !ok3 || len(op.Regions) != 0 || !p.llvmGlobalHeader(op) {
		return false
	}
	p.w(" : ")
	p.typ(fn.Type)
	p.w(", ")
	p.typ(rt.Type)
	p.w(" ")
	p.attr(resolver)
	elided := []string{"sym_name", "i_func_type", "resolver_type", "resolver", "linkage", "unnamed_addr", "visibility_"}
	if isZeroI32(op.Prop("address_space")) {
		elided = append(elided, "address_space")
	}
	p.attrDict(op, elided...)
	return true
}

// isZeroI32 reports whether a is `0 : i32`.
func isZeroI32(a Attribute) bool { return a != nil && a.String() == IntAttr(0, I32).String() }

// --- llvm.landingpad ---

// llvm.landingpad cleanup? ((catch | filter) %v : T)* : T. A clause is a
// filter when its value is an array; MLIR's parser reads no attr-dict.
func parseLLVMLandingpad(p *parser, st *OpState) {
	if p.acceptKeyword("cleanup") {
		st.AddProp("cleanup", UnitAttr{})
	}
	for p.accept("(") {
		if !p.acceptKeyword("catch") {
			p.expectKeyword("filter")
		}
		r := p.operandRef()
		p.expect(":")
		st.Operands = append(st.Operands, p.resolve(r, p.parseType()))
		p.expect(")")
	}
	p.expect(":")
	st.ResultTypes = []Type{p.parseType()}
}

func printLLVMLandingpad(p *printer, op *Operation) bool {
	cleanup := op.Prop("cleanup")
	if _, unit := cleanup.(UnitAttr); cleanup != nil && !unit || len(otherAttrs(op, []string{"cleanup"})) > 0 || len(op.results) != 1 {
		return false
	}
	p.w("llvm.landingpad")
	if cleanup != nil {
		p.w(" cleanup")
	}
	for _, v := range op.operands {
		clause := "catch"
		if strings.HasPrefix(v.typ.String(), "!llvm.array<") {
			clause = "filter"
		}
		p.w(" (" + clause + " ")
		p.value(v)
		p.w(" : ")
		p.typ(v.typ)
		p.w(")")
	}
	p.w(" : ")
	p.typ(op.results[0].typ)
	return true
}

// --- llvm.switch, llvm.indirectbr ---

// llvm.switch %v : T, ^default(args) [ value: ^bb(args), ... ] attr-dict
func parseLLVMSwitch(p *parser, st *OpState) {
	flag, flagType := p.switchFlag()
	p.expect(",")
	def, defArgs := p.successorWithArgs()
	st.Successors = []*Block{def}
	var cases switchCases
	p.delimited("[", "]", func() { cases.parse(p, st, flagType) })
	p.optionalAttrDict(st)
	cases.setOn(p, st, flag, defArgs)
}

func printLLVMSwitch(p *printer, op *Operation) bool {
	sw, ok := switchOf(op)
	if !ok {
		return false
	}
	p.switchHead("llvm.switch", sw)
	p.successorArgs(op.Successors()[0], sw.defaultArgs)
	p.w(" [")
	if len(sw.cases) > 0 {
		p.indent++
		for k := range sw.cases {
			if k > 0 {
				p.w(",")
			}
			p.newline()
			p.switchCase(op, sw, k)
		}
		p.indent--
		p.newline()
	}
	p.w("]")
	p.attrDict(op, "case_values", "case_operand_segments")
	return true
}

// llvm.indirectbr %addr : T, [^bb(args), ...] attr-dict
func parseLLVMIndirectBr(p *parser, st *OpState) {
	r := p.operandRef()
	p.expect(":")
	st.Operands = []*Value{p.resolve(r, p.parseType())}
	p.expect(",")
	sizes := []int{}
	p.delimited("[", "]", func() {
		b, args := p.successorWithArgs()
		st.Successors = append(st.Successors, b)
		st.Operands = append(st.Operands, args...)
		sizes = append(sizes, len(args))
	})
	p.optionalAttrDict(st)
	st.AddProp("indbr_operand_segments", p.i32Array(sizes...))
}

func printLLVMIndirectBr(p *printer, op *Operation) bool {
	groups := indirectBrOperands(op)
	if groups == nil || len(op.results) != 0 {
		return false
	}
	p.w("llvm.indirectbr ")
	p.value(op.operands[0])
	p.w(" : ")
	p.typ(op.operands[0].typ)
	p.w(", [")
	for i, args := range groups {
		if i > 0 {
			p.w(", ")
		}
		p.successorArgs(op.Successors()[i], args)
	}
	p.w("]")
	p.attrDict(op, "indbr_operand_segments")
	return true
}

// indirectBrOperands splits the operands an llvm.indirectbr forwards to
// each successor by its indbr_operand_segments; nil when they disagree.
func indirectBrOperands(op *Operation) [][]*Value {
	a, ok := op.Prop("indbr_operand_segments").(*DenseArrayAttr)
	if !ok || len(op.operands) == 0 {
		return nil
	}
	sizes, ok := a.Int64s()
	if !ok || len(sizes) != len(op.Successors()) {
		return nil
	}
	rest := op.operands[1:]
	groups := make([][]*Value, len(sizes))
	for i, n := range sizes {
		if n < 0 || int(n) > len(rest) {
			return nil
		}
		groups[i], rest = rest[:n], rest[n:]
	}
	if len(rest) != 0 {
		return nil
	}
	return groups
}

// --- types derived by directives ---

// custom<InsertExtractValueElementType>(type($x), ref(type($container)),
// ref($position)) writes nothing: x is of the type found at position in
// the container, an LLVM struct or array.
func parseAggregateElementType(c *customCall) {
	position, ok := c.st.given(c.name(2)).(*DenseArrayAttr)
	containers := c.s.types[c.name(1)]
	if ok && len(containers) == 1 {
		if indices, ok := position.Int64s(); ok {
			if text, ok := llvmAggregateElement(containers[0], indices); ok {
				if t, ok := c.p.typeFromText(text); ok {
					c.s.types[c.name(0)] = []Type{t}
					return
				}
			}
		}
	}
	c.p.failAt(c.st.Pos, "expected an LLVM struct or array type with an element at the position")
}

func aggregateElementTypeFits(c *customCall) bool {
	position, ok := c.dp.op.Prop(c.name(2)).(*DenseArrayAttr)
	containers, elems := c.values(1), c.values(0)
	if !ok || len(containers) != 1 || len(elems) != 1 {
		return false
	}
	indices, ok := position.Int64s()
	if !ok {
		return false
	}
	text, ok := llvmAggregateElement(containers[0].typ, indices)
	return ok && text == elems[0].typ.String()
}

// llvmAggregateElement spells the type at position in t, nested LLVM
// structs and arrays, as it is written outside LLVM types.
func llvmAggregateElement(t Type, position []int64) (string, bool) {
	text := t.String()
	for _, i := range position {
		if body, ok := strings.CutPrefix(text, "!llvm.array<"); ok {
			n, elem, ok := strings.Cut(strings.TrimSuffix(body, ">"), " x ")
			count, err := strconv.ParseInt(strings.TrimSpace(n), 10, 64)
			if !ok || err != nil || i < 0 || i >= count {
				return "", false
			}
			text = llvmOuter(strings.TrimSpace(elem)).String()
			continue
		}
		body, ok := strings.CutPrefix(text, "!llvm.struct<")
		// The fields follow the name and the `packed` keyword, if any.
		parts := splitTopLevel(strings.TrimSuffix(body, ">"), '(')
		if !ok || len(parts) != 2 {
			return "", false
		}
		fields := splitTopLevel(strings.TrimSuffix(strings.TrimSpace(parts[1]), ")"), ',')
		if i < 0 || i >= int64(len(fields)) || strings.TrimSpace(fields[i]) == "" {
			return "", false
		}
		text = llvmOuter(strings.TrimSpace(fields[i])).String()
	}
	return text, true
}

// custom<ShuffleType>(ref(type($v1)), type($res), ref($mask)) writes
// nothing: the result is a vector of v1's elements, one per mask entry.
func parseShuffleType(c *customCall) {
	mask, ok := c.st.given(c.name(2)).(*DenseArrayAttr)
	v1 := c.s.types[c.name(0)]
	if ok && len(v1) == 1 {
		if t, ok := llvmShuffleType(v1[0], mask); ok {
			c.s.types[c.name(1)] = []Type{t}
			return
		}
	}
	c.p.failAt(c.st.Pos, "expected a one-dimensional vector type")
}

func shuffleTypeFits(c *customCall) bool {
	mask, ok := c.dp.op.Prop(c.name(2)).(*DenseArrayAttr)
	v1, res := c.values(0), c.values(1)
	if !ok || len(v1) != 1 || len(res) != 1 {
		return false
	}
	t, ok := llvmShuffleType(v1[0].typ, mask)
	return ok && TypesEqual(t, res[0].typ)
}

// llvmShuffleType is the type of a shuffle of vectors of type v1 by mask.
func llvmShuffleType(v1 Type, mask *DenseArrayAttr) (Type, bool) {
	vt, ok := v1.(*VectorType)
	if !ok || len(vt.Shape) != 1 {
		return nil, false
	}
	return &VectorType{Shape: []int64{int64(len(mask.Values))}, Scalable: vt.Scalable, Elem: vt.Elem}, true
}

// custom<CmpXchgResultType>(type($res), ref(type($val))) writes nothing:
// the result pairs the value exchanged with whether it was.
func parseCmpXchgResultType(c *customCall) {
	if vals := c.s.types[c.name(1)]; len(vals) == 1 {
		c.s.types[c.name(0)] = []Type{llvmCmpXchgResult(vals[0])}
	}
}

func cmpXchgResultTypeFits(c *customCall) bool {
	res, vals := c.values(0), c.values(1)
	return len(res) == 1 && len(vals) == 1 && TypesEqual(res[0].typ, llvmCmpXchgResult(vals[0].typ))
}

// llvmCmpXchgResult is `!llvm.struct<(T, i1)>`.
func llvmCmpXchgResult(t Type) Type {
	return &OpaqueType{Text: "!llvm.struct<(" + llvmInner(t) + ", i1)>"}
}

// printNothing is the printer of directives that write nothing.
func printNothing(*customCall) {}
