// Programs for alt:disjoint-slices: two where it removes a copy, three where it must not.

// The write into [0, 4) and the read of [4, 8) share no element.
func.func @disjoint(%t: tensor<8xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %lo = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %hi = tensor.extract_slice %t[4] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %lo2 = tensor.insert %f into %lo[%c0] : tensor<4xf32>
  %t2 = tensor.insert_slice %lo2 into %t[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %x = tensor.extract %hi[%c0] : tensor<4xf32>
  return %t2, %x : tensor<8xf32>, f32
}

// [0, 5) and [4, 8) share element 4: still a conflict.
func.func @overlapping(%t: tensor<8xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %lo = tensor.extract_slice %t[0] [5] [1] : tensor<8xf32> to tensor<5xf32>
  %hi = tensor.extract_slice %t[4] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %lo2 = tensor.insert %f into %lo[%c0] : tensor<5xf32>
  %t2 = tensor.insert_slice %lo2 into %t[0] [5] [1] : tensor<5xf32> into tensor<8xf32>
  %x = tensor.extract %hi[%c0] : tensor<4xf32>
  return %t2, %x : tensor<8xf32>, f32
}

// The read's offset is dynamic: nothing is known, still a conflict.
func.func @dynamic(%t: tensor<8xf32>, %f: f32, %i: index) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %lo = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %hi = tensor.extract_slice %t[%i] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %lo2 = tensor.insert %f into %lo[%c0] : tensor<4xf32>
  %t2 = tensor.insert_slice %lo2 into %t[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %x = tensor.extract %hi[%c0] : tensor<4xf32>
  return %t2, %x : tensor<8xf32>, f32
}

// Even and odd elements interleave: their ranges [0, 6] and [1, 7]
// overlap, so the rule, which compares ranges, keeps the conflict.
func.func @strided(%t: tensor<8xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %ev = tensor.extract_slice %t[0] [4] [2] : tensor<8xf32> to tensor<4xf32>
  %od = tensor.extract_slice %t[1] [4] [2] : tensor<8xf32> to tensor<4xf32>
  %ev2 = tensor.insert %f into %ev[%c0] : tensor<4xf32>
  %t2 = tensor.insert_slice %ev2 into %t[0] [4] [2] : tensor<4xf32> into tensor<8xf32>
  %x = tensor.extract %od[%c0] : tensor<4xf32>
  return %t2, %x : tensor<8xf32>, f32
}

// Rows 0-1 and rows 2-3 of a 4x4 tensor: disjoint in dimension 0; the
// write is a linalg.fill of the top rows, the read a rank-reducing slice.
func.func @rows(%t: tensor<4x4xf32>, %f: f32) -> (tensor<4x4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %top = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4xf32>
  %row = tensor.extract_slice %t[3, 0] [1, 4] [1, 1] : tensor<4x4xf32> to tensor<4xf32>
  %top2 = linalg.fill ins(%f : f32) outs(%top : tensor<2x4xf32>) -> tensor<2x4xf32>
  %t2 = tensor.insert_slice %top2 into %t[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<4x4xf32>
  %x = tensor.extract %row[%c0] : tensor<4xf32>
  return %t2, %x : tensor<4x4xf32>, f32
}
