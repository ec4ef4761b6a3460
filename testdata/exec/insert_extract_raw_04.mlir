// 2-D insert/extract: swap two elements through scalars read before the writes, plus an i64 tensor.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %p = tensor.extract %m[%c0, %c2] : tensor<2x3xf32>
  %q = tensor.extract %m[%c1, %c0] : tensor<2x3xf32>
  %m1 = tensor.insert %q into %m[%c0, %c2] : tensor<2x3xf32>
  %m2 = tensor.insert %p into %m1[%c1, %c0] : tensor<2x3xf32>
  %u = tensor.cast %m2 : tensor<2x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %um = tensor.cast %m : tensor<2x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%um) : (tensor<*xf32>) -> ()
  %i = arith.constant dense<[10, 20, 30]> : tensor<3xi64>
  %k = arith.constant 7 : i64
  %i0 = tensor.extract %i[%c0] : tensor<3xi64>
  %i1 = tensor.insert %k into %i[%c0] : tensor<3xi64>
  %i2 = tensor.insert %i0 into %i1[%c2] : tensor<3xi64>
  %ui = tensor.cast %i2 : tensor<3xi64> to tensor<*xi64>
  func.call @printMemrefI64(%ui) : (tensor<*xi64>) -> ()
  return
}
