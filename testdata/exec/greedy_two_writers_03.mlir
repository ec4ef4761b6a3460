// Greedy two writers on a function argument: an insert and a fill of %A, both results returned and printed by the caller.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @two(%A: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c2 = arith.constant 2 : index
  %x = arith.constant 30.0 : f32
  %y = arith.constant 4.0 : f32
  %B = tensor.insert %x into %A[%c2] : tensor<4xf32>
  %C = linalg.fill ins(%y : f32) outs(%A : tensor<4xf32>) -> tensor<4xf32>
  return %B, %C : tensor<4xf32>, tensor<4xf32>
}

func.func @main() {
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %A = linalg.copy ins(%src : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %B, %C = func.call @two(%A) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %uB = tensor.cast %B : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uB) : (tensor<*xf32>) -> ()
  %uC = tensor.cast %C : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uC) : (tensor<*xf32>) -> ()
  %uA = tensor.cast %A : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uA) : (tensor<*xf32>) -> ()
  return
}
