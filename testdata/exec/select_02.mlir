// arith.select between a dense constant and a fresh tensor inside scf.for; the result feeds a linalg.add in place.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %k = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %acc0 = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %acc0) -> (tensor<3xf32>) {
    %rem = arith.remui %i, %c2 : index
    %odd = arith.cmpi eq, %rem, %c1 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %e3 = tensor.empty() : tensor<3xf32>
    %fr = linalg.fill ins(%f : f32) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>
    %pick = arith.select %odd, %k, %fr : tensor<3xf32>
    %acc2 = linalg.add ins(%acc, %pick : tensor<3xf32>, tensor<3xf32>) outs(%acc : tensor<3xf32>) -> tensor<3xf32>
    scf.yield %acc2 : tensor<3xf32>
  }
  %ur = tensor.cast %r : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %uk = tensor.cast %k : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uk) : (tensor<*xf32>) -> ()
  return
}
