// tensor.pad with a constant of a filled vector and of a 2-D constant; the padded results are then written.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %m1 = arith.constant -1.0 : f32
  %three = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %a = linalg.fill ins(%three : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %p = tensor.pad %a low[2] high[1] {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } : tensor<3xf32> to tensor<6xf32>
  %p2 = tensor.insert %m1 into %p[%c0] : tensor<6xf32>
  %k = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %q = tensor.pad %k low[1, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %m1 : f32
  } : tensor<2x2xf32> to tensor<3x4xf32>
  %q2 = tensor.insert %three into %q[%c0, %c0] : tensor<3x4xf32>
  %up = tensor.cast %p2 : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%up) : (tensor<*xf32>) -> ()
  %uq = tensor.cast %q2 : tensor<3x4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uq) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
