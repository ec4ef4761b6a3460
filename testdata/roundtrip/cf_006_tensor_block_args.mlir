// cf: block arguments of tensor and memref types, passing tensors around a loop of blocks.
func.func @accumulate(%init: tensor<4xf32>, %delta: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0, %init : index, tensor<4xf32>)
^loop(%i: index, %acc: tensor<4xf32>):
  %lt = arith.cmpi ult, %i, %n : index
  cf.cond_br %lt, ^body(%acc : tensor<4xf32>), ^done(%acc : tensor<4xf32>)
^body(%t: tensor<4xf32>):
  %u = arith.addf %t, %delta : tensor<4xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^loop(%i1, %u : index, tensor<4xf32>)
^done(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}

func.func @choose_buffer(%c: i1, %a: memref<8xf32>, %b: memref<8xf32>, %v: f32) {
  cf.cond_br %c, ^use(%a : memref<8xf32>), ^use(%b : memref<8xf32>)
^use(%m: memref<8xf32>):
  %c0 = arith.constant 0 : index
  memref.store %v, %m[%c0] : memref<8xf32>
  return
}
