package ir_test

import "testing"

// TestMiscSyntax round-trips the custom forms of affine.apply/min/max, the
// complex dialect and ub through mlir-opt-22.
func TestMiscSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "affine", src: `#map = affine_map<(d0)[s0] -> (d0 * 2 + s0)>
func.func @f(%i: index, %n: index) -> index {
  %0 = affine.apply #map(%i)[%n]
  %1 = affine.apply affine_map<()[s0] -> (s0 floordiv 4)>()[%n] {tag}
  %2 = affine.min affine_map<(d0, d1) -> (d0, d1 + (4 mod 3))>(%0, %1)
  %3 = affine.max affine_map<(d0) -> (0, d0 - 4)>(%2)
  %4 = affine.apply affine_map<() -> (7)>()
  return %3 : index
}`},
		{name: "complex", src: `func.func @f(%re: f32, %im: f32, %n: i32) -> f32 {
  %z = complex.create %re, %im : complex<f32>
  %w = complex.add %z, %z fastmath<fast> : complex<f32>
  %m = complex.mul %w, %z {tag} : complex<f32>
  %e = complex.exp %m : complex<f32>
  %a = complex.abs %e fastmath<nnan> : complex<f32>
  %r = complex.re %z : complex<f32>
  %c = complex.eq %z, %w : complex<f32>
  %p = complex.powi %z, %n : complex<f32>, i32
  %b = complex.bitcast %z : complex<f32> to i64
  %k = complex.constant [1.0 : f32, -2.5 : f32] {tag} : complex<f32>
  %d = complex.constant [1.0, 2.0] : complex<f64>
  return %a : f32
}`},
		{name: "ub", src: `func.func @f(%c: i1) -> i32 {
  %0 = ub.poison : i32
  %1 = ub.poison {tag} : tensor<4xf32>
  %2 = ub.poison <#ub.poison> : vector<2xf16>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %0 : i32
^bb2:
  ub.unreachable
}`},
	}, "affine.", "complex.", "ub.")
}

// TestMiscSyntaxErrors checks that malformed affine, complex and ub ops
// give located errors.
func TestMiscSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"apply dimension count", "func.func @f(%i: index) {\n  %0 = affine.apply affine_map<(d0, d1) -> (d0)>(%i)\n  return\n}\n"},
		{"apply symbol count", "func.func @f(%i: index) {\n  %0 = affine.apply affine_map<(d0) -> (d0)>(%i)[%i]\n  return\n}\n"},
		{"apply not a map", "func.func @f(%i: index) {\n  %0 = affine.apply 3(%i)\n  return\n}\n"},
		{"create real type", "func.func @f(%x: f32) {\n  %0 = complex.create %x, %x : f32\n  return\n}\n"},
		{"abs of real", "func.func @f(%x: f32) {\n  %0 = complex.abs %x : f32\n  return\n}\n"},
		{"constant not a pair", "func.func @f() {\n  %0 = complex.constant 1.0 : complex<f32>\n  return\n}\n"},
		{"poison without type", "func.func @f() {\n  %0 = ub.poison\n  return\n}\n"},
	})
}
