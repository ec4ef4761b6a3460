// A cf function (no loop) returns a constant from one block and a fresh tensor, passed through a block argument, from another; the caller must free the result.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @pick(%a: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  %p = arith.cmpf olt, %x, %v : f32
  cf.cond_br %p, ^fresh, ^const
^fresh:
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  cf.br ^exit(%f : tensor<4xf32>)
^const:
  %k = arith.constant dense<5.0> : tensor<4xf32>
  return %k : tensor<4xf32>
^exit(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}
func.func @main() {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @pick(%a, %two) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
