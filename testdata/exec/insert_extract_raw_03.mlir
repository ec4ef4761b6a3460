// Two inserts into the same source (fan-out): at most one can be in place; both results are printed.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %e = tensor.empty() : tensor<6xf32>
  %a = linalg.copy ins(%src : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %x0 = tensor.extract %a[%c0] : tensor<6xf32>
  %x5 = tensor.extract %a[%c5] : tensor<6xf32>
  %l = tensor.insert %x5 into %a[%c0] : tensor<6xf32>
  %r = tensor.insert %x0 into %a[%c5] : tensor<6xf32>
  %y = tensor.extract %l[%c1] : tensor<6xf32>
  %r2 = tensor.insert %y into %r[%c1] : tensor<6xf32>
  %ul = tensor.cast %l : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ul) : (tensor<*xf32>) -> ()
  %ur = tensor.cast %r2 : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
