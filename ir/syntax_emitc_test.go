package ir_test

import "testing"

// TestEmitCSyntax round-trips emitc's includes and opaque calls through
// mlir-opt-22.
func TestEmitCSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
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
	})
}
