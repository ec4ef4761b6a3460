// bufferization: alloc_tensor used as loop-private scratch and as an explicit copy to avoid a RaW conflict.
func.func @scratch(%t: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<8xf32>) {
    %tmp = bufferization.alloc_tensor() : tensor<8xf32>
    %cp = linalg.copy ins(%acc : tensor<8xf32>) outs(%tmp : tensor<8xf32>) -> tensor<8xf32>
    %e = math.exp %cp : tensor<8xf32>
    %s = arith.addf %acc, %e : tensor<8xf32>
    scf.yield %s : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

func.func @explicit_copy(%t: tensor<4xf32>, %v: f32) -> (f32, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %copy = bufferization.alloc_tensor() copy(%t) : tensor<4xf32>
  %w = tensor.insert %v into %copy[%c0] : tensor<4xf32>
  %old = tensor.extract %t[%c0] : tensor<4xf32>
  return %old, %w : f32, tensor<4xf32>
}
