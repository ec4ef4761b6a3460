// A cf loop whose header makes a tensor each iteration and passes it to the body only; the exit block reads the last one.
// REFERENCE-NO-DEALLOC
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  cf.br ^head(%c0 : index)
^head(%i: index):
  %ii = arith.index_cast %i : index to i32
  %f = arith.sitofp %ii : i32 to f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %more = arith.cmpi ult, %i, %c3 : index
  cf.cond_br %more, ^body(%t : tensor<4xf32>), ^exit
^body(%p: tensor<4xf32>):
  %p2 = tensor.insert %one into %p[%c1] : tensor<4xf32>
  %up = tensor.cast %p2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%up) : (tensor<*xf32>) -> ()
  %ip = arith.addi %i, %c1 : index
  cf.br ^head(%ip : index)
^exit:
  %ut = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ut) : (tensor<*xf32>) -> ()
  return
}
