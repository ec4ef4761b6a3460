// linalg: named elementwise ops add/sub/mul/div/max/min/exp and linalg.elementwise on tensors and memrefs.
func.func @chain(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %o = tensor.empty() : tensor<4x4xf32>
  %0 = linalg.add ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%o : tensor<4x4xf32>) -> tensor<4x4xf32>
  %1 = linalg.sub ins(%0, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%o : tensor<4x4xf32>) -> tensor<4x4xf32>
  %2 = linalg.mul ins(%1, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%o : tensor<4x4xf32>) -> tensor<4x4xf32>
  %3 = linalg.div ins(%2, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%o : tensor<4x4xf32>) -> tensor<4x4xf32>
  %4 = linalg.max ins(%3, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%o : tensor<4x4xf32>) -> tensor<4x4xf32>
  %5 = linalg.min ins(%4, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%o : tensor<4x4xf32>) -> tensor<4x4xf32>
  %6 = linalg.exp ins(%5 : tensor<4x4xf32>) outs(%o : tensor<4x4xf32>) -> tensor<4x4xf32>
  %7 = linalg.elementwise kind=#linalg.elementwise_kind<mul> ins(%6, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%o : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %7 : tensor<4x4xf32>
}

func.func @on_memrefs(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<8xf32>) {
  linalg.add ins(%a, %b : memref<8xf32>, memref<8xf32>) outs(%c : memref<8xf32>)
  linalg.max ins(%c, %a : memref<8xf32>, memref<8xf32>) outs(%c : memref<8xf32>)
  linalg.exp ins(%c : memref<8xf32>) outs(%b : memref<8xf32>)
  return
}
