// @c0 returns an scf.if choosing a constant or its argument; @c1 returns @c0's result; @c2 writes a copy of its argument and returns @c1's result: its caller must not free what it gets.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @c0(%a: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  %p = arith.cmpf ogt, %x, %v : f32
  %r = scf.if %p -> (tensor<4xf32>) {
    %k = arith.constant dense<5.0> : tensor<4xf32>
    scf.yield %k : tensor<4xf32>
  } else {
    scf.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func private @c1(%a: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %r = func.call @c0(%a, %v) : (tensor<4xf32>, f32) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func private @c2(%a: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %w = arith.constant 2.0 : f32
  %c3 = arith.constant 3 : index
  %u = tensor.insert %w into %a[%c3] : tensor<4xf32>
  %r = func.call @c1(%u, %v) : (tensor<4xf32>, f32) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @main() {
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @c2(%a, %zero) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
