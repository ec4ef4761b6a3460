// Unstructured cf loop: a block that branches back to itself carrying a tensor and a counter.
// REFERENCE-NO-DEALLOC
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5xf32>
  %a = linalg.fill ins(%z : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  cf.br ^loop(%a, %c0 : tensor<5xf32>, index)
^loop(%t: tensor<5xf32>, %i: index):
  %ii = arith.index_cast %i : index to i32
  %f = arith.sitofp %ii : i32 to f32
  %f2 = arith.addf %f, %f : f32
  %t2 = tensor.insert %f2 into %t[%i] : tensor<5xf32>
  %ip = arith.addi %i, %c1 : index
  %more = arith.cmpi ult, %ip, %c5 : index
  cf.cond_br %more, ^loop(%t2, %ip : tensor<5xf32>, index), ^done(%t2 : tensor<5xf32>)
^done(%r: tensor<5xf32>):
  %ur = tensor.cast %r : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
