// Leaks 4 x f32 (16 bytes), prints a constant, then stores into it: the store hits read-only memory.
memref.global "private" constant @k : memref<2xf32> = dense<[1.0, 2.0]>
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 3.0 : f32
  %leaked = memref.alloc() : memref<4xf32>
  memref.store %v, %leaked[%c0] : memref<4xf32>
  %k = memref.get_global @k : memref<2xf32>
  %u = memref.cast %k : memref<2xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.store %v, %k[%c0] : memref<2xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
