// tensor: extract_slice with fully static offsets/sizes/strides, strided and rank-reducing.
func.func @static_slices(%t: tensor<8x16xf32>) -> (tensor<4x4xf32>, tensor<2x8xf32>, tensor<16xf32>, tensor<4xf32>) {
  %0 = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  %1 = tensor.extract_slice %t[2, 0] [2, 8] [2, 2] : tensor<8x16xf32> to tensor<2x8xf32>
  %2 = tensor.extract_slice %t[3, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<16xf32>
  %3 = tensor.extract_slice %t[0, 5] [4, 1] [2, 1] : tensor<8x16xf32> to tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4x4xf32>, tensor<2x8xf32>, tensor<16xf32>, tensor<4xf32>
}

func.func @keep_unit_dim(%t: tensor<8x16xf32>) -> tensor<1x16xf32> {
  %0 = tensor.extract_slice %t[7, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
  return %0 : tensor<1x16xf32>
}
