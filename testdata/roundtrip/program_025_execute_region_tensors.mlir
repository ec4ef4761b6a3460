// program: scf.execute_region with internal CFG producing a tensor, used inside a loop with index_switch.
func.func @kernel(%t: tensor<8xf32>, %mode: index, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<8xf32>) {
    %sel = scf.index_switch %mode -> tensor<8xf32>
    case 0 {
      %e = math.exp %acc : tensor<8xf32>
      scf.yield %e : tensor<8xf32>
    }
    case 1 {
      %x = scf.execute_region -> tensor<8xf32> {
        %v = tensor.extract %acc[%c0] : tensor<8xf32>
        %z = arith.constant 0.0 : f32
        %neg = arith.cmpf olt, %v, %z : f32
        cf.cond_br %neg, ^fix, ^keep
      ^fix:
        %u = tensor.insert %z into %acc[%c0] : tensor<8xf32>
        scf.yield %u : tensor<8xf32>
      ^keep:
        scf.yield %acc : tensor<8xf32>
      }
      scf.yield %x : tensor<8xf32>
    }
    default {
      scf.yield %acc : tensor<8xf32>
    }
    scf.yield %sel : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
