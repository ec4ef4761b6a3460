// linalg: generic with inline affine maps, a broadcast operand and a reduction iterator.
func.func @row_sum(%a: tensor<16x32xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<16x32xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

func.func @bias_add(%a: tensor<16x32xf32>, %bias: tensor<32xf32>) -> tensor<16x32xf32> {
  %init = tensor.empty() : tensor<16x32xf32>
  %0 = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a, %bias : tensor<16x32xf32>, tensor<32xf32>) outs(%init : tensor<16x32xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    linalg.yield %s : f32
  } -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}
