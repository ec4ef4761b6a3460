// tensor: parallel_insert_slice inside scf.forall in_parallel, static and dynamic slices.
func.func @tiled_copy(%src: tensor<64xf32>, %dst: tensor<64xf32>) -> tensor<64xf32> {
  %0 = scf.forall (%i) in (8) shared_outs(%out = %dst) -> (tensor<64xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 8)>(%i)
    %s = tensor.extract_slice %src[%off] [8] [1] : tensor<64xf32> to tensor<8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %out[%off] [8] [1] : tensor<8xf32> into tensor<64xf32>
    }
  }
  return %0 : tensor<64xf32>
}

func.func @rows(%src: tensor<?x16xf32>, %dst: tensor<?x16xf32>, %n: index) -> tensor<?x16xf32> {
  %0 = scf.forall (%r) in (%n) shared_outs(%o = %dst) -> (tensor<?x16xf32>) {
    %row = tensor.extract_slice %src[%r, 0] [1, 16] [1, 1] : tensor<?x16xf32> to tensor<16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %row into %o[%r, 0] [1, 16] [1, 1] : tensor<16xf32> into tensor<?x16xf32>
    }
  }
  return %0 : tensor<?x16xf32>
}
