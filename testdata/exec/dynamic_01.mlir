// Dynamic shapes: tensor.empty(%n) filled, a dynamic slice written in a loop bounded by tensor.dim.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant 7 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %a = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %len = tensor.dim %a, %c0 : tensor<?xf32>
  %r = scf.for %i = %c0 to %len step %c2 iter_args(%t = %a) -> (tensor<?xf32>) {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %t2 = tensor.insert %f into %t[%i] : tensor<?xf32>
    scf.yield %t2 : tensor<?xf32>
  }
  %m = arith.subi %len, %c2 : index
  %s = tensor.extract_slice %r[%c1] [%m] [1] : tensor<?xf32> to tensor<?xf32>
  %ur = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %us = tensor.cast %s : tensor<?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  return
}
