// linalg.add on 2-D slices and linalg.copy of a slice into another region of the same tensor.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %m = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]]> : tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %a = linalg.copy ins(%m : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %tl = tensor.extract_slice %a[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
  %br = tensor.extract_slice %a[2, 2] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
  %sum = linalg.add ins(%tl, %br : tensor<2x2xf32>, tensor<2x2xf32>) outs(%tl : tensor<2x2xf32>) -> tensor<2x2xf32>
  %a1 = tensor.insert_slice %sum into %a[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
  %tr = tensor.extract_slice %a1[0, 2] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
  %cp = linalg.copy ins(%sum : tensor<2x2xf32>) outs(%tr : tensor<2x2xf32>) -> tensor<2x2xf32>
  %a2 = tensor.insert_slice %cp into %a1[0, 2] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
  %u = tensor.cast %a2 : tensor<4x4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %ut = tensor.cast %tl : tensor<2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ut) : (tensor<*xf32>) -> ()
  return
}
