// In each iteration of a loop, an scf.if yields a new tensor on even iterations and, on odd ones, a tensor of the loop body that is read again after the scf.if, before the scf.if's result is.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %two = arith.constant 2.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %e = tensor.empty() : tensor<3xf32>
    %a = linalg.fill ins(%f : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
    %rem = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %rem, %c0 : index
    %r = scf.if %even -> (tensor<3xf32>) {
      %e2 = tensor.empty() : tensor<3xf32>
      %b = linalg.fill ins(%two : f32) outs(%e2 : tensor<3xf32>) -> tensor<3xf32>
      scf.yield %b : tensor<3xf32>
    } else {
      scf.yield %a : tensor<3xf32>
    }
    %ua = tensor.cast %a : tensor<3xf32> to tensor<*xf32>
    func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
    %ur = tensor.cast %r : tensor<3xf32> to tensor<*xf32>
    func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  }
  return
}
