// scf: nested scf.if producing tensors (insert in one branch only), if inside for.
func.func @maybe_update(%t: tensor<8xf32>, %c1: i1, %c2: i1, %i: index, %v: f32) -> tensor<8xf32> {
  %r = scf.if %c1 -> (tensor<8xf32>) {
    %inner = scf.if %c2 -> (tensor<8xf32>) {
      %u = tensor.insert %v into %t[%i] : tensor<8xf32>
      scf.yield %u : tensor<8xf32>
    } else {
      scf.yield %t : tensor<8xf32>
    }
    scf.yield %inner : tensor<8xf32>
  } else {
    %e = tensor.empty() : tensor<8xf32>
    scf.yield %e : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

func.func @clamp_all(%t: tensor<8xf32>, %hi: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %t) -> (tensor<8xf32>) {
    %x = tensor.extract %acc[%i] : tensor<8xf32>
    %big = arith.cmpf ogt, %x, %hi : f32
    %n = scf.if %big -> (tensor<8xf32>) {
      %u = tensor.insert %hi into %acc[%i] : tensor<8xf32>
      scf.yield %u : tensor<8xf32>
    } else {
      scf.yield %acc : tensor<8xf32>
    }
    scf.yield %n : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
