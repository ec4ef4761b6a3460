// Unstructured cf loop with a header and a body block whose branch goes back to the header, swapping its two tensor arguments, or breaks out to a block that reads them.
// REFERENCE-NO-DEALLOC
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %e2 = tensor.empty() : tensor<3xf32>
  %b = linalg.fill ins(%two : f32) outs(%e2 : tensor<3xf32>) -> tensor<3xf32>
  cf.br ^hdr(%a, %b, %c0 : tensor<3xf32>, tensor<3xf32>, index)
^hdr(%p: tensor<3xf32>, %q: tensor<3xf32>, %i: index):
  %more = arith.cmpi ult, %i, %c3 : index
  cf.cond_br %more, ^body, ^done
^body:
  %x = tensor.extract %q[%i] : tensor<3xf32>
  %y = tensor.extract %p[%i] : tensor<3xf32>
  %s = arith.addf %x, %y : f32
  %p2 = tensor.insert %s into %p[%i] : tensor<3xf32>
  %ip = arith.addi %i, %c1 : index
  %brk = arith.cmpi eq, %ip, %c2 : index
  cf.cond_br %brk, ^side, ^hdr(%q, %p2, %ip : tensor<3xf32>, tensor<3xf32>, index)
^side:
  %us = tensor.cast %p2 : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  %uq = tensor.cast %q : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uq) : (tensor<*xf32>) -> ()
  return
^done:
  %ur = tensor.cast %p : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  return
}
