// program: read-after-write conflict: the original tensor is read after an in-place-candidate insert.
func.func @raw(%t: tensor<10xf32> {bufferization.writable = true}, %v: f32, %i: index) -> (tensor<10xf32>, f32) {
  %w = tensor.insert %v into %t[%i] : tensor<10xf32>
  %old = tensor.extract %t[%i] : tensor<10xf32>
  return %w, %old : tensor<10xf32>, f32
}

func.func @no_conflict(%t: tensor<10xf32> {bufferization.writable = true}, %v: f32, %i: index) -> (tensor<10xf32>, f32) {
  %old = tensor.extract %t[%i] : tensor<10xf32>
  %w = tensor.insert %v into %t[%i] : tensor<10xf32>
  return %w, %old : tensor<10xf32>, f32
}

func.func @readonly_arg(%t: tensor<10xf32> {bufferization.writable = false}, %v: f32) -> tensor<10xf32> {
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %t[%c0] : tensor<10xf32>
  return %w : tensor<10xf32>
}
