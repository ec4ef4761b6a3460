// materialize_in_destination into a function argument (written through to the caller's buffer).
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @store(%dst: tensor<3xf32>, %v: f32) -> tensor<3xf32> {
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %m = bufferization.materialize_in_destination %f in %dst : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %m : tensor<3xf32>
}

func.func @main() {
  %one = arith.constant 1.0 : f32
  %four = arith.constant 4.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = func.call @store(%a, %four) : (tensor<3xf32>, f32) -> tensor<3xf32>
  %ur = tensor.cast %r : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
