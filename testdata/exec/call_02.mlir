// A call chain main -> outer -> middle -> leaf, each level writing its argument and returning it.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @leaf(%t: tensor<5xf32>) -> tensor<5xf32> {
  %c4 = arith.constant 4 : index
  %v = arith.constant 4.0 : f32
  %r = tensor.insert %v into %t[%c4] : tensor<5xf32>
  return %r : tensor<5xf32>
}

func.func @middle(%t: tensor<5xf32>) -> tensor<5xf32> {
  %c2 = arith.constant 2 : index
  %v = arith.constant 2.0 : f32
  %a = tensor.insert %v into %t[%c2] : tensor<5xf32>
  %b = func.call @leaf(%a) : (tensor<5xf32>) -> tensor<5xf32>
  return %b : tensor<5xf32>
}

func.func @outer(%t: tensor<5xf32>) -> (tensor<5xf32>, f32) {
  %c4 = arith.constant 4 : index
  %r = func.call @middle(%t) : (tensor<5xf32>) -> tensor<5xf32>
  %x = tensor.extract %t[%c4] : tensor<5xf32>
  return %r, %x : tensor<5xf32>, f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5xf32>
  %a = linalg.fill ins(%z : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %r, %x = func.call @outer(%a) : (tensor<5xf32>) -> (tensor<5xf32>, f32)
  %r2 = tensor.insert %x into %r[%c0] : tensor<5xf32>
  %ur = tensor.cast %r2 : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
