// memref: collapse_shape and expand_shape (with output_shape), static, dynamic and strided.
func.func @collapse(%m: memref<2x3x4xf32>) -> memref<6x4xf32> {
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  return %0 : memref<6x4xf32>
}

func.func @expand(%m: memref<12xf32>) -> memref<3x4xf32> {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [3, 4] : memref<12xf32> into memref<3x4xf32>
  return %0 : memref<3x4xf32>
}

func.func @expand_dyn(%m: memref<?x32xf32>, %n: index) -> memref<?x4x8xf32> {
  %0 = memref.expand_shape %m [[0], [1, 2]] output_shape [%n, 4, 8] : memref<?x32xf32> into memref<?x4x8xf32>
  return %0 : memref<?x4x8xf32>
}

func.func @collapse_dyn(%m: memref<?x?xi32>) -> memref<?xi32> {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<?x?xi32> into memref<?xi32>
  return %0 : memref<?xi32>
}

func.func @collapse_strided(%m: memref<4x8xf32, strided<[8, 1], offset: ?>>) -> memref<32xf32, strided<[1], offset: ?>> {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32, strided<[8, 1], offset: ?>> into memref<32xf32, strided<[1], offset: ?>>
  return %0 : memref<32xf32, strided<[1], offset: ?>>
}
