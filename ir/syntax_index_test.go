package ir_test

import "testing"

// TestIndexSyntax round-trips the index dialect's custom forms through
// mlir-opt-22.
func TestIndexSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "arithmetic", src: `func.func @f(%a: index, %b: index) -> index {
  %0 = index.add %a, %b
  %1 = index.sub %0, %b {tag}
  %2 = index.mul %1, %a
  %3 = index.divs %2, %a
  %4 = index.divu %3, %a
  %5 = index.ceildivs %4, %a
  %6 = index.ceildivu %5, %a
  %7 = index.floordivs %6, %a
  %8 = index.rems %7, %a
  %9 = index.remu %8, %a
  %10 = index.maxs %9, %a
  %11 = index.maxu %10, %a
  %12 = index.mins %11, %a
  %13 = index.minu %12, %a
  %14 = index.shl %13, %a
  %15 = index.shrs %14, %a
  %16 = index.shru %15, %a
  %17 = index.and %16, %a
  %18 = index.or %17, %a
  %19 = index.xor %18, %a
  return %19 : index
}`},
		{name: "compare, constants, casts", src: `func.func @f(%a: index, %i: i64) -> (i1, i1, index, i32, index) {
  %0 = index.cmp slt(%a, %a)
  %1 = index.cmp uge(%a, %a) {tag}
  %c = index.constant -7
  %t = index.bool.constant false
  %2 = index.casts %i : i64 to index
  %3 = index.castu %c : index to i32
  %4 = index.sizeof
  return %0, %t, %2, %3, %4 : i1, i1, index, i32, index
}`},
	}, "index.")
}

// TestIndexSyntaxErrors checks that malformed index ops give located
// errors.
func TestIndexSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"unknown predicate", "func.func @f(%a: index) {\n  %0 = index.cmp lt(%a, %a)\n  return\n}\n"},
		{"cmp without parentheses", "func.func @f(%a: index) {\n  %0 = index.cmp slt %a, %a\n  return\n}\n"},
		{"constant not an integer", "func.func @f() {\n  %0 = index.constant 1.5\n  return\n}\n"},
		{"bool constant", "func.func @f() {\n  %0 = index.bool.constant 1\n  return\n}\n"},
		{"cast without types", "func.func @f(%a: index) {\n  %0 = index.casts %a\n  return\n}\n"},
	})
}
