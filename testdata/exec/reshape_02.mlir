// collapse_shape of a 2x2x3 constant (read-only) feeding a linalg.add, and expand_shape of the result written in place.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 50.0 : f32
  %k = arith.constant dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], [[7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]]> : tensor<2x2x3xf32>
  %c = tensor.collapse_shape %k [[0, 1], [2]] : tensor<2x2x3xf32> into tensor<4x3xf32>
  %e = tensor.empty() : tensor<4x3xf32>
  %s = linalg.add ins(%c, %c : tensor<4x3xf32>, tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %x = tensor.expand_shape %s [[0, 1], [2]] output_shape [2, 2, 3] : tensor<4x3xf32> into tensor<2x2x3xf32>
  %x2 = tensor.insert %v into %x[%c0, %c0, %c0] : tensor<2x2x3xf32>
  %flat = tensor.collapse_shape %k [[0, 1, 2]] : tensor<2x2x3xf32> into tensor<12xf32>
  %ux = tensor.cast %x2 : tensor<2x2x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ux) : (tensor<*xf32>) -> ()
  %us = tensor.cast %s : tensor<4x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  %uf = tensor.cast %flat : tensor<12xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uf) : (tensor<*xf32>) -> ()
  return
}
