// linalg: transpose (permutation) and broadcast (dimensions) on tensors and memrefs.
func.func @transpose(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %init = tensor.empty() : tensor<4x2x3xf32>
  %0 = linalg.transpose ins(%a : tensor<2x3x4xf32>) outs(%init : tensor<4x2x3xf32>) permutation = [2, 0, 1]
  return %0 : tensor<4x2x3xf32>
}

func.func @broadcast(%a: tensor<8xf32>) -> tensor<4x8x2xf32> {
  %init = tensor.empty() : tensor<4x8x2xf32>
  %0 = linalg.broadcast ins(%a : tensor<8xf32>) outs(%init : tensor<4x8x2xf32>) dimensions = [0, 2]
  return %0 : tensor<4x8x2xf32>
}

func.func @memref_versions(%a: memref<3x5xi32>, %b: memref<5x3xi32>, %v: memref<5xi32>, %w: memref<5x7xi32>) {
  linalg.transpose ins(%a : memref<3x5xi32>) outs(%b : memref<5x3xi32>) permutation = [1, 0]
  linalg.broadcast ins(%v : memref<5xi32>) outs(%w : memref<5x7xi32>) dimensions = [1]
  return
}
