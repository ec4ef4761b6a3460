// tensor: reshape with a shape tensor (static and dynamic result), bitcast between element types.
func.func @reshape(%t: tensor<2x6xf32>) -> tensor<3x4xf32> {
  %shape = arith.constant dense<[3, 4]> : tensor<2xi64>
  %0 = tensor.reshape %t(%shape) : (tensor<2x6xf32>, tensor<2xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @reshape_dynamic(%t: tensor<?xf32>, %shape: tensor<3xindex>) -> tensor<?x?x?xf32> {
  %0 = tensor.reshape %t(%shape) : (tensor<?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

func.func @reshape_unranked(%t: tensor<*xf32>, %shape: tensor<?xi32>) -> tensor<*xf32> {
  %0 = tensor.reshape %t(%shape) : (tensor<*xf32>, tensor<?xi32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

func.func @bitcast(%t: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xui32>) {
  %0 = tensor.bitcast %t : tensor<4xi32> to tensor<4xf32>
  %1 = tensor.bitcast %t : tensor<4xi32> to tensor<4xui32>
  return %0, %1 : tensor<4xf32>, tensor<4xui32>
}
