// locations: locations on function and block arguments and on region-carrying ops (scf.for, linalg.generic).
#map = affine_map<(d0) -> (d0)>
func.func @blocks(%t: tensor<8xf32> loc("t.mlir":1:10), %n: index loc(unknown)) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index loc("t.mlir":2:3)
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<8xf32>) {
    %e = math.exp %acc : tensor<8xf32> loc("t.mlir":4:5)
    scf.yield %e : tensor<8xf32> loc("t.mlir":5:5)
  } loc("loop")
  %o = tensor.empty() : tensor<8xf32>
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%r : tensor<8xf32>) outs(%o : tensor<8xf32>) {
  ^bb0(%in: f32 loc("in"), %out: f32 loc("out")):
    linalg.yield %in : f32 loc("yield")
  } -> tensor<8xf32> loc(fused["generic", "t.mlir":9:3])
  return %g : tensor<8xf32>
}
