// A chain of inserts where an intermediate value is read after later inserts overwrote the same slot.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  %v1 = arith.constant 1.0 : f32
  %v2 = arith.constant 2.0 : f32
  %v3 = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = tensor.insert %v1 into %a[%c2] : tensor<4xf32>
  %c = tensor.insert %v2 into %b[%c2] : tensor<4xf32>
  %d = tensor.insert %v3 into %c[%c2] : tensor<4xf32>
  // %b is still live: its slot 2 must read 1.0, not 3.0.
  %x = tensor.extract %b[%c2] : tensor<4xf32>
  %y = tensor.extract %c[%c2] : tensor<4xf32>
  %s = arith.addf %x, %y : f32
  %f = tensor.insert %s into %d[%c0] : tensor<4xf32>
  %g = tensor.insert %s into %d[%c3] : tensor<4xf32>
  %ub = tensor.cast %b : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  %uf = tensor.cast %f : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uf) : (tensor<*xf32>) -> ()
  %ug = tensor.cast %g : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ug) : (tensor<*xf32>) -> ()
  return
}
