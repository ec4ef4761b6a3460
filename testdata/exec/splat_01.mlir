// tensor.splat of a computed scalar (static and dynamic), then written; the unwritten splat value is printed afterwards.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 3 : index
  %k = arith.constant dense<[2.0, 5.0]> : tensor<2xf32>
  %x = tensor.extract %k[%c0] : tensor<2xf32>
  %y = tensor.extract %k[%c1] : tensor<2xf32>
  %s = arith.addf %x, %y : f32
  %a = tensor.splat %s : tensor<4xf32>
  %a2 = tensor.insert %x into %a[%c1] : tensor<4xf32>
  %d = tensor.splat %y[%n] : tensor<?xf32>
  %d2 = tensor.insert %s into %d[%c0] : tensor<?xf32>
  %ua = tensor.cast %a2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %ud = tensor.cast %d2 : tensor<?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()
  %ua0 = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua0) : (tensor<*xf32>) -> ()
  return
}
