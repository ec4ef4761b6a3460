// scf: forall with dynamic bounds, two shared_outs, and in_parallel with two parallel_insert_slices.
func.func @two_outs(%a: tensor<?xf32>, %b: tensor<?xf32>, %n: index, %ts: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %r:2 = scf.forall (%i) = (%c0) to (%n) step (%ts) shared_outs(%x = %a, %y = %b) -> (tensor<?xf32>, tensor<?xf32>) {
    %sa = tensor.extract_slice %x[%i] [%ts] [1] : tensor<?xf32> to tensor<?xf32>
    %sb = tensor.extract_slice %y[%i] [%ts] [1] : tensor<?xf32> to tensor<?xf32>
    %s = arith.addf %sa, %sb : tensor<?xf32>
    %d = arith.subf %sa, %sb : tensor<?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %x[%i] [%ts] [1] : tensor<?xf32> into tensor<?xf32>
      tensor.parallel_insert_slice %d into %y[%i] [%ts] [1] : tensor<?xf32> into tensor<?xf32>
    }
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}

func.func @mixed_bounds(%t: tensor<?x16xf32>, %n: index) -> tensor<?x16xf32> {
  %0 = scf.forall (%i, %j) in (%n, 4) shared_outs(%o = %t) -> (tensor<?x16xf32>) {
    %oj = affine.apply affine_map<(d0) -> (d0 * 4)>(%j)
    %s = tensor.extract_slice %o[%i, %oj] [1, 4] [1, 1] : tensor<?x16xf32> to tensor<4xf32>
    %e = math.exp %s : tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %e into %o[%i, %oj] [1, 4] [1, 1] : tensor<4xf32> into tensor<?x16xf32>
    }
  }
  return %0 : tensor<?x16xf32>
}
