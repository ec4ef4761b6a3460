// Dense constants as linalg outs and as insert_slice destination; a splat constant only read stays shared.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %seven = arith.constant 7.0 : f32
  %k = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %s = arith.constant dense<2.0> : tensor<2x2xf32>
  %sum = linalg.add ins(%k, %s : tensor<2x2xf32>, tensor<2x2xf32>) outs(%k : tensor<2x2xf32>) -> tensor<2x2xf32>
  %big = arith.constant dense<0.0> : tensor<3x3xf32>
  %ins = tensor.insert_slice %sum into %big[1, 1] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<3x3xf32>
  %row = tensor.extract_slice %ins[0, 0] [1, 3] [1, 1] : tensor<3x3xf32> to tensor<3xf32>
  %rf = linalg.fill ins(%seven : f32) outs(%row : tensor<3xf32>) -> tensor<3xf32>
  %ins2 = tensor.insert_slice %rf into %ins[0, 0] [1, 3] [1, 1] : tensor<3xf32> into tensor<3x3xf32>
  %u1 = tensor.cast %ins2 : tensor<3x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %k : tensor<2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %u3 = tensor.cast %big : tensor<3x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  %u4 = tensor.cast %s : tensor<2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  return
}
