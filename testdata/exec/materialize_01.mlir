// bufferization.materialize_in_destination of a value computed in the destination (no copy) and of a constant (copy).
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %d = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.insert %five into %d[%c0] : tensor<4xf32>
  %m = bufferization.materialize_in_destination %v in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %k = arith.constant dense<[9.0, 8.0, 7.0, 6.0]> : tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %d2 = linalg.fill ins(%one : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %m2 = bufferization.materialize_in_destination %k in %d2 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %um = tensor.cast %m : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%um) : (tensor<*xf32>) -> ()
  %um2 = tensor.cast %m2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%um2) : (tensor<*xf32>) -> ()
  return
}
