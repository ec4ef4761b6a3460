// tensor: long chains of insert/extract on the same tensor (read-after-write patterns).
func.func @chain(%t: tensor<8xf32>, %v: f32) -> (tensor<8xf32>, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %old = tensor.extract %t[%c0] : tensor<8xf32>
  %t0 = tensor.insert %v into %t[%c0] : tensor<8xf32>
  %t1 = tensor.insert %v into %t0[%c1] : tensor<8xf32>
  %mid = tensor.extract %t1[%c1] : tensor<8xf32>
  %sum = arith.addf %old, %mid : f32
  %t2 = tensor.insert %sum into %t1[%c2] : tensor<8xf32>
  %again = tensor.extract %t[%c2] : tensor<8xf32>
  return %t2, %again, %sum : tensor<8xf32>, f32, f32
}
