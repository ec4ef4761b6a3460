// Repeated linalg.fill of the same tensor with different values; earlier fills are read after later ones.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c1 = arith.constant 1 : index
  %v1 = arith.constant 1.0 : f32
  %v2 = arith.constant 2.0 : f32
  %v3 = arith.constant 5.0 : f32
  %e = tensor.empty() : tensor<3x3xf32>
  %a = linalg.fill ins(%v1 : f32) outs(%e : tensor<3x3xf32>) -> tensor<3x3xf32>
  %b = linalg.fill ins(%v2 : f32) outs(%a : tensor<3x3xf32>) -> tensor<3x3xf32>
  %c = linalg.fill ins(%v3 : f32) outs(%b : tensor<3x3xf32>) -> tensor<3x3xf32>
  %x = tensor.extract %a[%c1, %c1] : tensor<3x3xf32>
  %y = tensor.extract %b[%c1, %c1] : tensor<3x3xf32>
  %xy = arith.addf %x, %y : f32
  %d = tensor.insert %xy into %c[%c1, %c1] : tensor<3x3xf32>
  %ud = tensor.cast %d : tensor<3x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()
  %ub = tensor.cast %b : tensor<3x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
