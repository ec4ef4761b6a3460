// tensor: concat along a dimension plus extract_slice of the result, and tensor.gather/scatter.
func.func @concat(%a: tensor<2x4xf32>, %b: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

func.func @gather(%src: tensor<4x5xf32>, %idx: tensor<3x1xindex>) -> tensor<3x1x5xf32> {
  %0 = tensor.gather %src[%idx] gather_dims([0]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x1x5xf32>
  return %0 : tensor<3x1x5xf32>
}

func.func @scatter(%src: tensor<3x1x5xf32>, %dst: tensor<4x5xf32>, %idx: tensor<3x1xindex>) -> tensor<4x5xf32> {
  %0 = tensor.scatter %src into %dst[%idx] scatter_dims([0]) unique : (tensor<3x1x5xf32>, tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
