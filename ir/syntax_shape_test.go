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
		// The ops of the declarative table (format.go), every one in its
		// custom form.
		{name: "declared", src: `func.func @f(%s: !shape.shape, %z: !shape.size, %e: tensor<?xindex>, %i: index, %t: tensor<2x?xf32>, %v: !shape.value_shape, %w: !shape.witness) -> (!shape.size, index) {
  %0 = shape.add %z, %i : !shape.size, index -> !shape.size
  %1 = shape.mul %i, %i : index, index -> index
  %2 = shape.div %z, %z {tag} : !shape.size, !shape.size -> !shape.size
  %3 = shape.max %s, %s : !shape.shape, !shape.shape -> !shape.shape
  %4 = shape.min %z, %z : !shape.size, !shape.size -> !shape.size
  %5 = shape.concat %s, %e : !shape.shape, tensor<?xindex> -> !shape.shape
  %6 = shape.any %s, %e, %s : !shape.shape, tensor<?xindex>, !shape.shape -> !shape.shape
  %7 = shape.broadcast %e, %e {error = "incompatible"} : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %8 = shape.shape_eq %s, %e : !shape.shape, tensor<?xindex>
  %9 = shape.is_broadcastable %e : tensor<?xindex>
  %10 = shape.from_extents %z, %i : !shape.size, index
  %11 = shape.from_extent_tensor %e : tensor<?xindex>
  %12 = shape.get_extent %s, %z : !shape.shape, !shape.size -> !shape.size
  %13 = shape.dim %t, %i : tensor<2x?xf32>, index -> index
  %14 = shape.index_to_size %i
  %15 = shape.meet %s, %e, error = "no meet" : !shape.shape, tensor<?xindex> -> !shape.shape
  %16 = shape.meet %z, %z : !shape.size, !shape.size -> !shape.size
  %17 = shape.num_elements %e : tensor<?xindex> -> index
  %18 = shape.rank %s : !shape.shape -> !shape.size
  %19 = shape.shape_of %t : tensor<2x?xf32> -> tensor<2xindex>
  %20 = shape.size_to_index %z : !shape.size
  %21 = shape.to_extent_tensor %s : !shape.shape -> tensor<?xindex>
  %22 = shape.value_as_shape %e : tensor<?xindex> -> !shape.shape
  %23 = shape.value_of %v : tensor<2x?xf32>
  %24 = shape.with_shape %t, %s : tensor<2x?xf32>, !shape.shape
  %25 = shape.const_shape [1, 2, 3] : !shape.shape
  %26 = shape.const_shape {tag} [] : tensor<0xindex>
  %27:2 = shape.reduce(%s, %z, %i) : !shape.shape -> (!shape.size, index) {
  ^bb0(%k: index, %x: !shape.size, %acc: !shape.size, %n: index):
    %m = shape.mul %acc, %x : !shape.size, !shape.size -> !shape.size
    shape.yield %m, %n : !shape.size, index
  }
  shape.reduce(%e) : tensor<?xindex> {
  ^bb0(%k: index, %x: index):
    shape.yield
  }
  %29 = shape.assuming_all %w, %w
  %30 = shape.cstr_eq %s, %e : !shape.shape, tensor<?xindex>
  return %0, %1 : !shape.size, index
}`, printed: []string{
			"shape.add %z, %i : !shape.size, index -> !shape.size",
			`shape.meet %s, %e, error = "no meet" : !shape.shape, tensor<?xindex> -> !shape.shape`,
			"shape.meet %z, %z : !shape.size, !shape.size -> !shape.size",
			`shape.broadcast %e, %e {error = "incompatible"} : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>`,
			"shape.index_to_size %i",
			"shape.with_shape %t, %s : tensor<2x?xf32>, !shape.shape",
			"shape.const_shape [1, 2, 3] : !shape.shape",
			"shape.const_shape {tag} [] : tensor<0xindex>",
			"shape.reduce(%s, %z, %i) : !shape.shape -> (!shape.size, index) {",
			"shape.yield %m, %n : !shape.size, index",
		}},
		// Empty type lists do not read back: such ops keep the generic form.
		{name: "declared generic", src: `func.func @f() -> !shape.shape {
  %0 = "shape.from_extents"() : () -> !shape.shape
  %1 = "shape.cstr_eq"() : () -> !shape.witness
  return %0 : !shape.shape
}`, printed: []string{`"shape.from_extents"() : () -> !shape.shape`, `"shape.cstr_eq"() : () -> !shape.witness`}},
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
		{"add without types", "func.func @f(%i: index) {\n  %0 = shape.add %i, %i\n  return\n}\n"},
		{"meet error not a string", "func.func @f(%i: index) {\n  %0 = shape.meet %i, %i, error = 3 : index, index -> index\n  return\n}\n"},
		{"with_shape one operand", "func.func @f(%t: tensor<2xf32>) {\n  %0 = shape.with_shape %t : tensor<2xf32>, !shape.shape\n  return\n}\n"},
		{"const_shape not integers", "func.func @f() {\n  %0 = shape.const_shape [a] : !shape.shape\n  return\n}\n"},
		{"reduce without initial values for results", "func.func @f(%s: !shape.shape) {\n  %0 = shape.reduce(%s) : !shape.shape -> index {\n  ^bb0(%k: index, %x: !shape.size):\n    shape.yield\n  }\n  return\n}\n"},
		{"cstr_eq type count", "func.func @f(%s: tensor<?xindex>) {\n  %0 = shape.cstr_eq %s, %s : tensor<?xindex>\n  return\n}\n"},
	})
}
