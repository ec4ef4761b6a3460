package ir_test

import "testing"

// TestTensorSyntax round-trips the tensor dialect's custom forms, including
// the lenient spellings MLIR accepts (attribute dictionaries, type aliases,
// empty index lists), through mlir-opt-22.
func TestTensorSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "empty", src: `func.func @f(%n: index) -> (tensor<4xf32>, tensor<?x2x?xi8, "enc">) {
  %0 = tensor.empty() {tag} : tensor<4xf32>
  %1 = tensor.empty(%n, %n) : tensor<?x2x?xi8, "enc">
  return %0, %1 : tensor<4xf32>, tensor<?x2x?xi8, "enc">
}`},
		{name: "extract insert", src: `!T = tensor<4x?xf32>
func.func @f(%t: !T, %z: tensor<i32>, %i: index, %v: f32, %w: i32) -> (f32, !T, i32, tensor<i32>) {
  %0 = tensor.extract %t[%i, %i] {tag = 1} : !T
  %1 = tensor.insert %v into %t[%i, %i] : !T
  %2 = tensor.extract %z[] : tensor<i32>
  %3 = tensor.insert %w into %z[] : tensor<i32>
  return %0, %1, %2, %3 : f32, !T, i32, tensor<i32>
}`},
		{name: "slices", src: `func.func @f(%t: tensor<?x8xf32>, %s: tensor<4xf32>, %o: index, %n: index) -> (tensor<?xf32>, tensor<?x8xf32>) {
  %0 = tensor.extract_slice %t[%o, 0][1, %n][1, %n] {tag} : tensor<?x8xf32> to tensor<?xf32>
  %1 = tensor.insert_slice %s into %t[%o, 2] [1, 4] [1, 1] : tensor<4xf32> into tensor<?x8xf32>
  %2 = tensor.extract_slice %t[0x1, 2] [1, 4] [1, 1] : tensor<?x8xf32> to tensor<1x4xf32>
  return %0, %1 : tensor<?xf32>, tensor<?x8xf32>
}`},
		{name: "parallel insert slice", src: `func.func @f(%s: tensor<4xf32>, %d: tensor<8xf32>, %o: index) -> tensor<8xf32> {
  %0 = "scf.forall"(%d) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 2>}> ({
  ^bb0(%i: index, %out: tensor<8xf32>):
    "scf.forall.in_parallel"() ({
      tensor.parallel_insert_slice %s into %out[%o] [4] [1] {tag} : tensor<4xf32> into tensor<8xf32>
    }) : () -> ()
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}`},
		{name: "cast bitcast dim rank", src: `func.func @f(%t: tensor<4x?xi32>, %u: tensor<*xi32>, %k: index) -> (index, index) {
  %0 = tensor.cast %t {tag} : tensor<4x?xi32> to tensor<*xi32>
  %1 = tensor.bitcast %t : tensor<4x?xi32> to tensor<4x?xf32>
  %2 = tensor.dim {tag} %u, %k : tensor<*xi32>
  %3 = tensor.rank %t {tag} : tensor<4x?xi32>
  return %2, %3 : index, index
}`},
		{name: "generate yield", src: `func.func @f(%n: index, %v: f32) -> (tensor<?x3xf32>, tensor<2xf32>) {
  %0 = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    tensor.yield %v {tag} : f32
  } {tag} : tensor<?x3xf32>
  %1 = tensor.generate {
  ^bb0(%i: index):
    tensor.yield %v : f32
  } : tensor<2xf32>
  return %0, %1 : tensor<?x3xf32>, tensor<2xf32>
}`},
		{name: "pad", src: `func.func @f(%t: tensor<?x4xf32>, %lo: index, %v: f32) -> (tensor<?x6xf32>, tensor<?x4xf32>) {
  %0 = tensor.pad %t low[%lo, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } {tag} : tensor<?x4xf32> to tensor<?x6xf32>
  %1 = tensor.pad %t nofold low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x4xf32> to tensor<?x4xf32>
  return %0, %1 : tensor<?x6xf32>, tensor<?x4xf32>
}`},
		{name: "reshapes", src: `func.func @f(%t: tensor<2x?xf32>, %n: index, %s: tensor<2xindex>) -> (tensor<?xf32>, tensor<2x?x2xf32>, tensor<?x?xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1]] {tag} : tensor<2x?xf32> into tensor<?xf32>
  %1 = tensor.expand_shape %t [[0], [1 : i64, 2]] output_shape [2, %n, 2] : tensor<2x?xf32> into tensor<2x?x2xf32>
  %2 = tensor.reshape %0(%s) {tag} : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0, %1, %2 : tensor<?xf32>, tensor<2x?x2xf32>, tensor<?x?xf32>
}`},
		{name: "from elements splat", src: `func.func @f(%a: i64, %n: index) -> (tensor<2x2xi64>, tensor<0xi64>, tensor<?xi64>, tensor<3xi64>) {
  %0 = tensor.from_elements %a, %a, %a, %a {tag} : tensor<2x2xi64>
  %1 = tensor.from_elements : tensor<0xi64>
  %2 = tensor.splat %a[%n] {tag} : tensor<?xi64>
  %3 = tensor.splat %a[] : tensor<3xi64>
  return %0, %1, %2, %3 : tensor<2x2xi64>, tensor<0xi64>, tensor<?xi64>, tensor<3xi64>
}`},
		{name: "concat gather scatter", src: `func.func @f(%a: tensor<2x4xf32>, %b: tensor<?x4xf32>, %idx: tensor<3x1xindex>, %src: tensor<3x1x4xf32>) -> (tensor<?x4xf32>, tensor<3x1x4xf32>, tensor<2x4xf32>) {
  %0 = tensor.concat dim(0) %a, %b {tag} : (tensor<2x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = tensor.gather %a[%idx] gather_dims([0]) unique {tag} : (tensor<2x4xf32>, tensor<3x1xindex>) -> tensor<3x1x4xf32>
  %2 = tensor.scatter %src into %a[%idx] scatter_dims([0]) unique : (tensor<3x1x4xf32>, tensor<2x4xf32>, tensor<3x1xindex>) -> tensor<2x4xf32>
  return %0, %1, %2 : tensor<?x4xf32>, tensor<3x1x4xf32>, tensor<2x4xf32>
}`},
		{name: "generic forms that do not fit", src: `func.func @f(%t: tensor<4xf32>, %i: index) {
  %0 = "tensor.extract_slice"(%t) {static_offsets = array<i64: 0>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (tensor<4xf32>) -> tensor<2xf32>
  %1 = "tensor.pad"(%t) <{nofold, operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 1>, static_low = array<i64: 0>}> ({
  ^bb0(%a: index):
    %c = "test.c"() : () -> f32
    "tensor.yield"(%c) : (f32) -> ()
  }) : (tensor<4xf32>) -> tensor<5xf32>
  return
}`},
	}, "tensor.")
}

// TestTensorSyntaxErrors checks that malformed tensor ops give located
// errors, not panics.
func TestTensorSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"extract from non-tensor", "func.func @f(%t: f32, %i: index) {\n  %0 = tensor.extract %t[%i] : f32\n  return\n}\n"},
		{"insert missing into", "func.func @f(%t: tensor<4xf32>, %v: f32, %i: index) {\n  %0 = tensor.insert %v %t[%i] : tensor<4xf32>\n  return\n}\n"},
		{"slice missing list", "func.func @f(%t: tensor<4xf32>) {\n  %0 = tensor.extract_slice %t[0] [2] : tensor<4xf32> to tensor<2xf32>\n  return\n}\n"},
		{"from_elements count", "func.func @f(%a: f32) {\n  %0 = tensor.from_elements %a : tensor<1000000000000x1000000000000xf32>\n  return\n}\n"},
		{"from_elements dynamic", "func.func @f(%a: f32) {\n  %0 = tensor.from_elements %a : tensor<?xf32>\n  return\n}\n"},
		{"pad missing high", "func.func @f(%t: tensor<4xf32>, %v: f32) {\n  %0 = tensor.pad %t low[1] {\n  ^bb0(%i: index):\n    tensor.yield %v : f32\n  } : tensor<4xf32> to tensor<5xf32>\n  return\n}\n"},
		{"expand without output_shape", "func.func @f(%t: tensor<6xf32>) {\n  %0 = tensor.expand_shape %t [[0, 1]] : tensor<6xf32> into tensor<2x3xf32>\n  return\n}\n"},
		{"reassociation not an array", "func.func @f(%t: tensor<6xf32>) {\n  %0 = tensor.collapse_shape %t 3 : tensor<6xf32> into tensor<6xf32>\n  return\n}\n"},
		{"concat bad dim", "func.func @f(%t: tensor<6xf32>) {\n  %0 = tensor.concat dim(x) %t : (tensor<6xf32>) -> tensor<6xf32>\n  return\n}\n"},
		{"reshape arity", "func.func @f(%t: tensor<6xf32>, %s: tensor<1xindex>) {\n  %0 = tensor.reshape %t(%s) : (tensor<6xf32>) -> tensor<6xf32>\n  return\n}\n"},
		{"gather dims", "func.func @f(%t: tensor<6xf32>, %i: tensor<1x1xindex>) {\n  %0 = tensor.gather %t[%i] gather_dims(0) : (tensor<6xf32>, tensor<1x1xindex>) -> tensor<1x1xf32>\n  return\n}\n"},
		{"truncated", "func.func @f(%t: tensor<6xf32>) {\n  %0 = tensor.dim %t"},
	})
}
