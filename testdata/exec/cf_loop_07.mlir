// Unstructured cf loop over dynamically sized tensors that swaps its two block arguments, writing one of them first; the first input is still printed after the loop.
// REFERENCE-NO-DEALLOC
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty(%c3) : tensor<?xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %e2 = tensor.empty(%c3) : tensor<?xf32>
  %b = linalg.fill ins(%two : f32) outs(%e2 : tensor<?xf32>) -> tensor<?xf32>
  cf.br ^loop(%a, %b, %c0 : tensor<?xf32>, tensor<?xf32>, index)
^loop(%p: tensor<?xf32>, %q: tensor<?xf32>, %i: index):
  %x = tensor.extract %q[%i] : tensor<?xf32>
  %y = tensor.extract %p[%i] : tensor<?xf32>
  %s = arith.addf %x, %y : f32
  %p2 = tensor.insert %s into %p[%i] : tensor<?xf32>
  %ip = arith.addi %i, %c1 : index
  %more = arith.cmpi ult, %ip, %c3 : index
  cf.cond_br %more, ^loop(%q, %p2, %ip : tensor<?xf32>, tensor<?xf32>, index), ^done(%p2, %q : tensor<?xf32>, tensor<?xf32>)
^done(%r: tensor<?xf32>, %t: tensor<?xf32>):
  %ur = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ut = tensor.cast %t : tensor<?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ut) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
