// tensor.generate whose body reads another tensor (a gather, reversed), that tensor being overwritten afterwards.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant 0.0 : f32
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.copy ins(%src : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %g = tensor.generate {
  ^bb0(%i: index):
    %j = arith.subi %c3, %i : index
    %x = tensor.extract %a[%j] : tensor<4xf32>
    tensor.yield %x : f32
  } : tensor<4xf32>
  %a2 = linalg.fill ins(%v : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %y = tensor.extract %g[%c0] : tensor<4xf32>
  %a3 = tensor.insert %y into %a2[%c3] : tensor<4xf32>
  %ug = tensor.cast %g : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ug) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a3 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
