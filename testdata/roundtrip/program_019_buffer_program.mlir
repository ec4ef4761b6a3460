// program: an already-bufferized program: globals, allocs, subviews, linalg on memrefs, copies and deallocs.
memref.global "private" constant @bias : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @bufferized(%in: memref<8x4xf32>, %out: memref<8x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %b = memref.get_global @bias : memref<4xf32>
  %tmp = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<8x4xf32>)
  scf.for %i = %c0 to %c8 step %c1 {
    %row_in = memref.subview %in[%i, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    %row_tmp = memref.subview %tmp[%i, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    linalg.add ins(%row_in, %b : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32>) outs(%row_tmp : memref<4xf32, strided<[1], offset: ?>>)
  }
  memref.copy %tmp, %out : memref<8x4xf32> to memref<8x4xf32>
  memref.dealloc %tmp : memref<8x4xf32>
  return
}
