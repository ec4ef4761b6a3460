// scf: for loop swapping two tensors through iter_args each iteration (ping-pong buffers).
func.func @ping_pong(%a: tensor<16xf32>, %b: tensor<16xf32>, %steps: index) -> (tensor<16xf32>, tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %steps step %c1 iter_args(%src = %a, %dst = %b) -> (tensor<16xf32>, tensor<16xf32>) {
    %e = math.exp %src : tensor<16xf32>
    %w = linalg.copy ins(%e : tensor<16xf32>) outs(%dst : tensor<16xf32>) -> tensor<16xf32>
    scf.yield %w, %src : tensor<16xf32>, tensor<16xf32>
  }
  return %r#0, %r#1 : tensor<16xf32>, tensor<16xf32>
}

func.func @swap_only(%a: tensor<4xi32>, %b: tensor<4xi32>, %n: index) -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<4xi32>, tensor<4xi32>) {
    scf.yield %y, %x : tensor<4xi32>, tensor<4xi32>
  }
  return %r#1 : tensor<4xi32>
}
