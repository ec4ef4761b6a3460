package ir_test

import "testing"

// TestTosaSyntax round-trips TOSA ops in their functional-type form
// through mlir-opt-22: elementwise ops, ops with inherent attributes and
// shape operands, several results, and a discardable attribute.
func TestTosaSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "elementwise", src: `func.func @f(%a: tensor<13x21x3xf32>, %b: tensor<13x21x1xf32>, %c: tensor<13x21x3xi1>) -> (tensor<13x21x3xf32>, tensor<13x21x3xi1>) {
  %0 = tosa.add %a, %b : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xf32>
  %1 = tosa.tanh %0 : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %2 = tosa.greater %1, %a {tag} : (tensor<13x21x3xf32>, tensor<13x21x3xf32>) -> tensor<13x21x3xi1>
  %3 = tosa.logical_and %2, %c : (tensor<13x21x3xi1>, tensor<13x21x3xi1>) -> tensor<13x21x3xi1>
  %4 = tosa.select %3, %1, %a : (tensor<13x21x3xi1>, tensor<13x21x3xf32>, tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  return %4, %3 : tensor<13x21x3xf32>, tensor<13x21x3xi1>
}`, printed: []string{"tosa.add %a, %b : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xf32>"}},
		{name: "attributes and shapes", src: `func.func @f(%a: tensor<14x19xf32>, %b: tensor<13x8x16xf32>) -> (tensor<19xi32>, tensor<266xf32>, tensor<13x8x9xf32>, tensor<13x8x9xf32>) {
  %0 = tosa.argmax %a {axis = 0 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<14x19xf32>) -> tensor<19xi32>
  %s = tosa.const_shape {values = dense<266> : tensor<1xindex>} : () -> !tosa.shape<1>
  %1 = tosa.reshape %a, %s : (tensor<14x19xf32>, !tosa.shape<1>) -> tensor<266xf32>
  %2, %3 = tosa.rfft2d %b : (tensor<13x8x16xf32>) -> (tensor<13x8x9xf32>, tensor<13x8x9xf32>)
  return %0, %1, %2, %3 : tensor<19xi32>, tensor<266xf32>, tensor<13x8x9xf32>, tensor<13x8x9xf32>
}`},
		// MLIR reads 1.0:0 and 1.000000e+00 as one scale and zero point: a
		// value may be declared with one spelling and used with the other.
		{name: "quantized types", src: `func.func @f(%a: tensor<64xi32>, %t: tensor<513x!quant.uniform<i16:f32, 1.0:0>>, %p: tensor<2x!quant.uniform<i8<-8:7>:f32:0, {2.0e+2, 0.16:-3}>>) -> tensor<64x!quant.uniform<i16:f32, 1.0:0>> {
  %0 = tosa.table %a, %t : (tensor<64xi32>, tensor<513x!quant.uniform<i16:f32, 1.000000e+00>>) -> tensor<64x!quant.uniform<i16:f32, 1.000000e+00>>
  "x.use"(%p) : (tensor<2x!quant.uniform<i8<-8:7>:f32:0, {2.000000e+02,1.600000e-01:-3}>>) -> ()
  return %0 : tensor<64x!quant.uniform<i16:f32, 1.0:0>>
}`, printed: []string{"!quant.uniform<i16:f32, 1.0e+00>", "!quant.uniform<i8<-8:7>:f32:0, {2.0e+02,1.6e-01:-3}>"}},
		{name: "control flow and modes", src: `func.func @f(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i1>, %x: tensor<13x21x3xf32>) -> tensor<f32> {
  %0 = tosa.cond_if %c : tensor<i1> -> tensor<f32> {
    tosa.yield %a : tensor<f32>
  } else {
    tosa.yield %b : tensor<f32>
  } {tag}
  %1:2 = tosa.cond_if %c (%p = %a, %q = %b) : tensor<i1> (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  ^bb0(%p1: tensor<f32>, %q1: tensor<f32>):
    tosa.yield %p1, %q1 : tensor<f32>, tensor<f32>
  } else {
  ^bb0(%p1: tensor<f32>, %q1: tensor<f32>):
    tosa.yield %q1, %p1 : tensor<f32>, tensor<f32>
  }
  %2 = tosa.while_loop (%i = %0) : (tensor<f32>) -> tensor<f32> {
    tosa.yield %c : tensor<i1>
  } do {
  ^bb0(%j: tensor<f32>):
    tosa.yield %j : tensor<f32>
  } attributes {tag}
  %3 = tosa.clamp %x {min_val = 0.0 : f32, max_val = 1.0 : f32, nan_mode = IGNORE} : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %4 = tosa.clamp %x {min_val = 0.0 : f32, max_val = 1.0 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>} : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  return %2 : tensor<f32>
}`, printed: []string{
			"tosa.cond_if %c : tensor<i1> -> tensor<f32> {",
			"} {tag}",
			"tosa.cond_if %c (%p1 = %a, %q1 = %b) : tensor<i1> (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>) {",
			"tosa.while_loop (%i = %0) : (tensor<f32>) -> tensor<f32> {",
			"} attributes {tag}",
			"nan_mode = IGNORE}",
			"nan_mode = PROPAGATE}",
		}},
	}, "tosa.")
	testSyntaxErrors(t, []errorCase{
		{"cond_if without else", `func.func @f(%a: tensor<f32>, %c: tensor<i1>) {
  %0 = tosa.cond_if %c : tensor<i1> -> tensor<f32> {
    tosa.yield %a : tensor<f32>
  }
  return
}`},
		{"cond_if input count", `func.func @f(%a: tensor<f32>, %c: tensor<i1>) {
  %0 = tosa.cond_if %c (%p = %a) : tensor<i1> (tensor<f32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%p1: tensor<f32>, %q1: tensor<f32>):
    tosa.yield %p1 : tensor<f32>
  } else {
  ^bb0(%p1: tensor<f32>, %q1: tensor<f32>):
    tosa.yield %p1 : tensor<f32>
  }
  return
}`},
		{"no type", `func.func @f(%a: tensor<4xf32>) {
  %0 = tosa.abs %a
  return
}`},
		{"not a function type", `func.func @f(%a: tensor<4xf32>) {
  %0 = tosa.abs %a : tensor<4xf32>
  return
}`},
		{"operand count", `func.func @f(%a: tensor<4xf32>) {
  %0 = tosa.add %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}`},
	})
}
