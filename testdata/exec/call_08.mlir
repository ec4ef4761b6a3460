// A callee returns a view (extract_slice) of a tensor it allocates; the caller prints it and must free the allocation.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @view(%v: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%v : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = tensor.extract_slice %t[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}
func.func @main() {
  %one = arith.constant 1.0 : f32
  %s = func.call @view(%one) : (f32) -> tensor<4xf32>
  %u = tensor.cast %s : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
