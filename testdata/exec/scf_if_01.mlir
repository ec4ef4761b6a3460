// scf.if on a data-dependent condition: then yields a fresh tensor, else yields an updated argument.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @pick(%t: tensor<4xf32>, %limit: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %x = tensor.extract %t[%c0] : tensor<4xf32>
  %cond = arith.cmpf olt, %x, %limit : f32
  %r = scf.if %cond -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%limit : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  } else {
    %u = tensor.insert %limit into %t[%c2] : tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

func.func @main() {
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %lo = arith.constant 0.0 : f32
  %r1 = func.call @pick(%a, %five) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %r2 = func.call @pick(%a, %lo) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %u1 = tensor.cast %r1 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %r2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
