// scf: while loop carrying a tensor and a counter, modifying the tensor in the after region.
func.func @halve_until_small(%t: tensor<4xf32>, %limit: f32) -> (tensor<4xf32>, i32) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %half = arith.constant dense<0.5> : tensor<4xf32>
  %r:2 = scf.while (%cur = %t, %k = %z) : (tensor<4xf32>, i32) -> (tensor<4xf32>, i32) {
    %v = tensor.extract %cur[%c0] : tensor<4xf32>
    %big = arith.cmpf ogt, %v, %limit : f32
    scf.condition(%big) %cur, %k : tensor<4xf32>, i32
  } do {
  ^bb0(%x: tensor<4xf32>, %kk: i32):
    %h = arith.mulf %x, %half : tensor<4xf32>
    %k1 = arith.addi %kk, %one : i32
    scf.yield %h, %k1 : tensor<4xf32>, i32
  }
  return %r#0, %r#1 : tensor<4xf32>, i32
}
