// linalg: fill and copy on tensors and memrefs.
func.func @fill_tensor(%n: index) -> tensor<?x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %0 = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

func.func @fill_memref(%m: memref<8x8xi32>) {
  %c = arith.constant -1 : i32
  linalg.fill ins(%c : i32) outs(%m : memref<8x8xi32>)
  return
}

func.func @copy_tensor(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.copy ins(%a : tensor<16xf32>) outs(%b : tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

func.func @copy_memref(%a: memref<?xf32>, %b: memref<?xf32>) {
  linalg.copy ins(%a : memref<?xf32>) outs(%b : memref<?xf32>)
  return
}
