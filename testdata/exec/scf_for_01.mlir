// scf.for with a tensor iter_arg whose init is read after the loop (the loop must work on a copy).
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5xf32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%t = %init) -> (tensor<5xf32>) {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %t2 = tensor.insert %f into %t[%i] : tensor<5xf32>
    scf.yield %t2 : tensor<5xf32>
  }
  %ur = tensor.cast %r : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ui = tensor.cast %init : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ui) : (tensor<*xf32>) -> ()
  return
}
