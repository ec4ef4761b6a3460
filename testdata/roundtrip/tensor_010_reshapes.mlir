// tensor: collapse_shape and expand_shape (with output_shape), static and dynamic.
func.func @collapse(%t: tensor<2x3x4xf32>) -> (tensor<6x4xf32>, tensor<24xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %1 = tensor.collapse_shape %t [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  return %0, %1 : tensor<6x4xf32>, tensor<24xf32>
}

func.func @expand(%t: tensor<6xf32>) -> tensor<2x3xf32> {
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @expand_dynamic(%t: tensor<?x8xf32>, %n: index) -> tensor<?x4x2x4xf32> {
  %0 = tensor.expand_shape %t [[0, 1], [2, 3]] output_shape [%n, 4, 2, 4] : tensor<?x8xf32> into tensor<?x4x2x4xf32>
  return %0 : tensor<?x4x2x4xf32>
}

func.func @collapse_dynamic(%t: tensor<?x?x4xi32>) -> tensor<?x4xi32> {
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<?x?x4xi32> into tensor<?x4xi32>
  return %0 : tensor<?x4xi32>
}

func.func @unit_dims(%t: tensor<1x5x1xf32>) -> tensor<1x5x1xf32> {
  %0 = tensor.collapse_shape %t [[0, 1, 2]] : tensor<1x5x1xf32> into tensor<5xf32>
  %1 = tensor.expand_shape %0 [[0, 1, 2]] output_shape [1, 5, 1] : tensor<5xf32> into tensor<1x5x1xf32>
  return %1 : tensor<1x5x1xf32>
}
