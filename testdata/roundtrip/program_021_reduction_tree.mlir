// program: tree reduction halving a tensor each step with extract_slice in a while loop.
func.func @tree_sum(%t: tensor<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %r:2 = scf.while (%cur = %t, %len = %n) : (tensor<?xf32>, index) -> (tensor<?xf32>, index) {
    %big = arith.cmpi ugt, %len, %c1 : index
    scf.condition(%big) %cur, %len : tensor<?xf32>, index
  } do {
  ^bb0(%c: tensor<?xf32>, %l: index):
    %half = arith.divui %l, %c2 : index
    %lo = tensor.extract_slice %c[0] [%half] [1] : tensor<?xf32> to tensor<?xf32>
    %hi = tensor.extract_slice %c[%half] [%half] [1] : tensor<?xf32> to tensor<?xf32>
    %s = arith.addf %lo, %hi : tensor<?xf32>
    scf.yield %s, %half : tensor<?xf32>, index
  }
  %v = tensor.extract %r#0[%c0] : tensor<?xf32>
  return %v : f32
}
