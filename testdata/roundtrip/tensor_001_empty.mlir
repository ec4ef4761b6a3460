// tensor: empty with static, dynamic and mixed sizes, and 0-d / encoded result types.
func.func @empties(%n: index, %m: index) -> (tensor<4x8xf32>, tensor<?xf32>, tensor<?x16x?xi32>, tensor<f64>) {
  %0 = tensor.empty() : tensor<4x8xf32>
  %1 = tensor.empty(%n) : tensor<?xf32>
  %2 = tensor.empty(%n, %m) : tensor<?x16x?xi32>
  %3 = tensor.empty() : tensor<f64>
  return %0, %1, %2, %3 : tensor<4x8xf32>, tensor<?xf32>, tensor<?x16x?xi32>, tensor<f64>
}

func.func @encoded() -> tensor<4xf32, "enc"> {
  %0 = tensor.empty() : tensor<4xf32, "enc">
  return %0 : tensor<4xf32, "enc">
}
