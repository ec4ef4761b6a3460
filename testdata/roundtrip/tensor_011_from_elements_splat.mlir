// tensor: from_elements (1-d, 2-d, 0-d) and splat (static and dynamic).
func.func @from_elements(%a: f32, %b: f32, %c: f32, %d: f32) -> (tensor<4xf32>, tensor<2x2xf32>, tensor<f32>) {
  %0 = tensor.from_elements %a, %b, %c, %d : tensor<4xf32>
  %1 = tensor.from_elements %a, %b, %c, %d : tensor<2x2xf32>
  %2 = tensor.from_elements %a : tensor<f32>
  return %0, %1, %2 : tensor<4xf32>, tensor<2x2xf32>, tensor<f32>
}

func.func @shape_tensor(%n: index, %m: index) -> tensor<2xindex> {
  %0 = tensor.from_elements %n, %m : tensor<2xindex>
  return %0 : tensor<2xindex>
}

func.func @splats(%v: f32, %n: index, %m: index) -> (tensor<8xf32>, tensor<?x4x?xf32>) {
  %0 = tensor.splat %v : tensor<8xf32>
  %1 = tensor.splat %v[%n, %m] : tensor<?x4x?xf32>
  return %0, %1 : tensor<8xf32>, tensor<?x4x?xf32>
}
