package ir_test

import "testing"

// TestVectorSyntax round-trips the vector dialect's custom forms through
// mlir-opt-22, in particular the defaults the transfer ops fill in and the
// mask type they infer.
func TestVectorSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "transfer defaults", src: `func.func @f(%m: memref<?x8xf32>, %t: tensor<4x4x4xf32>, %z: tensor<f32>, %i: index, %p: f32) -> tensor<4x4x4xf32> {
  %0 = vector.transfer_read %m[%i, %i], %p : memref<?x8xf32>, vector<8xf32>
  %1 = vector.transfer_read %t[%i, %i, %i], %p {in_bounds = [true, false]} : tensor<4x4x4xf32>, vector<2x4xf32>
  vector.transfer_write %0, %m[%i, %i] {tag} : vector<8xf32>, memref<?x8xf32>
  %2 = vector.transfer_write %1, %t[%i, %i, %i] : vector<2x4xf32>, tensor<4x4x4xf32>
  %3 = vector.transfer_read %z[], %p : tensor<f32>, vector<f32>
  return %2 : tensor<4x4x4xf32>
}`},
		{name: "permutation maps and masks", src: `#perm = affine_map<(d0, d1, d2) -> (d2, d0)>
func.func @f(%m: memref<4x8x16xf32>, %t: tensor<?xf32>, %i: index, %p: f32, %mk: vector<8x4xi1>, %b: vector<8xi1>, %s: vector<[4]x8xi1>) {
  %0 = vector.transfer_read %m[%i, %i, %i], %p, %mk {permutation_map = #perm} : memref<4x8x16xf32>, vector<4x8xf32>
  vector.transfer_write %0, %m[%i, %i, %i], %mk {permutation_map = affine_map<(d0, d1, d2) -> (d2, d0)>} : vector<4x8xf32>, memref<4x8x16xf32>
  %1 = vector.transfer_read %t[%i], %p, %b {permutation_map = affine_map<(d0) -> (0, d0)>} : tensor<?xf32>, vector<4x8xf32>
  %2 = vector.transfer_read %m[%i, %i, %i], %p, %s {in_bounds = [false, true], permutation_map = affine_map<(d0, d1, d2) -> (d1, d2)>} : memref<4x8x16xf32>, vector<[4]x8xf32>
  return
}`},
		{name: "memref of vectors", src: `func.func @f(%m: memref<8xvector<4xf32>>, %i: index, %p: vector<4xf32>) {
  %0 = vector.transfer_read %m[%i], %p : memref<8xvector<4xf32>>, vector<2x4xf32>
  return
}`},
		{name: "misc", src: `func.func @f(%s: f32, %v: vector<4x8xf32>, %w: vector<8xf32>, %m: memref<?x?xf32>, %i: index, %j: index) {
  %0 = vector.broadcast %s : f32 to vector<8xf32>
  %1 = vector.fma %w, %0, %w {tag} : vector<8xf32>
  %2 = vector.extract %v[%i, 2] : f32 from vector<4x8xf32>
  %3 = vector.extract %v[1] {tag} : vector<8xf32> from vector<4x8xf32>
  %4 = vector.extract %v[] : vector<4x8xf32> from vector<4x8xf32>
  %5 = vector.insert %s, %v [%j, -1] : f32 into vector<4x8xf32>
  %6 = vector.reduction <add>, %w : vector<8xf32> into f32
  %7 = vector.reduction <maximumf>, %w, %s fastmath<fast> : vector<8xf32> into f32
  %8 = vector.load %m[%i, %j] {nontemporal = true} : memref<?x?xf32>, vector<8xf32>
  vector.store %8, %m[%i, %j] {alignment = 16} : memref<?x?xf32>, vector<8xf32>
  %9 = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %10 = vector.shape_cast %9 : vector<8x4xf32> to vector<32xf32>
  %11 = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %12 = vector.insert_strided_slice %11, %v {offsets = [0, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  return
}`},
		{name: "construction and print", src: `func.func @f(%a: f32, %i: index) {
  %0 = vector.from_elements %a, %a : vector<2xf32>
  %1 = vector.create_mask %i, %i : vector<4x3xi1>
  %2 = vector.constant_mask [3, 2] : vector<4x3xi1>
  %3 = vector.step : vector<4xindex>
  vector.print %0 : vector<2xf32>
  vector.print %a : f32 punctuation <comma>
  vector.print str "done\n"
  vector.print punctuation <close> {tag}
  return
}`},
		{name: "contract", src: `#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d1, d2)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @f(%a: vector<3x1xi32>, %b: vector<3x1xi32>, %c: vector<3x3xi32>) -> vector<3x3xi32> {
  %0 = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<3x1xi32>, vector<3x1xi32> into vector<3x3xi32>
  %1 = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxsi>} %a, %b, %0 {tag} : vector<3x1xi32>, vector<3x1xi32> into vector<3x3xi32>
  %2 = vector.contract {iterator_types = ["parallel", "parallel", "reduction"], indexing_maps = [#a, #b, #c]} %a, %b, %1 : vector<3x1xi32>, vector<3x1xi32> into vector<3x3xi32>
  return %2 : vector<3x3xi32>
}`},
		{name: "mask", src: `func.func @f(%t: tensor<8x2xf32>, %i: index, %p: f32, %m: vector<4xi1>, %v: vector<4xf32>, %w: memref<8xf32>) -> (vector<4xf32>, tensor<8x2xf32>, f32) {
  %0 = vector.mask %m { vector.transfer_read %t[%i, %i], %p : tensor<8x2xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  %1 = vector.mask %m, %v { vector.transfer_read %t[%i, %i], %p : tensor<8x2xf32>, vector<4xf32> } {tag} : vector<4xi1> -> vector<4xf32>
  %2 = vector.mask %m { vector.transfer_write %v, %t[%i, %i] : vector<4xf32>, tensor<8x2xf32> } : vector<4xi1> -> tensor<8x2xf32>
  vector.mask %m { vector.transfer_write %v, %w[%i] : vector<4xf32>, memref<8xf32> } : vector<4xi1>
  %3 = vector.mask %m { vector.yield %v : vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  %4 = vector.mask %m { vector.reduction <add>, %1, %p : vector<4xf32> into f32 } : vector<4xi1> -> f32
  return %3, %2, %4 : vector<4xf32>, tensor<8x2xf32>, f32
}`},
	}, "vector.")
}

// TestVectorSyntaxErrors checks that malformed vector ops give located
// errors.
func TestVectorSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"read one type", "func.func @f(%m: memref<4xf32>, %i: index, %p: f32) {\n  %0 = vector.transfer_read %m[%i], %p : memref<4xf32>\n  return\n}\n"},
		{"read from vector", "func.func @f(%m: vector<4xf32>, %i: index, %p: f32) {\n  %0 = vector.transfer_read %m[%i], %p : vector<4xf32>, vector<4xf32>\n  return\n}\n"},
		{"read into scalar", "func.func @f(%m: memref<4xf32>, %i: index, %p: f32) {\n  %0 = vector.transfer_read %m[%i], %p : memref<4xf32>, f32\n  return\n}\n"},
		{"rank needs a map", "func.func @f(%m: memref<4xf32>, %i: index, %p: f32) {\n  %0 = vector.transfer_read %m[%i], %p : memref<4xf32>, vector<2x4xf32>\n  return\n}\n"},
		{"mask with non-projection map", "func.func @f(%m: memref<4xf32>, %i: index, %p: f32, %k: vector<4xi1>) {\n  %0 = vector.transfer_read %m[%i], %p, %k {permutation_map = affine_map<(d0) -> (d0 + 1)>} : memref<4xf32>, vector<4xf32>\n  return\n}\n"},
		{"write missing indices", "func.func @f(%v: vector<4xf32>, %m: memref<4xf32>) {\n  vector.transfer_write %v, %m : vector<4xf32>, memref<4xf32>\n  return\n}\n"},
		{"extract without from", "func.func @f(%v: vector<4xf32>) {\n  %0 = vector.extract %v[0] : f32 vector<4xf32>\n  return\n}\n"},
		{"reduction without kind", "func.func @f(%v: vector<4xf32>) {\n  %0 = vector.reduction %v : vector<4xf32> into f32\n  return\n}\n"},
		{"from_elements scalar type", "func.func @f(%a: f32) {\n  %0 = vector.from_elements %a : f32\n  return\n}\n"},
		{"contract without traits", "func.func @f(%a: vector<3xi32>) {\n  %0 = vector.contract %a, %a, %a : vector<3xi32>, vector<3xi32> into vector<3xi32>\n  return\n}\n"},
		{"contract two operands", "func.func @f(%a: vector<3xi32>) {\n  %0 = vector.contract {indexing_maps = [], iterator_types = []} %a, %a : vector<3xi32>, vector<3xi32> into vector<3xi32>\n  return\n}\n"},
		{"contract unknown iterator", "func.func @f(%a: vector<3xi32>) {\n  %0 = vector.contract {indexing_maps = [], iterator_types = [\"window\"]} %a, %a, %a : vector<3xi32>, vector<3xi32> into vector<3xi32>\n  return\n}\n"},
		{"mask without region", "func.func @f(%m: vector<4xi1>) {\n  vector.mask %m : vector<4xi1>\n  return\n}\n"},
		{"mask passthru without result", "func.func @f(%m: vector<4xi1>, %v: vector<4xf32>) {\n  vector.mask %m, %v { vector.yield } : vector<4xi1>\n  return\n}\n"},
		{"print str without string", "func.func @f() {\n  vector.print str 3\n  return\n}\n"},
	})
}
