// linalg.add into one of its own inputs, and linalg.copy into a tensor that is read again afterwards.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<5xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %e2 = tensor.empty() : tensor<5xf32>
  %b = linalg.fill ins(%three : f32) outs(%e2 : tensor<5xf32>) -> tensor<5xf32>
  // Output aliases input %a; %a is dead afterwards, so in place is fine.
  %s = linalg.add ins(%a, %b : tensor<5xf32>, tensor<5xf32>) outs(%a : tensor<5xf32>) -> tensor<5xf32>
  // Copy %s over %b, but %b is printed afterwards.
  %c = linalg.copy ins(%s : tensor<5xf32>) outs(%b : tensor<5xf32>) -> tensor<5xf32>
  %s2 = linalg.add ins(%c, %b : tensor<5xf32>, tensor<5xf32>) outs(%s : tensor<5xf32>) -> tensor<5xf32>
  %ub = tensor.cast %b : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  %uc = tensor.cast %c : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  %us = tensor.cast %s2 : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  return
}
