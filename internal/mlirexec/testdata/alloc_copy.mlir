// Two buffers of 8 x f32 (32 bytes each), one contiguous copy, both freed.
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %three = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  linalg.fill ins(%three : f32) outs(%a : memref<8xf32>)
  memref.copy %a, %b : memref<8xf32> to memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  %u = memref.cast %b : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %b : memref<8xf32>
  return
}
