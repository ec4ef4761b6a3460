// generic: memref.alloc/subview/dealloc and bufferization.to_tensor/alloc_tensor in generic form with unit properties.
func.func @buffers(%m: memref<8xf32>, %n: index) -> tensor<8xf32> {
  %a = "memref.alloc"(%n) <{alignment = 32 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
  %s = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<8xf32>) -> memref<4xf32, strided<[1], offset: 2>>
  "memref.dealloc"(%a) : (memref<?xf32>) -> ()
  %t = "bufferization.to_tensor"(%m) <{restrict, writable}> : (memref<8xf32>) -> tensor<8xf32>
  %c = "bufferization.alloc_tensor"(%t) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<8xf32>) -> tensor<8xf32>
  %e = "bufferization.alloc_tensor"(%n) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> tensor<?xf32>
  return %c : tensor<8xf32>
}
