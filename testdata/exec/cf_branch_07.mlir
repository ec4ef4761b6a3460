// cf.cond_br to a block that writes the argument %t in place and to one that makes a fresh tensor; the join reads %t at the element the first block wrote. One-Shot excuses that write (it is outside %t's block), so the reference reads its own write; the rules see it (late_write) and copy.
// EXPECTED-DATA: [6,  2,  3,  1]
// EXPECTED-DATA: [6,  6,  6,  1]
// EXPECTED-DATA: [1,  2,  3,  4]
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @choose(%t: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant 6.0 : f32
  cf.cond_br %c, ^left, ^right
^left:
  %l = tensor.insert %v into %t[%c0] : tensor<4xf32>
  cf.br ^join(%l : tensor<4xf32>)
^right:
  %e = tensor.empty() : tensor<4xf32>
  %r0 = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert %v into %r0[%c3] : tensor<4xf32>
  cf.br ^join(%r : tensor<4xf32>)
^join(%j: tensor<4xf32>):
  %x = tensor.extract %t[%c0] : tensor<4xf32>
  %j2 = tensor.insert %x into %j[%c3] : tensor<4xf32>
  return %j2 : tensor<4xf32>
}

func.func @main() {
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.copy ins(%src : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %t = arith.constant true
  %f = arith.constant false
  %r1 = func.call @choose(%a, %t) : (tensor<4xf32>, i1) -> tensor<4xf32>
  %r2 = func.call @choose(%a, %f) : (tensor<4xf32>, i1) -> tensor<4xf32>
  %u1 = tensor.cast %r1 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %r2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
