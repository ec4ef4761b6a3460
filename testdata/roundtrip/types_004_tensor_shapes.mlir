// types: ranked static/dynamic/0-d/zero-sized tensors, unranked tensors, nested element types.
func.func private @shapes(tensor<f32>, tensor<0xf32>, tensor<1x1x1xi8>, tensor<?xf32>, tensor<?x?x?x?xf32>, tensor<4x?x8xbf16>)
func.func private @unranked(tensor<*xf32>, tensor<*xi1>, tensor<*xcomplex<f32>>)
func.func private @elements(tensor<4xvector<4xf32>>, tensor<2xindex>, tensor<3x!my.elem>)
func.func private @encodings(tensor<4xf32, "enc">, tensor<?xf32, #my.enc<dense>>, tensor<8xi32, {a = 1 : i64}>)

func.func @pass(%t: tensor<1x2x3x4x5x6xf32>) -> tensor<1x2x3x4x5x6xf32> {
  return %t : tensor<1x2x3x4x5x6xf32>
}
