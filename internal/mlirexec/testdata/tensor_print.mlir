// Tensor-level input for Reference: %f is read after the insert into it,
// so bufferization must copy it once (4 x f32 = 16 bytes).
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.5 : f32
  %nine = arith.constant 9.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %g = tensor.insert %nine into %f[%c2] : tensor<4xf32>
  %u = tensor.cast %g : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %v = tensor.cast %f : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  return
}
