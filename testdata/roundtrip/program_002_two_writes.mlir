// program: two different inserts into the same source tensor, both results live (one must copy).
func.func @fork(%t: tensor<4xi32>, %a: i32, %b: i32) -> (tensor<4xi32>, tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tensor.insert %a into %t[%c0] : tensor<4xi32>
  %y = tensor.insert %b into %t[%c1] : tensor<4xi32>
  return %x, %y : tensor<4xi32>, tensor<4xi32>
}

func.func @fork_then_merge(%t: tensor<4xi32>, %a: i32) -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %x = tensor.insert %a into %t[%c0] : tensor<4xi32>
  %old = tensor.extract %t[%c3] : tensor<4xi32>
  %y = tensor.insert %old into %x[%c3] : tensor<4xi32>
  %s = arith.addi %a, %old : i32
  %z = tensor.insert %s into %y[%c0] : tensor<4xi32>
  return %z : tensor<4xi32>
}
