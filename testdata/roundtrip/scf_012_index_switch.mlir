// scf: index_switch with several cases and default, with and without results.
func.func @select_op(%k: index, %a: f32, %b: f32) -> f32 {
  %r = scf.index_switch %k -> f32
  case 0 {
    %s = arith.addf %a, %b : f32
    scf.yield %s : f32
  }
  case 1 {
    %s = arith.subf %a, %b : f32
    scf.yield %s : f32
  }
  case 7 {
    %s = arith.mulf %a, %b : f32
    scf.yield %s : f32
  }
  default {
    scf.yield %a : f32
  }
  return %r : f32
}

func.func @side_effects(%k: index, %m: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  scf.index_switch %k
  case 2 {
    %v = arith.constant 2 : i32
    memref.store %v, %m[%c0] : memref<4xi32>
    scf.yield
  }
  default {
  }
  return
}

func.func @two_results(%k: index, %t: tensor<4xf32>, %u: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = scf.index_switch %k -> tensor<4xf32>, tensor<4xf32>
  case 0 {
    scf.yield %u, %t : tensor<4xf32>, tensor<4xf32>
  }
  default {
    scf.yield %t, %u : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
