// bufferization: alloc_tensor static, dynamic, copy(%t), size_hint and memory_space.
func.func @allocs(%t: tensor<4x?xf32>, %n: index, %hint: index) -> (tensor<8xf32>, tensor<?x?xf32>, tensor<4x?xf32>, tensor<?xf32>, tensor<8xf32>) {
  %0 = bufferization.alloc_tensor() : tensor<8xf32>
  %1 = bufferization.alloc_tensor(%n, %n) : tensor<?x?xf32>
  %2 = bufferization.alloc_tensor() copy(%t) : tensor<4x?xf32>
  %3 = bufferization.alloc_tensor(%n) size_hint=%hint : tensor<?xf32>
  %4 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<8xf32>
  return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<?x?xf32>, tensor<4x?xf32>, tensor<?xf32>, tensor<8xf32>
}

func.func @copy_then_write(%t: tensor<4xf32>, %v: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %copy = bufferization.alloc_tensor() copy(%t) {memory_space = 0 : i64} : tensor<4xf32>
  %w = tensor.insert %v into %copy[%c0] : tensor<4xf32>
  return %t, %w : tensor<4xf32>, tensor<4xf32>
}
