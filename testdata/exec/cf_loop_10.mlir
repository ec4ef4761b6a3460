// A cf function starts a loop from a fresh tensor or a copy of its argument, writes it through the loop's block argument, and returns the block argument; the caller must free the result.
// REFERENCE-NO-DEALLOC
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @loop(%a: tensor<4xf32>, %v: f32, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  %p = arith.cmpf olt, %x, %v : f32
  cf.cond_br %p, ^fresh, ^copy
^fresh:
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  cf.br ^head(%f, %c0 : tensor<4xf32>, index)
^copy:
  %e2 = tensor.empty() : tensor<4xf32>
  %c = linalg.copy ins(%a : tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  cf.br ^head(%c, %c0 : tensor<4xf32>, index)
^head(%t: tensor<4xf32>, %i: index):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^exit(%t : tensor<4xf32>)
^body:
  %t2 = tensor.insert %v into %t[%i] : tensor<4xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%t2, %i2 : tensor<4xf32>, index)
^exit(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}
func.func @main() {
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%three : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @loop(%a, %one, %c2) : (tensor<4xf32>, f32, index) -> tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
