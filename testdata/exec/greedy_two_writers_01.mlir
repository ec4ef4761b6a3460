// Greedy two writers: %B = insert into %A and %C = fill of %A; both %B and %C are read later, so one must copy.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %x = arith.constant 5.0 : f32
  %y = arith.constant 9.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %A = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %B = tensor.insert %x into %A[%c1] : tensor<4xf32>
  %C = linalg.fill ins(%y : f32) outs(%A : tensor<4xf32>) -> tensor<4xf32>
  %uB = tensor.cast %B : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uB) : (tensor<*xf32>) -> ()
  %uC = tensor.cast %C : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uC) : (tensor<*xf32>) -> ()
  return
}
