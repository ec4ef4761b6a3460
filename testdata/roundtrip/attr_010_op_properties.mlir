// attrs: discardable attrs on registered ops in pretty form (after the operands), unit and dict values.
func.func @decorated(%a: f32, %b: f32, %t: tensor<4xf32>) -> f32 {
  %0 = arith.addf %a, %b {my.note = "sum", my.idx = 0 : i64} : f32
  %1 = arith.mulf %0, %0 fastmath<fast> {my.hot} : f32
  %c0 = arith.constant {my.origin = "literal"} 0 : index
  %2 = tensor.extract %t[%c0] {my.access = {kind = "read", bytes = 4 : i64}} : tensor<4xf32>
  %3 = arith.addf %1, %2 : f32
  return %3 : f32
}
