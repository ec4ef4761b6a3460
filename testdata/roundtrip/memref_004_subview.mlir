// memref: subview static, dynamic, mixed, rank-reducing, with strided result layouts.
func.func @static_sub(%m: memref<8x16xf32>) -> memref<4x4xf32, strided<[16, 1], offset: 20>> {
  %0 = memref.subview %m[1, 4] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 20>>
  return %0 : memref<4x4xf32, strided<[16, 1], offset: 20>>
}

func.func @strided_sub(%m: memref<8x16xf32>) -> memref<4x8xf32, strided<[32, 2]>> {
  %0 = memref.subview %m[0, 0] [4, 8] [2, 2] : memref<8x16xf32> to memref<4x8xf32, strided<[32, 2]>>
  return %0 : memref<4x8xf32, strided<[32, 2]>>
}

func.func @dynamic_sub(%m: memref<?x?xf32>, %o0: index, %o1: index, %s0: index, %s1: index)
    -> memref<?x?xf32, strided<[?, 1], offset: ?>> {
  %0 = memref.subview %m[%o0, %o1] [%s0, %s1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  return %0 : memref<?x?xf32, strided<[?, 1], offset: ?>>
}

func.func @rank_reducing(%m: memref<8x16xf32>, %r: index) -> memref<16xf32, strided<[1], offset: ?>> {
  %0 = memref.subview %m[%r, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: ?>>
  return %0 : memref<16xf32, strided<[1], offset: ?>>
}

func.func @column(%m: memref<8x16xf32>, %c: index) -> memref<8xf32, strided<[16], offset: ?>> {
  %0 = memref.subview %m[0, %c] [8, 1] [1, 1] : memref<8x16xf32> to memref<8xf32, strided<[16], offset: ?>>
  return %0 : memref<8xf32, strided<[16], offset: ?>>
}

func.func @mixed_dyn_stride(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>, %i: index, %n: index, %st: index)
    -> memref<4x?xf32, strided<[?, ?], offset: ?>> {
  %0 = memref.subview %m[%i, 2] [4, %n] [1, %st] : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<4x?xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<4x?xf32, strided<[?, ?], offset: ?>>
}
