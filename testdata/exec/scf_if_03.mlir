// scf.if inside scf.for: on even iterations the iter_arg is updated, on odd ones it is yielded unchanged.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %ten = arith.constant 10.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %a = linalg.fill ins(%ten : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = scf.for %i = %c0 to %c6 step %c1 iter_args(%t = %a) -> (tensor<6xf32>) {
    %rem = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %rem, %c0 : index
    %t2 = scf.if %even -> (tensor<6xf32>) {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %u = tensor.insert %f into %t[%i] : tensor<6xf32>
      scf.yield %u : tensor<6xf32>
    } else {
      scf.yield %t : tensor<6xf32>
    }
    scf.yield %t2 : tensor<6xf32>
  }
  %ur = tensor.cast %r : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
