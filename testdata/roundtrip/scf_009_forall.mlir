// scf: forall with static bounds, lower/upper/step form, mapping attribute, and no shared_outs.
func.func @static(%t: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %0 = scf.forall (%i, %j) in (4, 4) shared_outs(%o = %t) -> (tensor<32x32xf32>) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 8)>(%i)
    %oj = affine.apply affine_map<(d0) -> (d0 * 8)>(%j)
    %s = tensor.extract_slice %o[%oi, %oj] [8, 8] [1, 1] : tensor<32x32xf32> to tensor<8x8xf32>
    %n = arith.negf %s : tensor<8x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %n into %o[%oi, %oj] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<32x32xf32>
    }
  }
  return %0 : tensor<32x32xf32>
}

func.func @bounds(%m: memref<100xf32>, %v: f32) {
  scf.forall (%i) = (0) to (100) step (10) {
    memref.store %v, %m[%i] : memref<100xf32>
  }
  return
}

func.func @mapped(%m: memref<8x8xf32>, %v: f32) {
  scf.forall (%i, %j) in (8, 8) {
    memref.store %v, %m[%i, %j] : memref<8x8xf32>
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  return
}
