// tensor.expand_shape of a filled vector, a write through the 2-D view, then collapse_shape back; the 1-D source is re-read.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 7.0 : f32
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %e = tensor.empty() : tensor<6xf32>
  %a = linalg.copy ins(%src : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %m = tensor.expand_shape %a [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %m2 = tensor.insert %v into %m[%c1, %c2] : tensor<2x3xf32>
  %f = tensor.collapse_shape %m2 [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %x = tensor.extract %a[%c0] : tensor<6xf32>
  %f2 = tensor.insert %x into %f[%c1] : tensor<6xf32>
  %um = tensor.cast %m2 : tensor<2x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%um) : (tensor<*xf32>) -> ()
  %uf = tensor.cast %f2 : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uf) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
