// tensor: insert_slice static, dynamic, mixed and rank-expanding (inverse of rank-reducing extract).
func.func @insert_static(%src: tensor<4x4xf32>, %dst: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = tensor.insert_slice %src into %dst[0, 4] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  %1 = tensor.insert_slice %src into %0[4, 0] [4, 4] [1, 2] : tensor<4x4xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

func.func @insert_dynamic(%src: tensor<?x?xf32>, %dst: tensor<?x?xf32>, %i: index, %j: index, %m: index, %n: index) -> tensor<?x?xf32> {
  %0 = tensor.insert_slice %src into %dst[%i, %j] [%m, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @insert_row(%row: tensor<16xf32>, %dst: tensor<8x16xf32>, %r: index) -> tensor<8x16xf32> {
  %0 = tensor.insert_slice %row into %dst[%r, 0] [1, 16] [1, 1] : tensor<16xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

func.func @insert_mixed(%src: tensor<2x?xi32>, %dst: tensor<10x?xi32>, %off: index, %sz: index) -> tensor<10x?xi32> {
  %0 = tensor.insert_slice %src into %dst[%off, 3] [2, %sz] [1, 1] : tensor<2x?xi32> into tensor<10x?xi32>
  return %0 : tensor<10x?xi32>
}
