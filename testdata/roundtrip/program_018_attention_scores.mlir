// program: attention score computation: batch_matmul with transposed keys, scaling, reduce-max, exp.
func.func @scores(%q: tensor<2x8x16xf32>, %k: tensor<2x8x16xf32>) -> (tensor<2x8x8xf32>, tensor<2x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.25 : f32
  %ekt = tensor.empty() : tensor<2x16x8xf32>
  %kt = linalg.transpose ins(%k : tensor<2x8x16xf32>) outs(%ekt : tensor<2x16x8xf32>) permutation = [0, 2, 1]
  %es = tensor.empty() : tensor<2x8x8xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<2x8x16xf32>, tensor<2x16x8xf32>) outs(%zs : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %scaled = linalg.map ins(%s : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>)
    (%x: f32, %o: f32) {
      %y = arith.mulf %x, %scale : f32
      linalg.yield %y : f32
    }
  %em = tensor.empty() : tensor<2x8xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x8xf32>) -> tensor<2x8xf32>
  %mx = linalg.reduce ins(%scaled : tensor<2x8x8xf32>) outs(%m0 : tensor<2x8xf32>) dimensions = [2]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
    }
  %ex = linalg.exp ins(%scaled : tensor<2x8x8xf32>) outs(%es : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  return %ex, %mx : tensor<2x8x8xf32>, tensor<2x8xf32>
}
