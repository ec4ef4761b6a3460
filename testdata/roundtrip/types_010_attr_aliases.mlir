// types/attrs: attribute aliases (#name) for affine maps, sets, strided layouts, dicts and dense values.
#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
#set = affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0)>
#layout = strided<[?, 1], offset: ?>
#cfg = {mode = "fast", level = 3 : i32}
#weights = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
#str = "aliased string"

func.func @use(%a: tensor<8x4xf32>, %o: tensor<8xf32>, %m: memref<8x?xf32, #layout>) -> tensor<8xf32> attributes {cfg = #cfg, note = #str} {
  %w = arith.constant #weights
  %0 = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<8x4xf32>) outs(%o : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  "test.guard"() {condition = #set, config = #cfg} : () -> ()
  return %0 : tensor<8xf32>
}
