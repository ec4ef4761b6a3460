// bufferization.alloc_tensor without copy (filled before use) and with copy(%a) of a tensor that is later modified.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %six = arith.constant 6.0 : f32
  %t = bufferization.alloc_tensor() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %b = bufferization.alloc_tensor() copy(%a) : tensor<4xf32>
  %a2 = tensor.insert %six into %a[%c0] : tensor<4xf32>
  %b2 = tensor.insert %six into %b[%c1] : tensor<4xf32>
  %ua = tensor.cast %a2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %ub = tensor.cast %b2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
