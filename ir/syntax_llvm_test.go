package ir_test

import "testing"

// TestLLVMSyntax round-trips the llvm dialect through mlir-opt-22:
// functions with their linkage, visibility, calling convention and
// variadic arguments, declarations, globals, aliases, ifuncs, comdats and
// the other module-level ops, calls and invokes direct, indirect,
// variadic and with operand bundles, landing pads, allocas, GEPs with
// dynamic and constant indices, memory accesses and atomics, aggregates
// and shuffles, inline assembly, comparisons, branches, switches and
// indirect branches, the declared ops with their flags (overflow, exact,
// disjoint, nneg, fast-math, no-wrap) and the defaults they leave out,
// and every intrinsic of a custom form, family by family.
func TestLLVMSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "functions", src: `llvm.func @f(%a: i32, %p: !llvm.ptr) -> i64 {
  %0 = llvm.call @g(%a) : (i32) -> i32
  %1 = llvm.call tail @g(%0) {fastmathFlags = #llvm.fastmath<fast>} : (i32) -> i32
  %2 = llvm.call fastcc %p(%1) : !llvm.ptr, (i32) -> i64
  llvm.call @v(%a, %2) vararg(!llvm.func<void (i32, ...)>) : (i32, i64) -> ()
  llvm.return %2 : i64
}
llvm.func @g(i32) -> i32
llvm.func @v(i32, ...)
llvm.func @d(f32) attributes {sym_visibility = "private"}
llvm.func linkonce_odr hidden local_unnamed_addr fastcc @q(%b: f32) -> !llvm.struct<(i32, f32)> attributes {passthrough = ["noinline"]} {
  %0 = llvm.mlir.undef : !llvm.struct<(i32, f32)>
  llvm.return %0 : !llvm.struct<(i32, f32)>
}
llvm.mlir.global private constant @a(dense<1.0> : tensor<4xf32>) {alignment = 64 : i64} : !llvm.array<4 x f32>
llvm.mlir.global internal thread_local unnamed_addr @c(0 : i32) {addr_space = 1 : i32} : i32
llvm.mlir.global linkonce hidden @i() : i64 {
  %0 = llvm.mlir.constant(1 : i64) : i64
  llvm.return %0 : i64
}
llvm.mlir.global @s("abc")`, printed: []string{
			"llvm.func @f(%a: i32, %p: !llvm.ptr) -> i64 {",
			"llvm.call tail @g(%0) {fastmathFlags = #llvm.fastmath<fast>} : (i32) -> i32",
			"llvm.call fastcc %p(%1) : !llvm.ptr, (i32) -> i64",
			"llvm.call @v(%a, %2) vararg(!llvm.func<void (i32, ...)>) : (i32, i64) -> ()",
			"llvm.func @v(i32, ...)\n",
			"llvm.func @d(f32) attributes {sym_visibility = \"private\"}",
			"llvm.func linkonce_odr hidden local_unnamed_addr fastcc @q(%b: f32) -> !llvm.struct<(i32, f32)> attributes {passthrough = [\"noinline\"]} {",
			"llvm.mlir.global private constant @a(dense<1.0> : tensor<4xf32>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<4 x f32>",
			"llvm.mlir.global internal thread_local unnamed_addr @c(0 : i32) {addr_space = 1 : i32} : i32",
			"llvm.mlir.global external @s(\"abc\") {addr_space = 0 : i32} : !llvm.array<3 x i8>",
		}},
		{name: "memory", src: `llvm.func @m(%a: i32, %n: i64) -> f32 {
  %c = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %c x !llvm.array<10 x f32> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %q = llvm.alloca inalloca %n x i32 {alignment = 0 : i64} : (i64) -> !llvm.ptr
  %g = llvm.getelementptr inbounds %p[0, %a] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<10 x f32>
  %h = llvm.getelementptr inbounds|nuw %g[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %h {alignment = 4 : i64} : !llvm.ptr -> f32
  %w = llvm.load volatile %h atomic syncscope("agent") acquire {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.store %v, %h : f32, !llvm.ptr
  llvm.store volatile %w, %g atomic release {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.intr.lifetime.start %p : !llvm.ptr
  %s = llvm.intr.invariant.start 4, %p : !llvm.ptr
  llvm.intr.invariant.end %s, 4, %p : !llvm.ptr
  %x = llvm.mlir.addressof @gl : !llvm.ptr
  llvm.return %v : f32
}
llvm.mlir.global external @gl() : f32`, printed: []string{
			"llvm.alloca %c x !llvm.array<10 x f32> {alignment = 8 : i64} : (i32) -> !llvm.ptr",
			"llvm.alloca inalloca %n x i32 : (i64) -> !llvm.ptr",
			"llvm.getelementptr inbounds %p[0, %a] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<10 x f32>",
			"llvm.getelementptr inbounds|nuw %g[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32",
			"llvm.load volatile %h atomic syncscope(\"agent\") acquire {alignment = 4 : i64} : !llvm.ptr -> f32",
			"llvm.store volatile %w, %g atomic release {alignment = 4 : i64} : f32, !llvm.ptr",
			"llvm.intr.invariant.end %s, 4, %p : !llvm.ptr",
		}},
		{name: "arithmetic", src: `llvm.func @a(%a: i32, %b: f32, %v: vector<4xi32>, %c: i1) -> i1 {
  %0 = llvm.add %a, %a overflow<nsw, nuw> : i32
  %1 = llvm.shl %0, %a : i32
  %2 = llvm.udiv exact %1, %a : i32
  %3 = llvm.or disjoint %2, %a : i32
  %4 = llvm.xor %3, %a : i32
  %5 = llvm.fadd %b, %b : f32
  %6 = llvm.fmul %5, %b {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f32
  %7 = llvm.fneg %6 : f32
  %8 = llvm.zext nneg %4 : i32 to i64
  %9 = llvm.trunc %8 overflow<nuw> : i64 to i32
  %10 = llvm.sitofp %9 : i32 to f32
  %11 = llvm.icmp "slt" %a, %9 : i32
  %12 = llvm.icmp "eq" %v, %v : vector<4xi32>
  %13 = llvm.fcmp "olt" %b, %10 {fastmathFlags = #llvm.fastmath<fast>} : f32
  %14 = llvm.select %c, %a, %9 : i1, i32
  %15 = llvm.extractelement %v[%a : i32] : vector<4xi32>
  %16 = llvm.insertelement %15, %v[%a : i32] : vector<4xi32>
  %17 = llvm.freeze %14 : i32
  llvm.cond_br %11 weights([1, 3]), ^t(%13 : i1), ^f
^t(%x: i1):
  llvm.return %x : i1
^f:
  llvm.br ^t(%c : i1)
}`, printed: []string{
			"llvm.add %a, %a overflow<nsw, nuw> : i32",
			"llvm.shl %0, %a : i32",
			"llvm.fadd %b, %b : f32",
			"llvm.trunc %8 overflow<nuw> : i64 to i32",
			"llvm.icmp \"eq\" %v, %v : vector<4xi32>",
			"llvm.fcmp \"olt\" %b, %10 {fastmathFlags = #llvm.fastmath<fast>} : f32",
			"llvm.cond_br %11 weights([1, 3]), ^bb1(%13 : i1), ^bb2",
		}},
		{name: "aggregates and atomics", src: `llvm.func @v(%s: !llvm.struct<(i32, array<2 x f32>)>, %vec: vector<4xf32>, %p: !llvm.ptr, %i: i32, %f: f32) {
  %0 = llvm.extractvalue %s[1, 0] : !llvm.struct<(i32, array<2 x f32>)>
  %1 = llvm.insertvalue %0, %s[1, 1] : !llvm.struct<(i32, array<2 x f32>)>
  %2 = llvm.extractvalue %s[1] : !llvm.struct<(i32, array<2 x f32>)>
  %3 = llvm.shufflevector %vec, %vec [0, 1, -1] : vector<4xf32>
  llvm.fence syncscope("agent") acquire
  llvm.fence seq_cst
  %4 = llvm.atomicrmw volatile _and %p, %i syncscope("x") monotonic {alignment = 4 : i64} : !llvm.ptr, i32
  %5 = llvm.atomicrmw fmaximum %p, %f acq_rel : !llvm.ptr, f32
  %6 = llvm.cmpxchg weak volatile %p, %i, %i syncscope("y") acq_rel monotonic : !llvm.ptr, i32
  %7 = llvm.cmpxchg %p, %p, %p seq_cst seq_cst {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %8 = llvm.inline_asm has_side_effects is_align_stack tail_call_kind = <tail> asm_dialect = intel operand_attrs = [{elementtype = i32}] "foo $0", "=r,r" %i : (i32) -> i32
  llvm.inline_asm "nop", "" : () -> ()
  %9 = llvm.va_arg %p : (!llvm.ptr) -> i32
  %10 = llvm.call_intrinsic "llvm.foo"(%i) : (i32) -> i32
  llvm.call_intrinsic "llvm.bar"(%i, %f) ["tag"(%p : !llvm.ptr), "none"()] {fastmathFlags = #llvm.fastmath<fast>} : (i32, f32) -> ()
  %11 = llvm.mlir.none : !llvm.token
  %12 = llvm.dso_local_equivalent @v : !llvm.ptr
  llvm.return
}
llvm.func @b(%n: i32, %b: i1) {
  %addr = llvm.blockaddress <function = @b, tag = <id = 1>> : !llvm.ptr
  llvm.indirectbr %addr : !llvm.ptr, [
  ^bb1,
  ^bb2(%n : i32)
  ]
^bb1:
  llvm.blocktag <id = 1>
  llvm.switch %n : i32, ^bb2(%n : i32) [
    1: ^bb3,
    -2: ^bb2(%n : i32)
  ] {branch_weights = array<i32: 1, 2, 3>}
^bb2(%x: i32):
  llvm.switch %b : i1, ^bb3 []
^bb3:
  llvm.return
}`, printed: []string{
			"llvm.extractvalue %s[1, 0] : !llvm.struct<(i32, array<2 x f32>)>",
			"llvm.insertvalue %0, %s[1, 1] : !llvm.struct<(i32, array<2 x f32>)>",
			"llvm.shufflevector %vec, %vec [0, 1, -1] : vector<4xf32>",
			"llvm.fence syncscope(\"agent\") acquire",
			"llvm.atomicrmw volatile _and %p, %i syncscope(\"x\") monotonic {alignment = 4 : i64} : !llvm.ptr, i32",
			"llvm.cmpxchg weak volatile %p, %i, %i syncscope(\"y\") acq_rel monotonic : !llvm.ptr, i32",
			"llvm.inline_asm has_side_effects is_align_stack tail_call_kind = <tail> asm_dialect = intel operand_attrs = [{elementtype = i32}] \"foo $0\", \"=r,r\" %i : (i32) -> i32",
			"llvm.va_arg %p : (!llvm.ptr) -> i32",
			"llvm.call_intrinsic \"llvm.foo\"(%i) : (i32) -> i32",
			"llvm.call_intrinsic \"llvm.bar\"(%i, %f) [\"tag\"(%p : !llvm.ptr), \"none\"()] {fastmathFlags = #llvm.fastmath<fast>} : (i32, f32) -> ()",
			"llvm.mlir.none : !llvm.token",
			"llvm.dso_local_equivalent @v : !llvm.ptr",
			"llvm.blockaddress <function = @b, tag = <id = 1>> : !llvm.ptr",
			"llvm.indirectbr %addr : !llvm.ptr, [^bb1, ^bb2(%n : i32)]",
			"llvm.blocktag <id = 1>",
			"-2: ^bb2(%n : i32)\n    ] {branch_weights = array<i32: 1, 2, 3>}",
			"llvm.switch %b : i1, ^bb3 []",
		}},
		{name: "exceptions", src: `llvm.func @foo(i32) -> i32
llvm.func @bar(i32, ...)
llvm.func @__gxx_personality_v0(...) -> i32
llvm.mlir.global external constant @_ZTIi() : !llvm.ptr
llvm.func @e(%a: i32, %fp: !llvm.ptr) attributes {personality = @__gxx_personality_v0} {
  %t = llvm.mlir.addressof @_ZTIi : !llvm.ptr
  %z = llvm.mlir.zero : !llvm.ptr
  %arr = llvm.mlir.undef : !llvm.array<1 x i8>
  %0 = llvm.invoke @foo(%a) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  %1 = llvm.invoke fastcc %fp(%0) to ^bb3(%0 : i32) unwind ^bb2 {branch_weights = array<i32: 1, 2>} : !llvm.ptr, (i32) -> i32
^bb2:
  %lp = llvm.landingpad cleanup (catch %t : !llvm.ptr) (catch %z : !llvm.ptr) (filter %arr : !llvm.array<1 x i8>) : !llvm.struct<(ptr, i32)>
  llvm.resume %lp : !llvm.struct<(ptr, i32)>
^bb3(%x: i32):
  llvm.invoke @bar(%x, %x) to ^bb4 unwind ^bb5 vararg(!llvm.func<void (i32, ...)>) ["funclet"(%fp : !llvm.ptr)] : (i32, i32) -> ()
^bb4:
  llvm.call @bar(%x) vararg(!llvm.func<void (i32, ...)>) ["a"(%x, %fp : i32, !llvm.ptr), "b"()] : (i32) -> ()
  llvm.return
^bb5:
  %lp2 = llvm.landingpad (catch %z : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  llvm.unreachable
}`, printed: []string{
			"llvm.invoke @foo(%a) to ^bb1 unwind ^bb2 : (i32) -> i32",
			"llvm.invoke fastcc %fp(%0) to ^bb3(%0 : i32) unwind ^bb2 {branch_weights = array<i32: 1, 2>} : !llvm.ptr, (i32) -> i32",
			"llvm.landingpad cleanup (catch %t : !llvm.ptr) (catch %z : !llvm.ptr) (filter %arr : !llvm.array<1 x i8>) : !llvm.struct<(ptr, i32)>",
			"llvm.resume %lp : !llvm.struct<(ptr, i32)>",
			"llvm.invoke @bar(%x, %x) to ^bb4 unwind ^bb5 vararg(!llvm.func<void (i32, ...)>) [\"funclet\"(%fp : !llvm.ptr)] : (i32, i32) -> ()",
			"llvm.call @bar(%x) vararg(!llvm.func<void (i32, ...)>) [\"a\"(%x, %fp : i32, !llvm.ptr), \"b\"()] : (i32) -> ()",
			"llvm.landingpad (catch %z : !llvm.ptr) : !llvm.struct<(ptr, i32)>",
		}},
		{name: "module level", src: `llvm.func @ctor() {
  llvm.return
}
llvm.mlir.global_ctors ctors = [@ctor], priorities = [0 : i32], data = [#llvm.zero]
llvm.mlir.global_dtors dtors = [@ctor], priorities = [1 : i32], data = [#llvm.zero]
llvm.mlir.global external @g(1 : i32) : i32
llvm.mlir.alias external @a : i32 {
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias weak hidden thread_local local_unnamed_addr @b {dso_local, note = 1 : i32} : i32 {
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @resolver() -> !llvm.ptr {
  %0 = llvm.mlir.addressof @ctor : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc @i : !llvm.func<void ()>, !llvm.ptr @resolver
llvm.mlir.ifunc internal hidden unnamed_addr @j : !llvm.func<void ()>, !llvm.ptr @resolver {dso_local}
llvm.comdat @c {
  llvm.comdat_selector @any any
  llvm.comdat_selector @same samesize
}
llvm.mlir.global external @in_comdat(1 : i32) comdat(@c::@any) {addr_space = 0 : i32} : i32
llvm.func @scalable() vscale_range(1, 16) comdat(@c::@same) attributes {passthrough = ["nounwind"]} {
  llvm.return
}
llvm.func @scalable_decl() vscale_range(2, 4)
llvm.linker_options ["/DEFAULTLIB:", "libcmt"]
llvm.module_flags [#llvm.mlir.module_flag<error, "foo", 1 : i32>]`, printed: []string{
			"llvm.mlir.global_ctors ctors = [@ctor], priorities = [0 : i32], data = [#llvm.zero]",
			"llvm.mlir.global_dtors dtors = [@ctor], priorities = [1 : i32], data = [#llvm.zero]",
			"llvm.mlir.alias external @a : i32 {",
			"llvm.mlir.alias weak hidden thread_local local_unnamed_addr @b {dso_local, note = 1 : i32} : i32 {",
			"llvm.mlir.ifunc external @i : !llvm.func<void ()>, !llvm.ptr @resolver\n",
			"llvm.mlir.ifunc internal hidden unnamed_addr @j : !llvm.func<void ()>, !llvm.ptr @resolver {dso_local}",
			"llvm.comdat @c {\n    llvm.comdat_selector @any any\n",
			"llvm.mlir.global external @in_comdat(1 : i32) comdat(@c::@any) {addr_space = 0 : i32} : i32",
			"llvm.func @scalable() vscale_range(1, 16) comdat(@c::@same) attributes {passthrough = [\"nounwind\"]} {",
			"llvm.func @scalable_decl() vscale_range(2, 4)\n",
			"llvm.linker_options [\"/DEFAULTLIB:\", \"libcmt\"]",
			"llvm.module_flags [#llvm.mlir.module_flag<error, \"foo\", 1 : i32>]",
		}},
		{name: "intrinsics", src: `#domain = #llvm.alias_scope_domain<id = distinct[0]<>>
#scope = #llvm.alias_scope<id = distinct[1]<>, domain = #domain>
#file = #llvm.di_file<"a.c" in "/">
#unit = #llvm.di_compile_unit<id = distinct[2]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = false, emissionKind = Full>
#sub = #llvm.di_subprogram<id = distinct[3]<>, compileUnit = #unit, scope = #file, name = "intrinsics", file = #file, subprogramFlags = Definition>
#label = #llvm.di_label<scope = #sub, name = "l">
#var = #llvm.di_local_variable<scope = #sub, name = "x", file = #file, line = 1>
llvm.func @intrinsics(%a: i32, %i: i64, %x: f32, %d: f64, %p: !llvm.ptr, %q: !llvm.ptr, %v: vector<4xf32>, %m: vector<4xi1>, %vp: vector<4x!llvm.ptr>, %w: vector<8xf32>, %b: i1, ...) {
  %fabs = llvm.intr.fabs(%x) : (f32) -> f32
  %ceil = llvm.intr.ceil(%x) : (f32) -> f32
  %floor = llvm.intr.floor(%x) : (f32) -> f32
  %trunc = llvm.intr.trunc(%x) : (f32) -> f32
  %round = llvm.intr.round(%x) : (f32) -> f32
  %roundeven = llvm.intr.roundeven(%x) : (f32) -> f32
  %rint = llvm.intr.rint(%x) : (f32) -> f32
  %nearbyint = llvm.intr.nearbyint(%x) : (f32) -> f32
  %sqrt = llvm.intr.sqrt(%x) : (f32) -> f32
  %exp = llvm.intr.exp(%x) : (f32) -> f32
  %exp2 = llvm.intr.exp2(%x) : (f32) -> f32
  %exp10 = llvm.intr.exp10(%x) : (f32) -> f32
  %log = llvm.intr.log(%x) : (f32) -> f32
  %log2 = llvm.intr.log2(%x) : (f32) -> f32
  %log10 = llvm.intr.log10(%x) : (f32) -> f32
  %sin = llvm.intr.sin(%x) : (f32) -> f32
  %cos = llvm.intr.cos(%x) : (f32) -> f32
  %tan = llvm.intr.tan(%x) : (f32) -> f32
  %asin = llvm.intr.asin(%x) : (f32) -> f32
  %acos = llvm.intr.acos(%x) : (f32) -> f32
  %atan = llvm.intr.atan(%x) : (f32) -> f32
  %sinh = llvm.intr.sinh(%x) : (f32) -> f32
  %cosh = llvm.intr.cosh(%x) : (f32) -> f32
  %tanh = llvm.intr.tanh(%x) : (f32) -> f32
  %fexp = llvm.intr.exp(%x) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
  %frexp = llvm.intr.frexp(%x) : (f32) -> !llvm.struct<(f32, i32)>
  %sincos = llvm.intr.sincos(%v) : (vector<4xf32>) -> !llvm.struct<(vector<4xf32>, vector<4xf32>)>
  %copysign = llvm.intr.copysign(%x, %x) : (f32, f32) -> f32
  %pow = llvm.intr.pow(%x, %x) : (f32, f32) -> f32
  %atan2 = llvm.intr.atan2(%x, %x) : (f32, f32) -> f32
  %maxnum = llvm.intr.maxnum(%x, %x) : (f32, f32) -> f32
  %minnum = llvm.intr.minnum(%x, %x) : (f32, f32) -> f32
  %maximum = llvm.intr.maximum(%x, %x) : (f32, f32) -> f32
  %minimum = llvm.intr.minimum(%x, %x) : (f32, f32) -> f32
  %powi = llvm.intr.powi(%x, %a) : (f32, i32) -> f32
  %ldexp = llvm.intr.ldexp(%x, %a) : (f32, i32) -> f32
  %fma = llvm.intr.fma(%v, %v, %v) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  %fmuladd = llvm.intr.fmuladd(%v, %v, %v) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  %rfmax = llvm.intr.vector.reduce.fmax(%v) : (vector<4xf32>) -> f32
  %rfmin = llvm.intr.vector.reduce.fmin(%v) : (vector<4xf32>) -> f32
  %rfmaximum = llvm.intr.vector.reduce.fmaximum(%v) : (vector<4xf32>) -> f32
  %rfminimum = llvm.intr.vector.reduce.fminimum(%v) : (vector<4xf32>) -> f32
  %bitreverse = llvm.intr.bitreverse(%a) : (i32) -> i32
  %bswap = llvm.intr.bswap(%a) : (i32) -> i32
  %ctpop = llvm.intr.ctpop(%a) : (i32) -> i32
  %fshl = llvm.intr.fshl(%a, %a, %a) : (i32, i32, i32) -> i32
  %fshr = llvm.intr.fshr(%a, %a, %a) : (i32, i32, i32) -> i32
  %smax = llvm.intr.smax(%a, %a) : (i32, i32) -> i32
  %smin = llvm.intr.smin(%a, %a) : (i32, i32) -> i32
  %umax = llvm.intr.umax(%a, %a) : (i32, i32) -> i32
  %umin = llvm.intr.umin(%a, %a) : (i32, i32) -> i32
  %sadd_sat = llvm.intr.sadd.sat(%a, %a) : (i32, i32) -> i32
  %uadd_sat = llvm.intr.uadd.sat(%a, %a) : (i32, i32) -> i32
  %ssub_sat = llvm.intr.ssub.sat(%a, %a) : (i32, i32) -> i32
  %usub_sat = llvm.intr.usub.sat(%a, %a) : (i32, i32) -> i32
  %sshl_sat = llvm.intr.sshl.sat(%a, %a) : (i32, i32) -> i32
  %ushl_sat = llvm.intr.ushl.sat(%a, %a) : (i32, i32) -> i32
  %lround = llvm.intr.lround(%x) : (f32) -> i64
  %llround = llvm.intr.llround(%x) : (f32) -> i64
  %lrint = llvm.intr.lrint(%x) : (f32) -> i64
  %llrint = llvm.intr.llrint(%x) : (f32) -> i64
  %ptrmask = llvm.intr.ptrmask %p, %i : (!llvm.ptr, i64) -> !llvm.ptr
  %typeid = llvm.intr.eh.typeid.for %p : (!llvm.ptr) -> i32
  %cid = llvm.intr.coro.id %a, %p, %p, %p : (i32, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> !llvm.token
  %csize = llvm.intr.coro.size : i64
  %calign = llvm.intr.coro.align : i64
  %cbegin = llvm.intr.coro.begin %cid, %p : (!llvm.token, !llvm.ptr) -> !llvm.ptr
  %csave = llvm.intr.coro.save %p : (!llvm.ptr) -> !llvm.token
  %csusp = llvm.intr.coro.suspend %csave, %b : i8
  %none = llvm.mlir.none : !llvm.token
  %cend = llvm.intr.coro.end %p, %b, %none : (!llvm.ptr, i1, !llvm.token) -> i1
  %cfree = llvm.intr.coro.free %cid, %p : (!llvm.token, !llvm.ptr) -> !llvm.ptr
  %cprom = llvm.intr.coro.promise %p, %a, %b : (!llvm.ptr, i32, i1) -> !llvm.ptr
  llvm.intr.coro.resume %p : !llvm.ptr
  %ss = llvm.intr.stacksave : !llvm.ptr
  llvm.intr.stackrestore %ss : !llvm.ptr
  llvm.intr.vastart %p : !llvm.ptr
  llvm.intr.vacopy %p to %q : !llvm.ptr, !llvm.ptr
  llvm.intr.vaend %p : !llvm.ptr
  %laund = llvm.intr.launder.invariant.group %p : !llvm.ptr
  %strip = llvm.intr.strip.invariant.group %p : !llvm.ptr
  %step = llvm.intr.stepvector : vector<4xi32>
  llvm.intr.trap
  llvm.intr.debugtrap
  %sitofp = llvm.intr.experimental.constrained.sitofp %a tonearest ignore : i32 to f32
  %uitofp = llvm.intr.experimental.constrained.uitofp %a dynamic strict : i32 to f32
  %fptrunc = llvm.intr.experimental.constrained.fptrunc %d towardzero maytrap : f64 to f32
  %fpext = llvm.intr.experimental.constrained.fpext %x strict : f32 to f64
  llvm.intr.assume %b : i1
  llvm.intr.assume %b ["align"(%p, %i : !llvm.ptr, i64)] : i1
  %copy = llvm.intr.ssa.copy %a : i32
  %expect = llvm.intr.expect %a, %a : i32
  %likely = llvm.intr.expect.with.probability %a, %a, 7.500000e-01 : i32
  llvm.intr.ubsantrap <{failureKind = 7 : i8}>
  llvm.intr.experimental.noalias.scope.decl #scope
  llvm.intr.dbg.label #label
  llvm.intr.dbg.declare #var = %p : !llvm.ptr
  llvm.intr.dbg.value #var #llvm.di_expression<[DW_OP_deref]> = %a : i32
  %lanes = llvm.intr.get.active.lane.mask %a, %a : i32, i32 to vector<4xi1>
  %ins = llvm.intr.vector.insert %v, %w[4] : vector<4xf32> into vector<8xf32>
  %ext = llvm.intr.vector.extract %w[0] : vector<4xf32> from vector<8xf32>
  %mload = llvm.intr.masked.load %p, %m, %v {alignment = 4 : i32, nontemporal} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  %mload2 = llvm.intr.masked.load %p, %m {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>) -> vector<4xf32>
  llvm.intr.masked.store %v, %p, %m {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
  %gather = llvm.intr.masked.gather %vp, %m, %v {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  llvm.intr.masked.scatter %v, %vp, %m {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into vector<4x!llvm.ptr>
  %mat = llvm.intr.matrix.column.major.load %p, <stride = %a> {isVolatile = false, rows = 2 : i32, columns = 2 : i32} : vector<4xf32> from !llvm.ptr stride i32
  llvm.intr.matrix.column.major.store %v, %p, <stride = %a> {isVolatile = false, rows = 2 : i32, columns = 2 : i32} : vector<4xf32> to !llvm.ptr stride i32
  %mul = llvm.intr.matrix.multiply %v, %v {lhs_rows = 2 : i32, lhs_columns = 2 : i32, rhs_columns = 2 : i32} : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  %tr = llvm.intr.matrix.transpose %v {rows = 2 : i32, columns = 2 : i32} : vector<4xf32> into vector<4xf32>
  llvm.return
}`, printed: []string{
			"llvm.intr.exp(%x) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32",
			"llvm.intr.frexp(%x) : (f32) -> !llvm.struct<(f32, i32)>",
			"llvm.intr.fshl(%a, %a, %a) : (i32, i32, i32) -> i32",
			"llvm.intr.ptrmask %p, %i : (!llvm.ptr, i64) -> !llvm.ptr",
			"llvm.intr.expect.with.probability %a, %a, 7.500000e-01 : i32",
			"llvm.intr.ubsantrap <{failureKind = 7 : i8}>\n",
			"llvm.intr.dbg.declare #llvm.di_local_variable<scope = #sub, name = \"x\", file = #file, line = 1> = %p : !llvm.ptr\n",
			"llvm.intr.dbg.value #llvm.di_local_variable<scope = #sub, name = \"x\", file = #file, line = 1> #llvm.di_expression<[DW_OP_deref]> = %a : i32\n",
			"llvm.intr.coro.suspend %csave, %b : i8",
			"llvm.intr.vacopy %p to %q : !llvm.ptr, !llvm.ptr",
			"llvm.intr.experimental.constrained.uitofp %a dynamic strict : i32 to f32",
			"llvm.intr.experimental.constrained.fpext %x strict : f32 to f64",
			"llvm.intr.assume %b [\"align\"(%p, %i : !llvm.ptr, i64)] : i1",
			"llvm.intr.vector.insert %v, %w[4] : vector<4xf32> into vector<8xf32>",
			"llvm.intr.masked.load %p, %m {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>) -> vector<4xf32>",
			"llvm.intr.matrix.column.major.load %p, <stride = %a> {columns = 2 : i32, isVolatile = false, rows = 2 : i32} : vector<4xf32> from !llvm.ptr stride i32",
			"llvm.intr.matrix.multiply %v, %v {lhs_columns = 2 : i32, lhs_rows = 2 : i32, rhs_columns = 2 : i32} : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>",
		}},
		// Generic input may leave out the properties that have defaults.
		{name: "generic call", src: `"llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  "llvm.call"() <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @f, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
  "llvm.return"() : () -> ()
}) : () -> ()`, printed: []string{"llvm.call @f() : () -> ()"}},
	}, "llvm.")
}

// TestLLVMSyntaxErrors checks that malformed llvm ops give a located
// diagnostic rather than a panic.
func TestLLVMSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"func of two results", "llvm.func @f() -> (i32, i32)\n"},
		{"func comdat without selector", "llvm.func @f() comdat()\n"},
		{"func vscale_range of one bound", "llvm.func @f() vscale_range(1)\n"},
		{"ubsantrap properties without braces", "llvm.func @f() {\n  llvm.intr.ubsantrap <failureKind = 7 : i8>\n  llvm.return\n}\n"},
		{"probability not a float", "llvm.func @f(%a: i32) {\n  %0 = llvm.intr.expect.with.probability %a, %a, 1 : i32\n  llvm.return\n}\n"},
		{"variadic not last", "llvm.func @f(..., i32)\n"},
		{"icmp unknown predicate", "llvm.func @f(%a: i32) {\n  %0 = llvm.icmp \"less\" %a, %a : i32\n  llvm.return\n}\n"},
		{"overflow unknown flag", "llvm.func @f(%a: i32) {\n  %0 = llvm.add %a, %a overflow<nsz> : i32\n  llvm.return\n}\n"},
		{"alloca without x", "llvm.func @f(%a: i32) {\n  %0 = llvm.alloca %a i32 : (i32) -> !llvm.ptr\n  llvm.return\n}\n"},
		{"global without type", "llvm.mlir.global @g(1 : i32)\n"},
		{"call without type", "llvm.func @f() {\n  llvm.call @f()\n  llvm.return\n}\n"},
		{"extractvalue out of bounds", "llvm.func @f(%s: !llvm.struct<(i32, f32)>) {\n  %0 = llvm.extractvalue %s[2] : !llvm.struct<(i32, f32)>\n  llvm.return\n}\n"},
		{"shufflevector of a scalar", "llvm.func @f(%a: f32) {\n  %0 = llvm.shufflevector %a, %a [0] : f32\n  llvm.return\n}\n"},
		{"switch case without block", "llvm.func @f(%a: i32) {\n  llvm.switch %a : i32, ^bb1 [\n    1\n  ]\n^bb1:\n  llvm.return\n}\n"},
		{"landingpad unknown clause", "llvm.func @f(%p: !llvm.ptr) {\n  %0 = llvm.landingpad (throw %p : !llvm.ptr) : !llvm.struct<(ptr, i32)>\n  llvm.return\n}\n"},
		{"bundle without tag", "llvm.func @f(%a: i32) {\n  llvm.call @f() [(%a : i32)] : () -> ()\n  llvm.return\n}\n"},
		{"atomicrmw unknown operation", "llvm.func @f(%p: !llvm.ptr, %a: i32) {\n  %0 = llvm.atomicrmw mod %p, %a monotonic : !llvm.ptr, i32\n  llvm.return\n}\n"},
	})
}
