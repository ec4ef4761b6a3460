// Strided slices: read every other element, add, and write back with stride 2 into the odd positions.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %src = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<10xf32>
  %e = tensor.empty() : tensor<10xf32>
  %a = linalg.copy ins(%src : tensor<10xf32>) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %even = tensor.extract_slice %a[0] [5] [2] : tensor<10xf32> to tensor<5xf32>
  %odd = tensor.extract_slice %a[1] [5] [2] : tensor<10xf32> to tensor<5xf32>
  %e5 = tensor.empty() : tensor<5xf32>
  %sum = linalg.add ins(%even, %odd : tensor<5xf32>, tensor<5xf32>) outs(%e5 : tensor<5xf32>) -> tensor<5xf32>
  %b = tensor.insert_slice %sum into %a[1] [5] [2] : tensor<5xf32> into tensor<10xf32>
  // %even aliases %a and is read again after the write into %a.
  %ue = tensor.cast %even : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ue) : (tensor<*xf32>) -> ()
  %ub = tensor.cast %b : tensor<10xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  %uo = tensor.cast %odd : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uo) : (tensor<*xf32>) -> ()
  return
}
