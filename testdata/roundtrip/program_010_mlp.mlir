// program: two-layer MLP with matmul, broadcast bias, relu, transpose of weights, and a softmax-free output.
func.func @mlp(%x: tensor<4x16xf32>, %w1: tensor<32x16xf32>, %b1: tensor<32xf32>, %w2: tensor<16x32xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<16x32xf32>
  %w1t = linalg.transpose ins(%w1 : tensor<32x16xf32>) outs(%et : tensor<16x32xf32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<4x32xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4x32xf32>) -> tensor<4x32xf32>
  %h = linalg.matmul ins(%x, %w1t : tensor<4x16xf32>, tensor<16x32xf32>) outs(%z1 : tensor<4x32xf32>) -> tensor<4x32xf32>
  %bb = linalg.broadcast ins(%b1 : tensor<32xf32>) outs(%e1 : tensor<4x32xf32>) dimensions = [0]
  %hb = linalg.add ins(%h, %bb : tensor<4x32xf32>, tensor<4x32xf32>) outs(%e1 : tensor<4x32xf32>) -> tensor<4x32xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4x32xf32>) -> tensor<4x32xf32>
  %relu = linalg.max ins(%hb, %zeros : tensor<4x32xf32>, tensor<4x32xf32>) outs(%e1 : tensor<4x32xf32>) -> tensor<4x32xf32>
  %et2 = tensor.empty() : tensor<32x16xf32>
  %w2t = linalg.transpose ins(%w2 : tensor<16x32xf32>) outs(%et2 : tensor<32x16xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<4x16xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %out = linalg.matmul ins(%relu, %w2t : tensor<4x32xf32>, tensor<32x16xf32>) outs(%z2 : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %out : tensor<4x16xf32>
}
