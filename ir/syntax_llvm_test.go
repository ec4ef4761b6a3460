package ir_test

import "testing"

// TestLLVMSyntax round-trips the llvm dialect through mlir-opt-22:
// functions with their linkage, visibility, calling convention and
// variadic arguments, declarations, globals, calls direct, indirect and
// variadic, allocas, GEPs with dynamic and constant indices, memory
// accesses, comparisons, branches, and the declared ops with their
// flags (overflow, exact, disjoint, nneg, fast-math, no-wrap) and the
// defaults they leave out.
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
		{"func with comdat", "llvm.func @f() comdat(@c::@f)\n"},
		{"variadic not last", "llvm.func @f(..., i32)\n"},
		{"icmp unknown predicate", "llvm.func @f(%a: i32) {\n  %0 = llvm.icmp \"less\" %a, %a : i32\n  llvm.return\n}\n"},
		{"overflow unknown flag", "llvm.func @f(%a: i32) {\n  %0 = llvm.add %a, %a overflow<nsz> : i32\n  llvm.return\n}\n"},
		{"alloca without x", "llvm.func @f(%a: i32) {\n  %0 = llvm.alloca %a i32 : (i32) -> !llvm.ptr\n  llvm.return\n}\n"},
		{"global without type", "llvm.mlir.global @g(1 : i32)\n"},
		{"call without type", "llvm.func @f() {\n  llvm.call @f()\n  llvm.return\n}\n"},
	})
}
