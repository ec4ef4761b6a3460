// src[i][j] = 4*i + j on a 4x4 f32 buffer; the 2x2 block at src[1..2][1..2]
// is copied into dst[0..1][2..3] (both subviews strided, so memref.copy
// lowers to memrefCopy). 2 allocs of 64 bytes, 1 copy of 16 bytes.
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %src = memref.alloc() : memref<4x4xf32>
  %dst = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%zero : f32) outs(%dst : memref<4x4xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %row = arith.muli %i, %c4 : index
      %k = arith.addi %row, %j : index
      %ki = arith.index_cast %k : index to i64
      %kf = arith.sitofp %ki : i64 to f32
      memref.store %kf, %src[%i, %j] : memref<4x4xf32>
    }
  }
  %s = memref.subview %src[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  %d = memref.subview %dst[0, 2] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 2>>
  memref.copy %s, %d : memref<2x2xf32, strided<[4, 1], offset: 5>> to memref<2x2xf32, strided<[4, 1], offset: 2>>
  %u = memref.cast %dst : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %src : memref<4x4xf32>
  memref.dealloc %dst : memref<4x4xf32>
  return
}
