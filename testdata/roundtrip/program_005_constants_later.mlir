// program: constants defined late: at the end of functions, in later blocks, and after the values they combine with.
func.func @late(%t: tensor<8xf32>, %c: i1) -> tensor<8xf32> {
  cf.cond_br %c, ^fast, ^slow
^slow:
  %k = arith.constant dense<3.0> : tensor<8xf32>
  %m = arith.mulf %t, %k : tensor<8xf32>
  cf.br ^done(%m : tensor<8xf32>)
^fast:
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %u = tensor.insert %z into %t[%c0] : tensor<8xf32>
  cf.br ^done(%u : tensor<8xf32>)
^done(%r: tensor<8xf32>):
  %bias = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32>
  %out = arith.addf %r, %bias : tensor<8xf32>
  return %out : tensor<8xf32>
}
