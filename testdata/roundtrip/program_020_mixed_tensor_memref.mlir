// program: tensor code interleaved with memref code via to_tensor/to_buffer and materialize_in_destination.
func.func @bridge(%buf: memref<16xf32>, %scale: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = bufferization.to_tensor %buf restrict writable : memref<16xf32> to tensor<16xf32>
  %s = tensor.splat %scale : tensor<16xf32>
  %m = arith.mulf %t, %s : tensor<16xf32>
  bufferization.materialize_in_destination %m in restrict writable %buf : (tensor<16xf32>, memref<16xf32>) -> ()
  %first = memref.load %buf[%c0] : memref<16xf32>
  return %first : f32
}

func.func @roundtrip(%t: tensor<8xi32>) -> tensor<8xi32> {
  %c1 = arith.constant 1 : index
  %m = bufferization.to_buffer %t read_only : tensor<8xi32> to memref<8xi32>
  %copy = memref.alloc() : memref<8xi32>
  memref.copy %m, %copy : memref<8xi32> to memref<8xi32>
  %v = arith.constant 5 : i32
  memref.store %v, %copy[%c1] : memref<8xi32>
  %r = bufferization.to_tensor %copy restrict : memref<8xi32> to tensor<8xi32>
  return %r : tensor<8xi32>
}
