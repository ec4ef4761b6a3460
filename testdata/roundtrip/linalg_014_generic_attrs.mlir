// linalg: generic with extra discardable attributes, 0-d operands, scalar ins and reduction to scalar.
#map0 = affine_map<(d0, d1) -> (d0, d1)>
#mapS = affine_map<(d0, d1) -> ()>

func.func @scalar_operand(%a: tensor<3x3xf32>, %s: f32) -> tensor<3x3xf32> {
  %e = tensor.empty() : tensor<3x3xf32>
  %0 = linalg.generic {indexing_maps = [#map0, #mapS, #map0], iterator_types = ["parallel", "parallel"]}
      ins(%a, %s : tensor<3x3xf32>, f32) outs(%e : tensor<3x3xf32>) attrs = {my.tag = "scaled", my.id = 7 : i64} {
  ^bb0(%x: f32, %k: f32, %o: f32):
    %y = arith.mulf %x, %k : f32
    linalg.yield %y : f32
  } -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

func.func @total(%a: tensor<3x3xf32>, %acc: tensor<f32>) -> tensor<f32> {
  %0 = linalg.generic {indexing_maps = [#map0, #mapS], iterator_types = ["reduction", "reduction"]}
      ins(%a : tensor<3x3xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}
