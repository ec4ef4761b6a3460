// program: stencil iteration swapping input/output tensors in iter_args (Jacobi-style ping-pong).
func.func @jacobi(%a: tensor<66xf32>, %b: tensor<66xf32>, %iters: index) -> tensor<66xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c65 = arith.constant 65 : index
  %third = arith.constant 0.333333 : f32
  %res:2 = scf.for %it = %c0 to %iters step %c1 iter_args(%cur = %a, %nxt = %b) -> (tensor<66xf32>, tensor<66xf32>) {
    %upd = scf.for %i = %c1 to %c65 step %c1 iter_args(%o = %nxt) -> (tensor<66xf32>) {
      %im1 = arith.subi %i, %c1 : index
      %ip1 = arith.addi %i, %c1 : index
      %l = tensor.extract %cur[%im1] : tensor<66xf32>
      %m = tensor.extract %cur[%i] : tensor<66xf32>
      %r = tensor.extract %cur[%ip1] : tensor<66xf32>
      %s0 = arith.addf %l, %m : f32
      %s1 = arith.addf %s0, %r : f32
      %avg = arith.mulf %s1, %third : f32
      %o2 = tensor.insert %avg into %o[%i] : tensor<66xf32>
      scf.yield %o2 : tensor<66xf32>
    }
    scf.yield %upd, %cur : tensor<66xf32>, tensor<66xf32>
  }
  return %res#0 : tensor<66xf32>
}
