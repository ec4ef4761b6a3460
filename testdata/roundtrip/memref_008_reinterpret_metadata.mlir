// memref: reinterpret_cast (static and dynamic) and extract_strided_metadata.
func.func @reinterpret(%m: memref<*xf32>, %off: index, %sz: index, %st: index) -> (memref<4x4xf32>, memref<?xf32, strided<[?], offset: ?>>) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<*xf32> to memref<4x4xf32>
  %1 = memref.reinterpret_cast %m to offset: [%off], sizes: [%sz], strides: [%st] : memref<*xf32> to memref<?xf32, strided<[?], offset: ?>>
  return %0, %1 : memref<4x4xf32>, memref<?xf32, strided<[?], offset: ?>>
}

func.func @metadata(%m: memref<?x8xf32, strided<[?, 1], offset: ?>>) -> (memref<f32>, index, index, index, index, index) {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x8xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  return %base, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1 : memref<f32>, index, index, index, index, index
}

func.func @flatten(%m: memref<4x4xf32>) -> memref<16xf32> {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<4x4xf32> -> memref<f32>, index, index, index, index, index
  %flat = memref.reinterpret_cast %base to offset: [0], sizes: [16], strides: [1] : memref<f32> to memref<16xf32>
  return %flat : memref<16xf32>
}
