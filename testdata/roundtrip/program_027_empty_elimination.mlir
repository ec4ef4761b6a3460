// program: tensor.empty results filled and inserted into slices, one whose destination is visible where the tensor.empty is (empty-tensor elimination replaces it) and one whose destination is computed after it (it stays).
func.func @visible(%t: tensor<10xf32>, %c: f32, %i: index) -> tensor<10xf32> {
  %e = tensor.empty() : tensor<5xf32>
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %r = tensor.insert_slice %f into %t[%i] [5] [1] : tensor<5xf32> into tensor<10xf32>
  return %r : tensor<10xf32>
}

func.func @late_destination(%t: tensor<10xf32>, %c: f32) -> tensor<10xf32> {
  %e = tensor.empty() : tensor<5xf32>
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %d = linalg.fill ins(%c : f32) outs(%t : tensor<10xf32>) -> tensor<10xf32>
  %r = tensor.insert_slice %f into %d[0] [5] [1] : tensor<5xf32> into tensor<10xf32>
  return %r : tensor<10xf32>
}
