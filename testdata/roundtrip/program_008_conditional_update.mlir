// program: tensor updated in only one branch of scf.if; the original is also returned (aliasing through yields).
func.func @cond_update(%t: tensor<8xf32>, %c: i1, %v: f32) -> (tensor<8xf32>, tensor<8xf32>) {
  %c2 = arith.constant 2 : index
  %r = scf.if %c -> (tensor<8xf32>) {
    %u = tensor.insert %v into %t[%c2] : tensor<8xf32>
    scf.yield %u : tensor<8xf32>
  } else {
    scf.yield %t : tensor<8xf32>
  }
  return %r, %t : tensor<8xf32>, tensor<8xf32>
}

func.func @select_tensor(%a: tensor<8xf32>, %b: tensor<8xf32>, %c: i1, %v: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %s = arith.select %c, %a, %b : tensor<8xf32>
  %w = tensor.insert %v into %s[%c0] : tensor<8xf32>
  %x = tensor.extract %a[%c0] : tensor<8xf32>
  %w2 = tensor.insert %x into %w[%c0] : tensor<8xf32>
  return %w2 : tensor<8xf32>
}
