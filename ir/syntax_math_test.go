package ir_test

import "testing"

// TestMathSyntax round-trips the math dialect's custom forms through
// mlir-opt-22.
func TestMathSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "float", src: `func.func @f(%x: f32, %v: vector<4xf16>, %t: tensor<?xf64>) {
  %0 = math.exp %x : f32
  %1 = math.tanh %v fastmath<afn> : vector<4xf16>
  %2 = math.powf %x, %x fastmath<fast> {tag} : f32
  %3 = math.fma %t, %t, %t : tensor<?xf64>
  %4 = math.atan2 %x, %x : f32
  %5 = math.rsqrt %t {fastmath = #arith.fastmath<nnan>} : tensor<?xf64>
  %6 = math.roundeven %x : f32
  %s, %c = math.sincos %x fastmath<fast> : f32
  %7 = math.clampf %x to [%x, %x] fastmath<nnan> : f32
  %8 = math.clampf %v to [%v, %v] {tag} : vector<4xf16>
  return
}`},
		{name: "integer", src: `func.func @f(%a: i32, %v: vector<2xi64>) {
  %0 = math.absi %a : i32
  %1 = math.ctpop %v {tag} : vector<2xi64>
  %2 = math.ipowi %a, %a : i32
  return
}`},
		{name: "fpowi and classification", src: `func.func @f(%x: f32, %n: i32, %v: vector<4xf32>, %t: tensor<2x?xf64>) {
  %0 = math.fpowi %x, %n fastmath<fast> : f32, i32
  %1 = math.isnan %v : vector<4xf32>
  %2 = math.isinf %x {fastmath = #arith.fastmath<fast>} : f32
  %3 = math.isfinite %t : tensor<2x?xf64>
  %4 = math.isnormal %x {fastmath = #arith.fastmath<none>, tag} : f32
  return
}`},
	}, "math.")
}

// TestMathSyntaxErrors checks that malformed math ops give located errors.
func TestMathSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"fma arity", "func.func @f(%x: f32) {\n  %0 = math.fma %x, %x : f32\n  return\n}\n"},
		{"clampf without to", "func.func @f(%x: f32) {\n  %0 = math.clampf %x [%x, %x] : f32\n  return\n}\n"},
		{"fpowi one type", "func.func @f(%x: f32, %n: i32) {\n  %0 = math.fpowi %x, %n : f32\n  return\n}\n"},
		{"isnan keyword flags", "func.func @f(%x: f32) {\n  %0 = math.isnan %x fastmath<fast> : f32\n  return\n}\n"},
	})
}
