// vector: transfer ops with permutation_map (transposing, broadcasting, minor identity).
#transpose = affine_map<(d0, d1) -> (d1, d0)>

func.func @transposed(%m: memref<8x16xf32>, %i: index, %j: index) -> vector<4x2xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %j], %pad {permutation_map = #transpose} : memref<8x16xf32>, vector<4x2xf32>
  vector.transfer_write %v, %m[%i, %j] {permutation_map = #transpose} : vector<4x2xf32>, memref<8x16xf32>
  return %v : vector<4x2xf32>
}

func.func @broadcast(%m: memref<?xf32>, %i: index) -> vector<4x8xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i], %pad {in_bounds = [true, true], permutation_map = affine_map<(d0) -> (0, d0)>} : memref<?xf32>, vector<4x8xf32>
  return %v : vector<4x8xf32>
}

func.func @minor(%t: tensor<2x3x16xf32>, %i: index) -> vector<8xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%i, %i, %i], %pad {permutation_map = affine_map<(d0, d1, d2) -> (d2)>} : tensor<2x3x16xf32>, vector<8xf32>
  return %v : vector<8xf32>
}
