// program: overlapping and non-overlapping slices of one tensor read and written in sequence.
func.func @shift_left(%t: tensor<16xf32>) -> tensor<16xf32> {
  %src = tensor.extract_slice %t[1] [15] [1] : tensor<16xf32> to tensor<15xf32>
  %r = tensor.insert_slice %src into %t[0] [15] [1] : tensor<15xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

func.func @swap_halves(%t: tensor<16xf32>) -> tensor<16xf32> {
  %lo = tensor.extract_slice %t[0] [8] [1] : tensor<16xf32> to tensor<8xf32>
  %hi = tensor.extract_slice %t[8] [8] [1] : tensor<16xf32> to tensor<8xf32>
  %a = tensor.insert_slice %hi into %t[0] [8] [1] : tensor<8xf32> into tensor<16xf32>
  %b = tensor.insert_slice %lo into %a[8] [8] [1] : tensor<8xf32> into tensor<16xf32>
  return %b : tensor<16xf32>
}

func.func @update_slice_in_place(%t: tensor<16xf32>, %off: index) -> tensor<16xf32> {
  %s = tensor.extract_slice %t[%off] [4] [1] : tensor<16xf32> to tensor<4xf32>
  %n = arith.negf %s : tensor<4xf32>
  %r = tensor.insert_slice %n into %t[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}
