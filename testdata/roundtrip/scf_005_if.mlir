// scf: if without results (with/without else), with one and with several results.
func.func @side_effect(%c: i1, %m: memref<1xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  scf.if %c {
    memref.store %v, %m[%c0] : memref<1xi32>
  }
  return
}

func.func @both_branches(%c: i1, %m: memref<1xi32>, %a: i32, %b: i32) {
  %c0 = arith.constant 0 : index
  scf.if %c {
    memref.store %a, %m[%c0] : memref<1xi32>
  } else {
    memref.store %b, %m[%c0] : memref<1xi32>
  }
  return
}

func.func @abs(%x: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %neg = arith.cmpi slt, %x, %zero : i32
  %r = scf.if %neg -> (i32) {
    %n = arith.subi %zero, %x : i32
    scf.yield %n : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}

func.func @swap_if(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = scf.if %c -> (tensor<4xf32>, tensor<4xf32>) {
    scf.yield %b, %a : tensor<4xf32>, tensor<4xf32>
  } else {
    scf.yield %a, %b : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
