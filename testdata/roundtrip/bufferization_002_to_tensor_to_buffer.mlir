// bufferization: to_tensor (plain, restrict, restrict writable) and to_buffer (plain, read_only).
func.func @convert(%m: memref<4xf32>, %d: memref<?x?xf32>) -> (tensor<4xf32>, tensor<?x?xf32>) {
  %0 = bufferization.to_tensor %m restrict writable : memref<4xf32> to tensor<4xf32>
  %1 = bufferization.to_tensor %d restrict : memref<?x?xf32> to tensor<?x?xf32>
  return %0, %1 : tensor<4xf32>, tensor<?x?xf32>
}

func.func @plain(%m: memref<2x3xi32>) -> tensor<2x3xi32> {
  %0 = bufferization.to_tensor %m : memref<2x3xi32> to tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

func.func @to_buffers(%t: tensor<4xf32>, %u: tensor<?xf32>) -> (memref<4xf32>, memref<?xf32, strided<[?], offset: ?>>) {
  %0 = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
  %1 = bufferization.to_buffer %u : tensor<?xf32> to memref<?xf32, strided<[?], offset: ?>>
  return %0, %1 : memref<4xf32>, memref<?xf32, strided<[?], offset: ?>>
}

func.func @memspace(%t: tensor<8xf32>) -> memref<8xf32, 1> {
  %0 = bufferization.to_buffer %t : tensor<8xf32> to memref<8xf32, 1>
  return %0 : memref<8xf32, 1>
}
