// The greedy order is wasteful: bottom-up, One-Shot keeps the second fill in place and copies all
// of %F for the insert; copying nothing and allocating for the fill, which overwrites its output,
// also breaks the conflict (--policy=mincopy).
func.func @f(%A: tensor<8xf32>, %x: f32, %i: index) -> (tensor<8xf32>, f32) {
  %e = tensor.empty() : tensor<8xf32>
  %F = linalg.fill ins(%x : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %B = tensor.insert %x into %F[%i] : tensor<8xf32>
  %C = linalg.fill ins(%x : f32) outs(%F : tensor<8xf32>) -> tensor<8xf32>
  %r = tensor.extract %B[%i] : tensor<8xf32>
  %s = tensor.extract %C[%i] : tensor<8xf32>
  %t = arith.addf %r, %s : f32
  %D = tensor.insert %t into %A[%i] : tensor<8xf32>
  return %D, %t : tensor<8xf32>, f32
}
