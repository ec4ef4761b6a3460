// Dynamic bufferization.alloc_tensor(%n), and alloc_tensor copy() of a dense constant that is then written.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant 3 : index
  %eight = arith.constant 8.0 : f32
  %d = bufferization.alloc_tensor(%n) : tensor<?xf32>
  %df = linalg.fill ins(%eight : f32) outs(%d : tensor<?xf32>) -> tensor<?xf32>
  %k = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %c = bufferization.alloc_tensor() copy(%k) : tensor<3xf32>
  %x = tensor.extract %df[%c0] : tensor<?xf32>
  %c2v = tensor.insert %x into %c[%c2] : tensor<3xf32>
  %ud = tensor.cast %df : tensor<?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()
  %uc = tensor.cast %c2v : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  %uk = tensor.cast %k : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uk) : (tensor<*xf32>) -> ()
  return
}
