// Exercises every print function the native runtime reimplements, so that
// its output can be compared with the upstream runner utils.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printComma()
func.func private @printOpen()
func.func private @printClose()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %half = arith.constant 0.5 : f32
  %pi = arith.constant 3.14159265 : f64
  %big = arith.constant 12345678.0 : f32
  %neg = arith.constant -42 : i64

  %s = memref.alloc() : memref<f32>
  memref.store %half, %s[] : memref<f32>
  %su = memref.cast %s : memref<f32> to memref<*xf32>
  call @printMemrefF32(%su) : (memref<*xf32>) -> ()

  %d = memref.alloc() : memref<3xf64>
  linalg.fill ins(%pi : f64) outs(%d : memref<3xf64>)
  %du = memref.cast %d : memref<3xf64> to memref<*xf64>
  call @printMemrefF64(%du) : (memref<*xf64>) -> ()

  // i32 2x3 and i64 2x2x2 hold 0, 1, 2, ... in row-major order.
  %m = memref.alloc() : memref<6xi32>
  %l = memref.alloc() : memref<8xi64>
  scf.for %i = %c0 to %c8 step %c1 {
    %v = arith.index_cast %i : index to i64
    memref.store %v, %l[%i] : memref<8xi64>
  }
  %c6 = arith.constant 6 : index
  scf.for %i = %c0 to %c6 step %c1 {
    %v = arith.index_cast %i : index to i32
    %w = arith.muli %v, %v : i32
    memref.store %w, %m[%i] : memref<6xi32>
  }
  %m2 = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<6xi32> into memref<2x3xi32>
  %mu = memref.cast %m2 : memref<2x3xi32> to memref<*xi32>
  call @printMemrefI32(%mu) : (memref<*xi32>) -> ()
  %l3 = memref.expand_shape %l [[0, 1, 2]] output_shape [2, 2, 2] : memref<8xi64> into memref<2x2x2xi64>
  %lu = memref.cast %l3 : memref<2x2x2xi64> to memref<*xi64>
  call @printMemrefI64(%lu) : (memref<*xi64>) -> ()

  // A strided view with a unit dimension and an offset.
  %sub = memref.subview %l3[1, 0, 1] [1, 2, 1] [1, 1, 1] : memref<2x2x2xi64> to memref<1x2x1xi64, strided<[4, 2, 1], offset: 5>>
  %subu = memref.cast %sub : memref<1x2x1xi64, strided<[4, 2, 1], offset: 5>> to memref<*xi64>
  call @printMemrefI64(%subu) : (memref<*xi64>) -> ()

  call @printOpen() : () -> ()
  call @printF32(%big) : (f32) -> ()
  call @printComma() : () -> ()
  call @printF64(%pi) : (f64) -> ()
  call @printComma() : () -> ()
  call @printI64(%neg) : (i64) -> ()
  call @printClose() : () -> ()
  call @printNewline() : () -> ()

  memref.dealloc %s : memref<f32>
  memref.dealloc %d : memref<3xf64>
  memref.dealloc %m : memref<6xi32>
  memref.dealloc %l : memref<8xi64>
  return
}
