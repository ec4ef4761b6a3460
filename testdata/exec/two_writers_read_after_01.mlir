// Two writers of one tensor, an insert_slice and a linalg.add, with %A read after both: every policy must copy for both.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %A = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %A1 = linalg.copy ins(%A : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %row = tensor.from_elements %two, %two : tensor<2xf32>
  %B = tensor.insert_slice %row into %A1[1, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<2x2xf32>
  %C = linalg.add ins(%A1, %A1 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%A1 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %x = tensor.extract %A1[%c0, %c0] : tensor<2x2xf32>
  %C2 = tensor.insert %x into %C[%c0, %c0] : tensor<2x2xf32>
  %uB = tensor.cast %B : tensor<2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uB) : (tensor<*xf32>) -> ()
  %uC = tensor.cast %C2 : tensor<2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uC) : (tensor<*xf32>) -> ()
  %uA = tensor.cast %A1 : tensor<2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uA) : (tensor<*xf32>) -> ()
  return
}
