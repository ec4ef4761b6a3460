package ir_test

import "testing"

// TestBufferizationSyntax round-trips the bufferization dialect's custom
// forms through mlir-opt-22.
func TestBufferizationSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "alloc_tensor", src: `func.func @f(%t: tensor<?xf32>, %n: index) -> (tensor<4xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>) {
  %0 = bufferization.alloc_tensor() {memory_space = 1 : ui64, tag} : tensor<4xf32>
  %1 = bufferization.alloc_tensor() copy(%t) size_hint = %n {memory_space = #gpu.address_space<workgroup>} : tensor<?xf32>
  %2 = bufferization.alloc_tensor(%n) size_hint=%n : tensor<?xf32>
  %3 = bufferization.alloc_tensor(%n, %n) {memory_space = 2} : tensor<?x?xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>
}`},
		{name: "conversions", src: `func.func @f(%m: memref<4xf32>, %u: memref<*xf32>, %t: tensor<4xf32>) -> (tensor<4xf32>, tensor<*xf32>, memref<4xf32, strided<[1], offset: ?>>, memref<*xf32>) {
  %0 = bufferization.to_tensor %m restrict writable {tag} : memref<4xf32> to tensor<4xf32>
  %1 = bufferization.to_tensor %u writable : memref<*xf32> to tensor<*xf32>
  %2 = bufferization.to_buffer %t read_only {tag} : tensor<4xf32> to memref<4xf32, strided<[1], offset: ?>>
  %3 = bufferization.clone %u {tag} : memref<*xf32> to memref<*xf32>
  %4 = bufferization.to_tensor %m {restrict} : memref<4xf32> to tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<*xf32>, memref<4xf32, strided<[1], offset: ?>>, memref<*xf32>
}`},
		{name: "materialize", src: `func.func @f(%s: tensor<?xf32>, %d: tensor<?xf32>, %m: memref<?xf32>) -> tensor<?xf32> {
  %0 = bufferization.materialize_in_destination %s in %d {tag} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  bufferization.materialize_in_destination %s in writable %m : (tensor<?xf32>, memref<?xf32>) -> ()
  bufferization.materialize_in_destination %s in restrict writable %m : (tensor<?xf32>, memref<?xf32>) -> ()
  return %0 : tensor<?xf32>
}`},
		{name: "dealloc", src: `func.func @f(%a: memref<2xf32>, %b: memref<?xi8>, %c: i1, %d: i1, %a_t: tensor<2xf32>) -> (i1, i1, i1) {
  bufferization.dealloc_tensor %a_t : tensor<2xf32>
  %r:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<?xi8>) if (%c, %d) retain (%a, %b : memref<2xf32>, memref<?xi8>) {tag}
  %s = bufferization.dealloc retain (%b : memref<?xi8>)
  bufferization.dealloc (%a : memref<2xf32>) if (%c)
  bufferization.dealloc
  bufferization.dealloc {tag}
  return %r#0, %r#1, %s : i1, i1, i1
}`},
		{name: "generic forms that do not fit", src: `func.func @f(%n: index) -> tensor<?xf32> {
  %0 = "bufferization.alloc_tensor"(%n) {memory_space = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 0>} : (index) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`},
	}, "bufferization.")
}

// TestBufferizationSyntaxErrors checks that malformed bufferization ops give
// located errors, not panics.
func TestBufferizationSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"alloc_tensor without parens", "func.func @f() {\n  %0 = bufferization.alloc_tensor : tensor<4xf32>\n  return\n}\n"},
		{"alloc_tensor size_hint without =", "func.func @f(%n: index) {\n  %0 = bufferization.alloc_tensor(%n) size_hint %n : tensor<?xf32>\n  return\n}\n"},
		{"to_tensor without to", "func.func @f(%m: memref<4xf32>) {\n  %0 = bufferization.to_tensor %m : memref<4xf32>\n  return\n}\n"},
		{"flags out of order", "func.func @f(%m: memref<4xf32>) {\n  %0 = bufferization.to_tensor %m writable restrict : memref<4xf32> to tensor<4xf32>\n  return\n}\n"},
		{"materialize without in", "func.func @f(%s: tensor<4xf32>, %d: tensor<4xf32>) {\n  %0 = bufferization.materialize_in_destination %s %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n  return\n}\n"},
		{"materialize arity", "func.func @f(%s: tensor<4xf32>, %d: tensor<4xf32>) {\n  %0 = bufferization.materialize_in_destination %s in %d : (tensor<4xf32>) -> tensor<4xf32>\n  return\n}\n"},
		{"dealloc without if", "func.func @f(%a: memref<2xf32>) {\n  bufferization.dealloc (%a : memref<2xf32>)\n  return\n}\n"},
		{"dealloc result count", "func.func @f(%a: memref<2xf32>, %c: i1) {\n  %r = bufferization.dealloc (%a : memref<2xf32>) if (%c)\n  return\n}\n"},
		{"dealloc condition type", "func.func @f(%a: memref<2xf32>, %c: i32) {\n  bufferization.dealloc (%a : memref<2xf32>) if (%c)\n  return\n}\n"},
	})
}
