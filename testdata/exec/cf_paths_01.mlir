// A tensor defined before a cf.cond_br is written in one arm and read in the other: no execution runs the write before the read.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @arms(%t: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 5.0 : f32
  %w = arith.constant 7.0 : f32
  %d = tensor.insert %v into %t[%c0] : tensor<4xf32>
  cf.cond_br %c, ^write, ^read
^write:
  %d2 = tensor.insert %w into %d[%c2] : tensor<4xf32>
  %x1 = tensor.extract %d2[%c1] : tensor<4xf32>
  cf.br ^join(%d2, %x1 : tensor<4xf32>, f32)
^read:
  %x2 = tensor.extract %d[%c2] : tensor<4xf32>
  cf.br ^join(%d, %x2 : tensor<4xf32>, f32)
^join(%r: tensor<4xf32>, %x: f32):
  return %r, %x : tensor<4xf32>, f32
}

func.func @main() {
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %true = arith.constant true
  %false = arith.constant false
  %e1 = tensor.empty() : tensor<4xf32>
  %a = linalg.copy ins(%src : tensor<4xf32>) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %b = linalg.copy ins(%src : tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r1, %x1 = func.call @arms(%a, %true) : (tensor<4xf32>, i1) -> (tensor<4xf32>, f32)
  %r2, %x2 = func.call @arms(%b, %false) : (tensor<4xf32>, i1) -> (tensor<4xf32>, f32)
  %xs = tensor.from_elements %x1, %x2 : tensor<2xf32>
  %u1 = tensor.cast %r1 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %r2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %u3 = tensor.cast %xs : tensor<2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  return
}
