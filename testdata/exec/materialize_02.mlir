// materialize_in_destination of a computed slice into a slice of a larger tensor, inserted back (classic tiling).
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %z = arith.constant 0.0 : f32
  %src = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<6xf32>
  %big = linalg.fill ins(%z : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %dst = tensor.extract_slice %big[2] [3] [1] : tensor<6xf32> to tensor<3xf32>
  %e3 = tensor.empty() : tensor<3xf32>
  %val = linalg.add ins(%src, %src : tensor<3xf32>, tensor<3xf32>) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>
  %m = bufferization.materialize_in_destination %val in %dst : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %r = tensor.insert_slice %m into %big[2] [3] [1] : tensor<3xf32> into tensor<6xf32>
  %ur = tensor.cast %r : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %uv = tensor.cast %val : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uv) : (tensor<*xf32>) -> ()
  return
}
