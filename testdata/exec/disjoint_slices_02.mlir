// A 2-D tensor: its top rows filled through a slice and inserted back, then its last row read through a rank-reducing slice; and interleaved (strided) slices, which overlap in range and keep their copy.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @rows(%t: tensor<4x4xf32>, %f: f32) -> (tensor<4x4xf32>, tensor<4xf32>) {
  %top = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4xf32>
  %row = tensor.extract_slice %t[3, 0] [1, 4] [1, 1] : tensor<4x4xf32> to tensor<4xf32>
  %top2 = linalg.fill ins(%f : f32) outs(%top : tensor<2x4xf32>) -> tensor<2x4xf32>
  %t2 = tensor.insert_slice %top2 into %t[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<4x4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %twice = linalg.add ins(%row, %row : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %t2, %twice : tensor<4x4xf32>, tensor<4xf32>
}

func.func @interleaved(%t: tensor<8xf32>, %f: f32) -> (tensor<8xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %ev = tensor.extract_slice %t[0] [4] [2] : tensor<8xf32> to tensor<4xf32>
  %od = tensor.extract_slice %t[1] [4] [2] : tensor<8xf32> to tensor<4xf32>
  %ev2 = tensor.insert %f into %ev[%c0] : tensor<4xf32>
  %t2 = tensor.insert_slice %ev2 into %t[0] [4] [2] : tensor<4xf32> into tensor<8xf32>
  %e = tensor.empty() : tensor<4xf32>
  %twice = linalg.add ins(%od, %od : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %t2, %twice : tensor<8xf32>, tensor<4xf32>
}

func.func @main() {
  %c16 = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]]> : tensor<4x4xf32>
  %c8 = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %v = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4x4xf32>
  %m = linalg.copy ins(%c16 : tensor<4x4xf32>) outs(%e1 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %a = linalg.copy ins(%c8 : tensor<8xf32>) outs(%e2 : tensor<8xf32>) -> tensor<8xf32>
  %m2, %r = func.call @rows(%m, %v) : (tensor<4x4xf32>, f32) -> (tensor<4x4xf32>, tensor<4xf32>)
  %a2, %s = func.call @interleaved(%a, %v) : (tensor<8xf32>, f32) -> (tensor<8xf32>, tensor<4xf32>)
  %u1 = tensor.cast %m2 : tensor<4x4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %u3 = tensor.cast %a2 : tensor<8xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  %u4 = tensor.cast %s : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  return
}
