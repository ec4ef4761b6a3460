// The same buffers again, each freed before the next is allocated: the
// peak is the largest single buffer, 400 bytes.
func.func @main() {
  %a = memref.alloc() : memref<100xf32>
  memref.dealloc %a : memref<100xf32>
  %b = memref.alloc() : memref<50xf32>
  memref.dealloc %b : memref<50xf32>
  %c = memref.alloc() : memref<25xf32>
  memref.dealloc %c : memref<25xf32>
  return
}
