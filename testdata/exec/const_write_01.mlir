// A dense constant written by tensor.insert: the read-only global must be copied before the write.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant 42.0 : f32
  %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %a = tensor.insert %v into %k[%c0] : tensor<4xf32>
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  %b = tensor.insert %x into %a[%c3] : tensor<4xf32>
  %ub = tensor.cast %b : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  // The same constant again: must be unchanged.
  %k2 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %uk = tensor.cast %k2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uk) : (tensor<*xf32>) -> ()
  return
}
