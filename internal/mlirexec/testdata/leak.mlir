// Allocates 5 x i64 (40 bytes) and 3 x f32 (12 bytes); frees only the second.
func.func @main() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 42 : i64
  %a = memref.alloc() : memref<5xi64>
  %b = memref.alloc() : memref<3xf32>
  memref.store %v, %a[%c0] : memref<5xi64>
  memref.dealloc %b : memref<3xf32>
  return
}
