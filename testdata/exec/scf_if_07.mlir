// An scf.if result that owns a fresh buffer on one arm and, on the other, a constant chosen by another scf.if: the caller must free what the first arm made.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %cst = arith.constant dense<1.0> : tensor<4xf32>
  %x = tensor.extract %cst[%c0] : tensor<4xf32>
  %c = arith.cmpf oeq, %x, %one : f32
  %r = scf.if %c -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  } else {
    %g = scf.if %c -> (tensor<4xf32>) {
      scf.yield %cst : tensor<4xf32>
    } else {
      %cst2 = arith.constant dense<2.0> : tensor<4xf32>
      scf.yield %cst2 : tensor<4xf32>
    }
    scf.yield %g : tensor<4xf32>
  }
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
