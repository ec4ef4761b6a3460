// tensor: dim with constant and dynamic index, rank on ranked/unranked tensors.
func.func @dims(%t: tensor<?x4x?xf32>, %k: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x4x?xf32>
  %d2 = tensor.dim %t, %c2 : tensor<?x4x?xf32>
  %dk = tensor.dim %t, %k : tensor<?x4x?xf32>
  %r = tensor.rank %t : tensor<?x4x?xf32>
  return %d0, %d2, %dk, %r : index, index, index, index
}

func.func @unranked(%u: tensor<*xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %r = tensor.rank %u : tensor<*xf32>
  %d = tensor.dim %u, %c0 : tensor<*xf32>
  return %r, %d : index, index
}
