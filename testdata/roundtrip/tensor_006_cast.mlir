// tensor: cast between static, dynamic and unranked tensor types.
func.func @casts(%s: tensor<4x8xf32>) -> (tensor<?x?xf32>, tensor<4x?xf32>, tensor<*xf32>, tensor<4x8xf32>) {
  %0 = tensor.cast %s : tensor<4x8xf32> to tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<4x?xf32>
  %2 = tensor.cast %1 : tensor<4x?xf32> to tensor<*xf32>
  %3 = tensor.cast %2 : tensor<*xf32> to tensor<4x8xf32>
  return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<4x?xf32>, tensor<*xf32>, tensor<4x8xf32>
}

func.func @unranked_roundtrip(%u: tensor<*xi32>) -> tensor<*xi32> {
  %0 = tensor.cast %u : tensor<*xi32> to tensor<?xi32>
  %1 = tensor.cast %0 : tensor<?xi32> to tensor<*xi32>
  return %1 : tensor<*xi32>
}
