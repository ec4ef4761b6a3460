// program: conv -> bias+relu (generic) -> max-pool CNN block on tensors, constants for weights.
#nhwc = affine_map<(n, h, w, c) -> (n, h, w, c)>
#chan = affine_map<(n, h, w, c) -> (c)>

func.func @cnn_block(%img: tensor<1x16x16x3xf32>, %w: tensor<3x3x3x8xf32>) -> tensor<1x7x7x8xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %bias = arith.constant dense<[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]> : tensor<8xf32>
  %e0 = tensor.empty() : tensor<1x14x14x8xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x14x14x8xf32>) -> tensor<1x14x14x8xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%img, %w : tensor<1x16x16x3xf32>, tensor<3x3x3x8xf32>) outs(%f0 : tensor<1x14x14x8xf32>) -> tensor<1x14x14x8xf32>
  %act = linalg.generic {indexing_maps = [#nhwc, #chan, #nhwc], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %bias : tensor<1x14x14x8xf32>, tensor<8xf32>) outs(%e0 : tensor<1x14x14x8xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x14x14x8xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %e1 = tensor.empty() : tensor<1x7x7x8xf32>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32>
  %pool = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%act, %win : tensor<1x14x14x8xf32>, tensor<2x2xf32>) outs(%f1 : tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32>
  return %pool : tensor<1x7x7x8xf32>
}
