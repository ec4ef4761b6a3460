// Swaps two tensors in an scf.for three times. One-Shot Bufferize rejects
// the non-equivalent yield unless allow-return-allocs-from-loops is given.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %x = arith.constant 1.0 : f32
  %y = arith.constant 2.0 : f32
  %e0 = tensor.empty() : tensor<2xf32>
  %a = linalg.fill ins(%x : f32) outs(%e0 : tensor<2xf32>) -> tensor<2xf32>
  %e1 = tensor.empty() : tensor<2xf32>
  %b = linalg.fill ins(%y : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%p = %a, %q = %b) -> (tensor<2xf32>, tensor<2xf32>) {
    scf.yield %q, %p : tensor<2xf32>, tensor<2xf32>
  }
  %u = tensor.cast %r#0 : tensor<2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
