// A cf function writes its argument (tensor.insert on one branch) into the tensor a loop carries; a loop exit returns the argument itself, unwritten. The caller passes a constant and doubles the result in place. The write does not dominate the return, yet runs before it: a read-after-write conflict One-Shot excuses because the write is outside the argument's block.
// REFERENCE-NO-DEALLOC
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @f(%a: tensor<4xf32>, %v: f32, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  %p = arith.cmpf oge, %x, %v : f32
  cf.cond_br %p, ^const, ^write
^const:
  %k = arith.constant dense<7.0> : tensor<4xf32>
  cf.br ^head(%k, %c0 : tensor<4xf32>, index)
^write:
  %u = tensor.insert %v into %a[%c3] : tensor<4xf32>
  cf.br ^head(%u, %c0 : tensor<4xf32>, index)
^head(%t: tensor<4xf32>, %i: index):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^exit(%t : tensor<4xf32>)
^body:
  %t2 = tensor.insert %v into %t[%i] : tensor<4xf32>
  %i2 = arith.addi %i, %c1 : index
  %stop = arith.cmpi eq, %i2, %c2 : index
  cf.cond_br %stop, ^exit(%a : tensor<4xf32>), ^head(%t2, %i2 : tensor<4xf32>, index)
^exit(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}
func.func @main() {
  %c3 = arith.constant 3 : index
  %nine = arith.constant 9.0 : f32
  %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = func.call @f(%k, %nine, %c3) : (tensor<4xf32>, f32, index) -> tensor<4xf32>
  %d = linalg.add ins(%r, %r : tensor<4xf32>, tensor<4xf32>) outs(%r : tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.cast %d : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %uk = tensor.cast %k : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uk) : (tensor<*xf32>) -> ()
  return
}
