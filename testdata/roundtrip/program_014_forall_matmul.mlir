// program: matmul tiled with scf.forall over output tiles, fill inside, parallel_insert_slice results.
func.func @forall_mm(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %r = scf.forall (%i, %j) in (4, 4) shared_outs(%out = %c) -> (tensor<64x64xf32>) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %oj = affine.apply affine_map<(d0) -> (d0 * 16)>(%j)
    %ta = tensor.extract_slice %a[%oi, 0] [16, 32] [1, 1] : tensor<64x32xf32> to tensor<16x32xf32>
    %tb = tensor.extract_slice %b[0, %oj] [32, 16] [1, 1] : tensor<32x64xf32> to tensor<32x16xf32>
    %tc = tensor.extract_slice %out[%oi, %oj] [16, 16] [1, 1] : tensor<64x64xf32> to tensor<16x16xf32>
    %f = linalg.fill ins(%zero : f32) outs(%tc : tensor<16x16xf32>) -> tensor<16x16xf32>
    %mm = linalg.matmul ins(%ta, %tb : tensor<16x32xf32>, tensor<32x16xf32>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %mm into %out[%oi, %oj] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<64x64xf32>
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>]}
  return %r : tensor<64x64xf32>
}
