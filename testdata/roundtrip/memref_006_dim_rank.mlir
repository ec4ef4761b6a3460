// memref: dim with constant/dynamic indices and rank on ranked and unranked memrefs.
func.func @dims(%m: memref<?x8x?xf32>, %u: memref<*xf32>, %k: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d0 = memref.dim %m, %c0 : memref<?x8x?xf32>
  %d2 = memref.dim %m, %c2 : memref<?x8x?xf32>
  %dk = memref.dim %u, %k : memref<*xf32>
  %r = memref.rank %u : memref<*xf32>
  return %d0, %d2, %dk, %r : index, index, index, index
}
