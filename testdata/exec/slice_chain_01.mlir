// extract_slice -> fill -> insert_slice back into the source (in place), then into a different destination.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %z = arith.constant 0.0 : f32
  %v = arith.constant 5.0 : f32
  %w = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = tensor.extract_slice %a[2] [3] [1] : tensor<8xf32> to tensor<3xf32>
  %f = linalg.fill ins(%v : f32) outs(%s : tensor<3xf32>) -> tensor<3xf32>
  %b = tensor.insert_slice %f into %a[2] [3] [1] : tensor<3xf32> into tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %d = linalg.fill ins(%w : f32) outs(%e2 : tensor<8xf32>) -> tensor<8xf32>
  %c = tensor.insert_slice %f into %d[5] [3] [1] : tensor<3xf32> into tensor<8xf32>
  %ub = tensor.cast %b : tensor<8xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  %uc = tensor.cast %c : tensor<8xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  return
}
