// Frees a 4 x i32 buffer (16 bytes) twice, then keeps going: the runtime
// must report the second free and not perform it.
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %seven = arith.constant 7 : i32
  %a = memref.alloc() : memref<4xi32>
  linalg.fill ins(%seven : i32) outs(%a : memref<4xi32>)
  %u = memref.cast %a : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %a : memref<4xi32>
  memref.dealloc %a : memref<4xi32>
  %b = memref.alloc() : memref<2xi32>
  linalg.fill ins(%seven : i32) outs(%b : memref<2xi32>)
  %v = memref.cast %b : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%v) : (memref<*xi32>) -> ()
  memref.dealloc %b : memref<2xi32>
  return
}
