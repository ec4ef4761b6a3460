// Overlapping slices: a slice is read after an insert_slice that overwrote part of it.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.copy ins(%src : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s1 = tensor.extract_slice %a[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %s2 = tensor.extract_slice %a[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %b = tensor.insert_slice %s2 into %a[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %x = tensor.extract %s1[%c0] : tensor<4xf32>
  %c = tensor.insert %x into %b[%c0] : tensor<8xf32>
  %u1 = tensor.cast %s1 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %uc = tensor.cast %c : tensor<8xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  return
}
