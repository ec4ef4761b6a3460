// A cf function: two branches each write a copy of the argument and enter a loop with it; the loop writes its block argument and leaves with it early (after trip 3) or at the end; the exit block returns it. The loop hands its carrier out by two branches, each path by one of them.
// REFERENCE-NO-DEALLOC
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @f(%a: tensor<4xf32>, %v: f32, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  %p = arith.cmpf oge, %x, %v : f32
  cf.cond_br %p, ^left, ^right
^left:
  %u1 = tensor.insert %v into %a[%c0] : tensor<4xf32>
  cf.br ^head(%u1, %c0 : tensor<4xf32>, index)
^right:
  %u2 = tensor.insert %v into %a[%c3] : tensor<4xf32>
  cf.br ^head(%u2, %c0 : tensor<4xf32>, index)
^head(%t: tensor<4xf32>, %i: index):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^exit(%t : tensor<4xf32>)
^body:
  %t2 = tensor.insert %v into %t[%i] : tensor<4xf32>
  %i2 = arith.addi %i, %c1 : index
  %stop = arith.cmpi eq, %i2, %c3 : index
  cf.cond_br %stop, ^exit(%t2 : tensor<4xf32>), ^head(%t2, %i2 : tensor<4xf32>, index)
^exit(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}
func.func @main() {
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @f(%a, %three, %c2) : (tensor<4xf32>, f32, index) -> tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
