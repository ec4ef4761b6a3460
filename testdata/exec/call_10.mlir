// A callee returns the same view (extract_slice at offset 1) of a fresh tensor twice. The second result is copied into a new buffer reinterpreted at the view's static layout, so the caller owns and frees both.
// EXPECTED-DATA: [7,  1,  1,  1]
// EXPECTED-DATA: [1,  1,  1,  1]
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @twice(%v: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%v : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = tensor.extract_slice %t[1] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %s, %s : tensor<4xf32>, tensor<4xf32>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %seven = arith.constant 7.0 : f32
  %a, %b = func.call @twice(%one) : (f32) -> (tensor<4xf32>, tensor<4xf32>)
  %w = tensor.insert %seven into %a[%c0] : tensor<4xf32>
  %uw = tensor.cast %w : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uw) : (tensor<*xf32>) -> ()
  %ub = tensor.cast %b : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
