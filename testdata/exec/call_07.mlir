// A callee returns two overlapping views of its argument; the caller fills one and writes an element of the other: the fill must not change.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @views(%t: tensor<8xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %b = tensor.extract_slice %t[1] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %a, %b = func.call @views(%t) : (tensor<8xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %fa = linalg.fill ins(%five : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %wb = tensor.insert %one into %b[%c0] : tensor<4xf32>
  %ua = tensor.cast %fa : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %ub = tensor.cast %wb : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
