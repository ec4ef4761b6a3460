// The same buffers as peak_early_free.mlir, but all three are live at once
// (700 bytes) before any is freed.
func.func @main() {
  %a = memref.alloc() : memref<100xf32>
  %b = memref.alloc() : memref<50xf32>
  %c = memref.alloc() : memref<25xf32>
  memref.dealloc %a : memref<100xf32>
  memref.dealloc %b : memref<50xf32>
  memref.dealloc %c : memref<25xf32>
  return
}
