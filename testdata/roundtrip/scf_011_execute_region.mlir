// scf: execute_region with results, multiple blocks and cf branches inside, and no results.
func.func @pick(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = arith.addi %a, %b : i32
    cf.br ^bb3(%x : i32)
  ^bb2:
    %y = arith.subi %a, %b : i32
    cf.br ^bb3(%y : i32)
  ^bb3(%v: i32):
    scf.yield %v : i32
  }
  return %r : i32
}

func.func @two_results(%t: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %r:2 = scf.execute_region -> (tensor<4xf32>, f32) {
    %c0 = arith.constant 0 : index
    %v = tensor.extract %t[%c0] : tensor<4xf32>
    scf.yield %t, %v : tensor<4xf32>, f32
  }
  return %r#0, %r#1 : tensor<4xf32>, f32
}

func.func @no_results(%m: memref<2xf32>, %v: f32) {
  scf.execute_region {
    %c1 = arith.constant 1 : index
    memref.store %v, %m[%c1] : memref<2xf32>
    scf.yield
  }
  return
}
