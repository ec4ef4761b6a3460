// linalg: matmul + bias + relu pipeline on tensors with tensor.empty destinations and fill.
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#bcast = affine_map<(d0, d1) -> (d1)>

func.func @dense_layer(%x: tensor<8x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x32xf32>) outs(%acc : tensor<8x32xf32>) -> tensor<8x32xf32>
  %e2 = tensor.empty() : tensor<8x32xf32>
  %relu = linalg.generic {indexing_maps = [#map2, #bcast, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<8x32xf32>, tensor<32xf32>) outs(%e2 : tensor<8x32xf32>) {
  ^bb0(%v: f32, %bias: f32, %out: f32):
    %s = arith.addf %v, %bias : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  return %relu : tensor<8x32xf32>
}
