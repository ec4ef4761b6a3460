// Unstructured cf loop over 2-D tensors that swaps its two block arguments, rewriting one of them with a linalg.generic reading both; the first input is still printed after the loop.
// REFERENCE-NO-DEALLOC
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  %b = linalg.fill ins(%two : f32) outs(%e2 : tensor<2x3xf32>) -> tensor<2x3xf32>
  cf.br ^loop(%a, %b, %c0 : tensor<2x3xf32>, tensor<2x3xf32>, index)
^loop(%p: tensor<2x3xf32>, %q: tensor<2x3xf32>, %i: index):
  %p2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%q : tensor<2x3xf32>) outs(%p : tensor<2x3xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  %ip = arith.addi %i, %c1 : index
  %more = arith.cmpi ult, %ip, %c3 : index
  cf.cond_br %more, ^loop(%q, %p2, %ip : tensor<2x3xf32>, tensor<2x3xf32>, index), ^done(%p2, %q : tensor<2x3xf32>, tensor<2x3xf32>)
^done(%r: tensor<2x3xf32>, %t: tensor<2x3xf32>):
  %ur = tensor.cast %r : tensor<2x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ut = tensor.cast %t : tensor<2x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ut) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<2x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
