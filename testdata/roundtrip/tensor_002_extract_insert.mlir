// tensor: extract and insert scalars with constant and dynamic indices, 0-d tensors.
func.func @extract_insert(%t: tensor<4x4xf32>, %i: index, %j: index, %v: f32) -> (f32, tensor<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %a = tensor.extract %t[%c0, %c3] : tensor<4x4xf32>
  %b = tensor.extract %t[%i, %j] : tensor<4x4xf32>
  %s = arith.addf %a, %b : f32
  %t1 = tensor.insert %s into %t[%i, %c0] : tensor<4x4xf32>
  %t2 = tensor.insert %v into %t1[%c3, %j] : tensor<4x4xf32>
  return %s, %t2 : f32, tensor<4x4xf32>
}

func.func @zero_d(%t: tensor<i32>, %v: i32) -> (i32, tensor<i32>) {
  %x = tensor.extract %t[] : tensor<i32>
  %u = tensor.insert %v into %t[] : tensor<i32>
  return %x, %u : i32, tensor<i32>
}

func.func @dynamic(%t: tensor<?xi64>, %i: index) -> tensor<?xi64> {
  %x = tensor.extract %t[%i] : tensor<?xi64>
  %y = arith.addi %x, %x : i64
  %u = tensor.insert %y into %t[%i] : tensor<?xi64>
  return %u : tensor<?xi64>
}
