// A function returns an arith.select between a copy of one argument and another argument, written after the select: the caller can own neither alone, so the result is returned as a copy and the copy of the argument is freed.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @pick(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: i1, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %s = arith.select %c, %a, %b : tensor<4xf32>
  %w = tensor.insert %v into %s[%c0] : tensor<4xf32>
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  %w2 = tensor.insert %x into %w[%c0] : tensor<4xf32>
  return %w2 : tensor<4xf32>
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %v = arith.constant 9.0 : f32
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %z = arith.constant 0.5 : f32
  %b = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r1 = call @pick(%a, %b, %true, %v) : (tensor<4xf32>, tensor<4xf32>, i1, f32) -> tensor<4xf32>
  %r2 = call @pick(%a, %b, %false, %v) : (tensor<4xf32>, tensor<4xf32>, i1, f32) -> tensor<4xf32>
  %u1 = tensor.cast %r1 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %r2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %ub = tensor.cast %b : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
