// linalg: conv_2d_nhwc_hwcf with strides/dilations on tensors and memrefs.
func.func @conv(%in: tensor<1x32x32x3xf32>, %filter: tensor<3x3x3x16xf32>) -> tensor<1x15x15x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x15x15x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x15x15x16xf32>) -> tensor<1x15x15x16xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %filter : tensor<1x32x32x3xf32>, tensor<3x3x3x16xf32>)
      outs(%init : tensor<1x15x15x16xf32>) -> tensor<1x15x15x16xf32>
  return %0 : tensor<1x15x15x16xf32>
}

func.func @conv_dilated(%in: memref<2x16x16x4xf32>, %filter: memref<3x3x4x8xf32>, %out: memref<2x12x12x8xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
      ins(%in, %filter : memref<2x16x16x4xf32>, memref<3x3x4x8xf32>)
      outs(%out : memref<2x12x12x8xf32>)
  return
}

func.func @conv_default_attrs(%in: tensor<1x8x8x1xf32>, %f: tensor<3x3x1x1xf32>, %o: tensor<1x6x6x1xf32>) -> tensor<1x6x6x1xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x8x8x1xf32>, tensor<3x3x1x1xf32>) outs(%o : tensor<1x6x6x1xf32>) -> tensor<1x6x6x1xf32>
  return %0 : tensor<1x6x6x1xf32>
}
