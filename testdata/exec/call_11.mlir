// A callee may return either of its two tensor arguments; its caller passes two fresh tensors and returns the call's result. The caller can own only one of them: it returns a copy and frees both.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @pick(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %r = scf.if %c -> tensor<4xf32> {
    scf.yield %a : tensor<4xf32>
  } else {
    scf.yield %b : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func private @both(%v: f32, %c: i1) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %w = arith.addf %v, %v : f32
  %b = linalg.fill ins(%w : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @pick(%a, %b, %c) : (tensor<4xf32>, tensor<4xf32>, i1) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @main() {
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %r1 = func.call @both(%one, %t) : (f32, i1) -> tensor<4xf32>
  %r2 = func.call @both(%one, %f) : (f32, i1) -> tensor<4xf32>
  %u1 = tensor.cast %r1 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %r2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}
