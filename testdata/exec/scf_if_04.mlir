// scf.if yielding one of two buffers made before it, each last used by the scf.if: the region that does not yield a buffer frees it.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e1 = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %b = linalg.fill ins(%two : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  %cond = arith.cmpf ogt, %x, %two : f32
  %r = scf.if %cond -> (tensor<4xf32>) {
    %a2 = tensor.insert %two into %a[%c1] : tensor<4xf32>
    scf.yield %a2 : tensor<4xf32>
  } else {
    %b2 = tensor.insert %one into %b[%c1] : tensor<4xf32>
    scf.yield %b2 : tensor<4xf32>
  }
  %ur = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  return
}
