// Functions returning their argument unchanged and updated (two results aliasing one argument).
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @ident(%t: tensor<3xf32>) -> tensor<3xf32> {
  return %t : tensor<3xf32>
}

func.func @both(%t: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %c1 = arith.constant 1 : index
  %v = arith.constant 8.0 : f32
  %u = tensor.insert %v into %t[%c1] : tensor<3xf32>
  return %t, %u : tensor<3xf32>, tensor<3xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %i = func.call @ident(%a) : (tensor<3xf32>) -> tensor<3xf32>
  %i2 = tensor.insert %five into %i[%c0] : tensor<3xf32>
  %p, %q = func.call @both(%i2) : (tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  %ua = tensor.cast %a : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %up = tensor.cast %p : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%up) : (tensor<*xf32>) -> ()
  %uq = tensor.cast %q : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uq) : (tensor<*xf32>) -> ()
  return
}
