func.func @f(%t: tensor<4xf32>, %c: i1, %f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tensor.insert %f into %t[%c0] : tensor<4xf32>
  %s = tensor.extract_slice %x[0] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %e = tensor.extract %s[%c0] : tensor<2xf32>
  %y = arith.select %c, %x, %t : tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %y) -> (tensor<4xf32>) {
    %z = linalg.fill ins(%e : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %z : tensor<4xf32>
  }
  cf.br ^bb1(%r : tensor<4xf32>)
^bb1(%b: tensor<4xf32>):
  %u = "my.op"(%b) : (tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
