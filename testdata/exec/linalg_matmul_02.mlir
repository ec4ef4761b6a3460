// linalg.matmul whose init is a dense constant (read-only global): the accumulation must go out of place.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %a = arith.constant dense<[[1.0, 1.0], [2.0, 2.0]]> : tensor<2x2xf32>
  %b = arith.constant dense<[[3.0, 4.0], [5.0, 6.0]]> : tensor<2x2xf32>
  %init = arith.constant dense<[[100.0, 200.0], [300.0, 400.0]]> : tensor<2x2xf32>
  %c = linalg.matmul ins(%a, %b : tensor<2x2xf32>, tensor<2x2xf32>) outs(%init : tensor<2x2xf32>) -> tensor<2x2xf32>
  %c2 = linalg.matmul ins(%b, %a : tensor<2x2xf32>, tensor<2x2xf32>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  %uc = tensor.cast %c : tensor<2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  %uc2 = tensor.cast %c2 : tensor<2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uc2) : (tensor<*xf32>) -> ()
  %ui = tensor.cast %init : tensor<2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ui) : (tensor<*xf32>) -> ()
  return
}
