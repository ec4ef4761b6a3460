// linalg: pooling_nhwc_sum and pooling_nhwc_max with window tensors, on tensors and memrefs.
func.func @sum_pool(%in: tensor<1x8x8x4xf32>) -> tensor<1x4x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %win = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %0 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %win : tensor<1x8x8x4xf32>, tensor<2x2xf32>) outs(%init : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

func.func @max_pool(%in: tensor<1x9x9x2xf32>) -> tensor<1x7x7x2xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %win = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x7x7x2xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x7x7x2xf32>) -> tensor<1x7x7x2xf32>
  %0 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %win : tensor<1x9x9x2xf32>, tensor<3x3xf32>) outs(%init : tensor<1x7x7x2xf32>) -> tensor<1x7x7x2xf32>
  return %0 : tensor<1x7x7x2xf32>
}

func.func @max_pool_memref(%in: memref<1x4x4x1xf32>, %win: memref<2x2xf32>, %out: memref<1x2x2x1xf32>) {
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %win : memref<1x4x4x1xf32>, memref<2x2xf32>) outs(%out : memref<1x2x2x1xf32>)
  return
}
