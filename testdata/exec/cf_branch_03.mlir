// cf.cond_br in a callee: one path returns the argument unchanged, the other a written copy; the caller re-reads the argument.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @maybe(%t: tensor<4xf32>, %limit: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %x = tensor.extract %t[%c2] : tensor<4xf32>
  %big = arith.cmpf ogt, %x, %limit : f32
  cf.cond_br %big, ^same, ^write
^same:
  return %t : tensor<4xf32>
^write:
  %y = arith.addf %x, %limit : f32
  %u = tensor.insert %y into %t[%c0] : tensor<4xf32>
  cf.br ^out(%u : tensor<4xf32>)
^out(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %ten = arith.constant 10.0 : f32
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.copy ins(%src : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r1 = func.call @maybe(%a, %one) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %r2 = func.call @maybe(%a, %ten) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %r3 = tensor.insert %ten into %r1[%c3] : tensor<4xf32>
  %u1 = tensor.cast %r3 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %r2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
