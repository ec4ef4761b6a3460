package ir_test

import "testing"

// TestEmitCSyntax round-trips emitc through mlir-opt-22: includes and
// opaque calls, functions, globals and classes, the structured ops (with
// their implied yields, and the expression whose body shadows its
// operands), and the declared ops, with the lvalue types they write
// without prefix and their enum keywords.
func TestEmitCSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "functions", src: `emitc.declare_func @f
emitc.func @f(%a: i32) -> i32 attributes {specifiers = ["static"]} {
  %0 = emitc.call @g(%a) : (i32) -> i32
  emitc.return %0 : i32
}
emitc.func private @g(i32) -> i32 attributes {specifiers = ["extern"]}
emitc.global @uninit : i32
emitc.global static const @init : i32 = 4
emitc.global @array : !emitc.array<2xf32> = dense<4.000000e+00>
emitc.class final @c {
  emitc.field @x : !emitc.array<1xf32>
  emitc.func @run() {
    %0 = get_field @x : !emitc.array<1xf32>
    return
  }
}`, printed: []string{
			"emitc.func @f(%a: i32) -> i32 attributes {specifiers = [\"static\"]} {",
			"emitc.func private @g(i32) -> i32",
			"emitc.global static const @init : i32 = 4",
			"emitc.global @array : !emitc.array<2xf32> = dense<4.000000e+00>",
			"emitc.class final @c {",
			"emitc.get_field @x : !emitc.array<1xf32>",
		}},
		{name: "structured", src: `func.func @s(%c: i1, %lb: index, %n: i16, %p: !emitc.ptrdiff_t, %x: i32, %y: i32) -> i32 {
  emitc.if %c {
    %0 = emitc.call_opaque "t"() : () -> i32
  } else {
    emitc.yield
  }
  emitc.for %i = %lb to %lb step %lb {
    emitc.call_opaque "f"(%i) : (index) -> ()
  }
  emitc.for %j = %n to %n step %n : i16 {
  }
  emitc.switch %p : !emitc.ptrdiff_t
  case 1 {
    emitc.yield
  }
  default {
  }
  %e = emitc.expression %x, %y noinline : (i32, i32) -> i32 {
    %a = rem %x, %y : (i32, i32) -> i32
    yield %a : i32
  }
  return %e : i32
}`, printed: []string{
			"emitc.if %c {",
			"} else {",
			"emitc.for %i = %lb to %lb step %lb {",
			"emitc.for %j = %n to %n step %n : i16 {",
			"emitc.switch %p : !emitc.ptrdiff_t",
			"case 1 {",
			"default {",
			"emitc.expression %x, %y noinline : (i32, i32) -> i32 {",
			"emitc.rem %x, %y : (i32, i32) -> i32",
		}},
		{name: "declared", src: `func.func @d(%a: i32, %b: i32, %c: i1, %arr: !emitc.array<2x3xf32>, %i: index, %ptr: !emitc.ptr<f32>) {
  %v = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<i32>
  emitc.assign %a : i32 to %v : <i32>
  %l = emitc.load %v : <i32>
  %0 = emitc.cmp three_way, %a, %b : (i32, i32) -> i32
  %1 = emitc.conditional %c, %a, %b : i32
  %2 = emitc.logical_and %a, %b : i32, i32
  %3 = emitc.logical_not %a : i32
  %4 = emitc.subscript %arr[%i, %i] : (!emitc.array<2x3xf32>, index, index) -> !emitc.lvalue<f32>
  %5 = emitc.apply "&"(%v) : (!emitc.lvalue<i32>) -> !emitc.ptr<i32>
  %6 = emitc.cast %ptr : !emitc.ptr<f32> to !emitc.ptr<i8>
  %7 = emitc.bitwise_not %a : (i32) -> i32
  emitc.verbatim "{} + {};" args %a, %b : i32, i32
  emitc.verbatim "return;"
  return
}`, printed: []string{
			"emitc.assign %a : i32 to %v : !emitc.lvalue<i32>",
			"emitc.load %v : !emitc.lvalue<i32>",
			"emitc.cmp three_way, %a, %b : (i32, i32) -> i32",
			"emitc.conditional %c, %a, %b : i32",
			"emitc.logical_and %a, %b : i32, i32",
			"emitc.subscript %arr[%i, %i] :",
			`emitc.apply "&"(%v) :`,
			`emitc.verbatim "{} + {};" args %a, %b : i32, i32`,
		}},
		{name: "include", src: `emitc.include <"stdio.h">
emitc.include "local \"quoted\".h"
"emitc.include"() <{include = "x.h"}> {tag} : () -> ()`},
		{name: "call_opaque", src: `func.func @f(%a: i32) -> i32 {
  %0 = emitc.call_opaque "f"(%a) {args = [0 : index], template_args = [i32]} : (i32) -> i32
  %1 = emitc.call_opaque "g"() : () -> i32
  emitc.call_opaque "h"(%a, %1) {tag} : (i32, i32) -> ()
  return %0 : i32
}`},
	}, "emitc.")
}

// TestEmitCSyntaxErrors checks that malformed emitc ops give a located
// diagnostic rather than a panic.
func TestEmitCSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"include without name", "emitc.include\n"},
		{"include unclosed", "emitc.include <\"a.h\"\n"},
		{"call_opaque callee not a string", "func.func @f() {\n  emitc.call_opaque f() : () -> ()\n  return\n}\n"},
		{"call_opaque without type", "func.func @f() {\n  emitc.call_opaque \"f\"()\n  return\n}\n"},
		{"cmp unknown predicate", "func.func @f(%a: i32) {\n  %0 = emitc.cmp same, %a, %a : (i32, i32) -> i1\n  return\n}\n"},
		{"load of no lvalue", "func.func @f(%a: i32) {\n  %0 = emitc.load %a : i32\n  return\n}\n"},
		{"global value of no kind", "emitc.global @g : i32 = \"four\"\n"},
		{"switch without default", "func.func @f(%a: index) {\n  emitc.switch %a : index\n  case 1 {\n    emitc.yield\n  }\n  return\n}\n"},
		{"expression of two results", "func.func @f(%a: i32) {\n  %0 = emitc.expression %a : (i32) -> (i32, i32) {\n    emitc.yield %a : i32\n  }\n  return\n}\n"},
	})
}
