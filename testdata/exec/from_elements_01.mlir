// tensor.from_elements built from scalars extracted from another tensor that is then overwritten.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 4.0 : f32
  %w = arith.constant 0.0 : f32
  %a = tensor.from_elements %v, %v, %w : tensor<3xf32>
  %x = tensor.extract %a[%c0] : tensor<3xf32>
  %y = tensor.extract %a[%c2] : tensor<3xf32>
  %a2 = tensor.insert %y into %a[%c0] : tensor<3xf32>
  %b = tensor.from_elements %x, %y, %x, %y : tensor<2x2xf32>
  %b2 = tensor.insert %w into %b[%c1, %c0] : tensor<2x2xf32>
  %i1 = arith.constant 3 : i32
  %i2 = arith.constant -4 : i32
  %it = tensor.from_elements %i1, %i2, %i1 : tensor<3xi32>
  %ua = tensor.cast %a2 : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %ub = tensor.cast %b2 : tensor<2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  %ui = tensor.cast %it : tensor<3xi32> to tensor<*xi32>
  func.call @printMemrefI32(%ui) : (tensor<*xi32>) -> ()
  return
}
