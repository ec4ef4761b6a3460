// Reads a buffer after freeing it. The counting runtime cannot see this
// (the stats are clean); memcheck reports one invalid read of size 4.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c1 = arith.constant 1 : index
  %x = arith.constant 4.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<4xf32>)
  memref.dealloc %a : memref<4xf32>
  %v = memref.load %a[%c1] : memref<4xf32>
  call @printF32(%v) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
