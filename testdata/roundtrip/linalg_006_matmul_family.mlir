// linalg: matmul, batch_matmul, matvec, vecmat and dot on tensors.
func.func @mm(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

func.func @bmm(%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>, %c: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%c : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  return %0 : tensor<2x4x16xf32>
}

func.func @mv(%a: tensor<4x8xf32>, %x: tensor<8xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.matvec ins(%a, %x : tensor<4x8xf32>, tensor<8xf32>) outs(%y : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @vm(%x: tensor<4xf32>, %a: tensor<4x8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.vecmat ins(%x, %a : tensor<4xf32>, tensor<4x8xf32>) outs(%y : tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @dot(%x: tensor<8xf32>, %y: tensor<8xf32>, %acc: tensor<f32>) -> tensor<f32> {
  %0 = linalg.dot ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%acc : tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
