// memref: subviews taken inside a loop and passed to linalg ops (tiled buffer computation).
func.func @tiled_add(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c16 {
    scf.for %j = %c0 to %c64 step %c16 {
      %sa = memref.subview %a[%i, %j] [16, 16] [1, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1], offset: ?>>
      %sb = memref.subview %b[%i, %j] [16, 16] [1, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1], offset: ?>>
      %sc = memref.subview %c[%i, %j] [16, 16] [1, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1], offset: ?>>
      linalg.add ins(%sa, %sb : memref<16x16xf32, strided<[64, 1], offset: ?>>, memref<16x16xf32, strided<[64, 1], offset: ?>>)
                 outs(%sc : memref<16x16xf32, strided<[64, 1], offset: ?>>)
    }
  }
  return
}
