// linalg: named contraction ops on memrefs (no results), incl. dynamic and strided memrefs.
func.func @mm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

func.func @bmm(%a: memref<2x3x4xf32>, %b: memref<2x4x5xf32>, %c: memref<2x3x5xf32>) {
  linalg.batch_matmul ins(%a, %b : memref<2x3x4xf32>, memref<2x4x5xf32>) outs(%c : memref<2x3x5xf32>)
  return
}

func.func @mv_strided(%a: memref<4x8xf32, strided<[?, 1], offset: ?>>, %x: memref<8xf32>, %y: memref<4xf32>) {
  linalg.matvec ins(%a, %x : memref<4x8xf32, strided<[?, 1], offset: ?>>, memref<8xf32>) outs(%y : memref<4xf32>)
  return
}

func.func @dot_and_vecmat(%x: memref<4xf32>, %a: memref<4x6xf32>, %y: memref<6xf32>, %s: memref<f32>) {
  linalg.vecmat ins(%x, %a : memref<4xf32>, memref<4x6xf32>) outs(%y : memref<6xf32>)
  linalg.dot ins(%y, %y : memref<6xf32>, memref<6xf32>) outs(%s : memref<f32>)
  return
}
