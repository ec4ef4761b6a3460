package ir_test

import "testing"

// TestShapeSyntax round-trips the shape dialect's witness ops through
// mlir-opt-22, with the assuming_yield MLIR's parser adds and its printer
// leaves out.
func TestShapeSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "assuming", src: `func.func @f(%w: !shape.witness, %a: memref<2xf32>, %b: i1) -> memref<2xf32> {
  %0 = shape.assuming %w -> memref<2xf32> {
    %1 = memref.alloc() : memref<2xf32>
    shape.assuming_yield %1 : memref<2xf32>
  }
  %2:2 = shape.assuming %w -> (memref<2xf32>, i1) {
    shape.assuming_yield {tag} %a, %b : memref<2xf32>, i1
  } {foo}
  shape.assuming %w {
    "x.use"(%2#0) : (memref<2xf32>) -> ()
  }
  shape.assuming %w {
    shape.assuming_yield
  }
  "shape.assuming"(%w) ({
    "shape.assuming_yield"() {t} : () -> ()
  }) : (!shape.witness) -> ()
  return %0 : memref<2xf32>
}`},
		{name: "witnesses", src: `func.func @f(%s: tensor<?xindex>, %t: tensor<?xindex>, %x: !shape.shape, %b: i1) -> !shape.witness {
  %c = shape.const_witness true
  %d = shape.const_witness false {tag}
  %e = shape.cstr_eq %s, %t : tensor<?xindex>, tensor<?xindex>
  %f = shape.cstr_broadcastable %s, %t, %x {tag} : tensor<?xindex>, tensor<?xindex>, !shape.shape
  %r = shape.cstr_require %b, "a \"quoted\" message"
  %all = shape.assuming_all %c, %d, %e, %f, %r
  return %all : !shape.witness
}`},
		{name: "const_size", src: `func.func @f() -> (!shape.size, !shape.size, !shape.size) {
  %0 = shape.const_size 4
  %1 = shape.const_size -1 {tag}
  %2 = "shape.const_size"() <{value = 7 : index}> : () -> !shape.size
  return %0, %1, %2 : !shape.size, !shape.size, !shape.size
}`},
	}, "shape.")
}

// TestShapeSyntaxErrors checks that malformed shape ops give a located
// diagnostic rather than a panic.
func TestShapeSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"assuming without region", "func.func @f(%w: !shape.witness) {\n  shape.assuming %w\n  return\n}\n"},
		{"assuming non-witness", "func.func @f(%w: i1) {\n  shape.assuming %w {\n  }\n  return\n}\n"},
		{"const_witness without value", "func.func @f() {\n  %0 = shape.const_witness\n  return\n}\n"},
		{"const_size without value", "func.func @f() {\n  %0 = shape.const_size\n  return\n}\n"},
		{"cstr_require without message", "func.func @f(%b: i1) {\n  %0 = shape.cstr_require %b\n  return\n}\n"},
		{"cstr_require message not a string", "func.func @f(%b: i1) {\n  %0 = shape.cstr_require %b, 3\n  return\n}\n"},
		{"cstr_eq type count", "func.func @f(%s: tensor<?xindex>) {\n  %0 = shape.cstr_eq %s, %s : tensor<?xindex>\n  return\n}\n"},
	})
}
