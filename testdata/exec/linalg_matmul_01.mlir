// linalg.matmul accumulating into a filled output, then a second matmul reusing the first result as input and init.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]> : tensor<3x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %c0 = linalg.fill ins(%z : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %c = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x2xf32>) outs(%c0 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %e1 = tensor.empty() : tensor<2x2xf32>
  %i0 = linalg.fill ins(%one : f32) outs(%e1 : tensor<2x2xf32>) -> tensor<2x2xf32>
  // d = i0 + c * c, and c itself stays readable.
  %d = linalg.matmul ins(%c, %c : tensor<2x2xf32>, tensor<2x2xf32>) outs(%i0 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %uc = tensor.cast %c : tensor<2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  %ud = tensor.cast %d : tensor<2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()
  return
}
