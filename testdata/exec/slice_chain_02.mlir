// Nested slices of a 2-D tensor with a rank-reducing extract_slice and a rank-expanding insert_slice.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4x5xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %blk = tensor.extract_slice %a[1, 1] [2, 3] [1, 1] : tensor<4x5xf32> to tensor<2x3xf32>
  // Rank-reducing: row 1 of the block as a 1-D tensor.
  %row = tensor.extract_slice %blk[1, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
  %rf = linalg.fill ins(%two : f32) outs(%row : tensor<3xf32>) -> tensor<3xf32>
  %blk2 = tensor.insert_slice %rf into %blk[1, 0] [1, 3] [1, 1] : tensor<3xf32> into tensor<2x3xf32>
  %a2 = tensor.insert_slice %blk2 into %a[1, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x5xf32>
  // A column, rank-reduced, written into the last row of the original.
  %col = tensor.extract_slice %a2[0, 2] [4, 1] [1, 1] : tensor<4x5xf32> to tensor<4xf32>
  %a3 = tensor.insert_slice %col into %a2[3, 1] [1, 4] [1, 1] : tensor<4xf32> into tensor<4x5xf32>
  %u = tensor.cast %a3 : tensor<4x5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<4x5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
