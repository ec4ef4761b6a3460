// memref: copy and cast (static<->dynamic, ranked<->unranked, layout erasure).
func.func @copies(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<?xf32>) {
  memref.copy %a, %b : memref<8xf32> to memref<8xf32>
  memref.copy %a, %c : memref<8xf32> to memref<?xf32>
  return
}

func.func @casts(%a: memref<4x4xf32>, %s: memref<4xf32, strided<[1], offset: 2>>) -> (memref<?x?xf32>, memref<*xf32>, memref<4xf32, strided<[?], offset: ?>>) {
  %0 = memref.cast %a : memref<4x4xf32> to memref<?x?xf32>
  %1 = memref.cast %0 : memref<?x?xf32> to memref<*xf32>
  %2 = memref.cast %s : memref<4xf32, strided<[1], offset: 2>> to memref<4xf32, strided<[?], offset: ?>>
  return %0, %1, %2 : memref<?x?xf32>, memref<*xf32>, memref<4xf32, strided<[?], offset: ?>>
}

func.func @unranked_back(%u: memref<*xi32>) -> memref<2x3xi32> {
  %0 = memref.cast %u : memref<*xi32> to memref<2x3xi32>
  return %0 : memref<2x3xi32>
}
