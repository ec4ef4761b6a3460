// vector: transfer_read/transfer_write on memrefs with padding, in_bounds and masks.
func.func @copy4(%src: memref<?xf32>, %dst: memref<?xf32>, %i: index) {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %src[%i], %pad : memref<?xf32>, vector<4xf32>
  vector.transfer_write %v, %dst[%i] : vector<4xf32>, memref<?xf32>
  return
}

func.func @in_bounds(%m: memref<8x8xf32>, %i: index, %j: index) {
  %pad = arith.constant -1.0 : f32
  %v = vector.transfer_read %m[%i, %j], %pad {in_bounds = [true, false]} : memref<8x8xf32>, vector<2x4xf32>
  vector.transfer_write %v, %m[%j, %i] {in_bounds = [true, true]} : vector<2x4xf32>, memref<8x8xf32>
  return
}

func.func @masked(%m: memref<?xi32>, %i: index, %mask: vector<8xi1>) -> vector<8xi32> {
  %pad = arith.constant 0 : i32
  %v = vector.transfer_read %m[%i], %pad, %mask : memref<?xi32>, vector<8xi32>
  vector.transfer_write %v, %m[%i], %mask : vector<8xi32>, memref<?xi32>
  return %v : vector<8xi32>
}
