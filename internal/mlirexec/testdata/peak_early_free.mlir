// 400 + 200 + 100 bytes. %a is freed before %c is allocated, so at most
// %a and %b (600 bytes) are live at once.
func.func @main() {
  %a = memref.alloc() : memref<100xf32>
  %b = memref.alloc() : memref<50xf32>
  memref.dealloc %a : memref<100xf32>
  %c = memref.alloc() : memref<25xf32>
  memref.dealloc %b : memref<50xf32>
  memref.dealloc %c : memref<25xf32>
  return
}
