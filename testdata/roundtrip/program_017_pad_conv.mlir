// program: "same" convolution: tensor.pad with dynamic high padding feeding a conv and an expand/collapse reshape.
func.func @same_conv(%img: tensor<1x8x8x1xf32>, %w: tensor<3x3x1x4xf32>) -> tensor<64x4xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %img low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%n: index, %h: index, %x: index, %c: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x1xf32> to tensor<1x10x10x1xf32>
  %e = tensor.empty() : tensor<1x8x8x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%padded, %w : tensor<1x10x10x1xf32>, tensor<3x3x1x4xf32>) outs(%f : tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %flat = tensor.collapse_shape %conv [[0, 1, 2], [3]] : tensor<1x8x8x4xf32> into tensor<64x4xf32>
  return %flat : tensor<64x4xf32>
}

func.func @pad_to_multiple(%t: tensor<?xf32>, %mult: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %r = arith.remui %n, %mult : index
  %d = arith.subi %mult, %r : index
  %hi = arith.remui %d, %mult : index
  %p = tensor.pad %t low[0] high[%hi] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}
