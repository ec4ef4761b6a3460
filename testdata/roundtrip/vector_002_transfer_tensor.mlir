// vector: transfer_read/transfer_write on tensors (value semantics, results), 0-d vectors.
func.func @rw(%t: tensor<16xf32>, %i: index) -> tensor<16xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%i], %pad {in_bounds = [true]} : tensor<16xf32>, vector<4xf32>
  %w = arith.mulf %v, %v : vector<4xf32>
  %r = vector.transfer_write %w, %t[%i] {in_bounds = [true]} : vector<4xf32>, tensor<16xf32>
  return %r : tensor<16xf32>
}

func.func @dynamic(%t: tensor<?x?xf32>, %i: index, %j: index) -> tensor<?x?xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%i, %j], %pad : tensor<?x?xf32>, vector<4x8xf32>
  %r = vector.transfer_write %v, %t[%j, %i] : vector<4x8xf32>, tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @zero_d(%t: tensor<f32>) -> tensor<f32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[], %pad : tensor<f32>, vector<f32>
  %r = vector.transfer_write %v, %t[] : vector<f32>, tensor<f32>
  return %r : tensor<f32>
}
