// func.call of a function returning a new tensor, and of one returning its updated argument; the caller re-reads the argument.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @make(%v: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}

func.func @bump(%t: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  %one = arith.constant 1.0 : f32
  %x = tensor.extract %t[%i] : tensor<4xf32>
  %y = arith.addf %x, %one : f32
  %r = tensor.insert %y into %t[%i] : tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 3.0 : f32
  %a = func.call @make(%v) : (f32) -> tensor<4xf32>
  %b = func.call @bump(%a, %c1) : (tensor<4xf32>, index) -> tensor<4xf32>
  %c = func.call @bump(%b, %c2) : (tensor<4xf32>, index) -> tensor<4xf32>
  %ua = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %uc = tensor.cast %c : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  return
}
