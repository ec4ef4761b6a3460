// bufferization: materialize_in_destination into a tensor and into a memref (restrict writable).
func.func @into_tensor(%src: tensor<?xf32>, %dst: tensor<?xf32>) -> tensor<?xf32> {
  %0 = bufferization.materialize_in_destination %src in %dst : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @into_memref(%src: tensor<4x4xf32>, %out: memref<4x4xf32>) {
  bufferization.materialize_in_destination %src in restrict writable %out : (tensor<4x4xf32>, memref<4x4xf32>) -> ()
  return
}

func.func @into_slice(%src: tensor<8xf32>, %big: tensor<64xf32>, %off: index) -> tensor<64xf32> {
  %s = tensor.extract_slice %big[%off] [8] [1] : tensor<64xf32> to tensor<8xf32>
  %m = bufferization.materialize_in_destination %src in %s : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %r = tensor.insert_slice %m into %big[%off] [8] [1] : tensor<8xf32> into tensor<64xf32>
  return %r : tensor<64xf32>
}
