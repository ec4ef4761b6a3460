// tensor.pad of a slice of a tensor that is written afterwards (the pad must read the old values), dynamic high padding.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %nine = arith.constant 9.0 : f32
  %z = arith.constant 0.0 : f32
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %e = tensor.empty() : tensor<5xf32>
  %a = linalg.copy ins(%src : tensor<5xf32>) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %s = tensor.extract_slice %a[1] [3] [1] : tensor<5xf32> to tensor<3xf32>
  %p = tensor.pad %s low[1] high[%c2] {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } : tensor<3xf32> to tensor<?xf32>
  %b = linalg.fill ins(%nine : f32) outs(%a : tensor<5xf32>) -> tensor<5xf32>
  %x = tensor.extract %p[%c2] : tensor<?xf32>
  %b2 = tensor.insert %x into %b[%c0] : tensor<5xf32>
  %up = tensor.cast %p : tensor<?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%up) : (tensor<*xf32>) -> ()
  %ub = tensor.cast %b2 : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
