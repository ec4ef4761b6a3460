// bufferization: dealloc_tensor, clone, and dealloc with conditions and retained memrefs.
func.func @dealloc_tensor(%n: index) {
  %t = bufferization.alloc_tensor(%n) : tensor<?xf32>
  bufferization.dealloc_tensor %t : tensor<?xf32>
  return
}

func.func @clone(%m: memref<2xf32>) -> memref<2xf32> {
  %0 = bufferization.clone %m : memref<2xf32> to memref<2xf32>
  return %0 : memref<2xf32>
}

func.func @dealloc(%a: memref<2xf32>, %b: memref<2xf32>, %c: i1) -> i1 {
  %r = bufferization.dealloc (%a : memref<2xf32>) if (%c) retain (%b : memref<2xf32>)
  return %r : i1
}

func.func @dealloc_many(%a: memref<2xf32>, %b: memref<4xi8>, %x: memref<2xf32>, %y: memref<?xf32>, %c1: i1, %c2: i1) -> (i1, i1) {
  %r:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xi8>) if (%c1, %c2) retain (%x, %y : memref<2xf32>, memref<?xf32>)
  bufferization.dealloc (%a : memref<2xf32>) if (%c1)
  return %r#0, %r#1 : i1, i1
}
