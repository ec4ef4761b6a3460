// generic: linalg.generic in fully generic form, with indexing_maps/iterator_types properties and region.
#map = affine_map<(d0) -> (d0)>
func.func @gen(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "linalg.generic"(%a, %b) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%in: f32, %out: f32):
    %1 = "arith.mulf"(%in, %in) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    "linalg.yield"(%1) : (f32) -> ()
  }) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
