// A cf loop writes a constant's copy through its block argument; an early exit returns the function's argument instead, the normal exit the loop's tensor.
// REFERENCE-NO-DEALLOC
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @loop(%a: tensor<4xf32>, %v: f32, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %k = arith.constant dense<5.0> : tensor<4xf32>
  cf.br ^head(%k, %c0 : tensor<4xf32>, index)
^head(%t: tensor<4xf32>, %i: index):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^exit(%t : tensor<4xf32>)
^body:
  %t2 = tensor.insert %v into %t[%i] : tensor<4xf32>
  %i2 = arith.addi %i, %c1 : index
  %stop = arith.cmpi eq, %i2, %c3 : index
  cf.cond_br %stop, ^exit(%a : tensor<4xf32>), ^head(%t2, %i2 : tensor<4xf32>, index)
^exit(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}
func.func @main() {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @loop(%a, %two, %c2) : (tensor<4xf32>, f32, index) -> tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %r2 = func.call @loop(%a, %two, %c4) : (tensor<4xf32>, f32, index) -> tensor<4xf32>
  %u2 = tensor.cast %r2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}
