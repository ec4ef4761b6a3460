// tensor.insert then tensor.extract of the original: the read-after-write forces the insert out of place.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %nine = arith.constant 9.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = tensor.insert %nine into %a[%c1] : tensor<4xf32>
  // Reads %a after %b was written: must still see 1.0.
  %old = tensor.extract %a[%c1] : tensor<4xf32>
  %c = tensor.insert %old into %b[%c0] : tensor<4xf32>
  %ua = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %uc = tensor.cast %c : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  return
}
