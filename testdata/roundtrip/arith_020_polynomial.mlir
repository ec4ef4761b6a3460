// arith: Horner evaluation of a polynomial with constants defined up front and fastmath.
func.func @horner(%x: f32) -> f32 {
  %c0 = arith.constant 1.0 : f32
  %c1 = arith.constant -0.5 : f32
  %c2 = arith.constant 4.166666e-02 : f32
  %c3 = arith.constant -1.388888e-03 : f32
  %x2 = arith.mulf %x, %x fastmath<contract> : f32
  %t0 = arith.mulf %c3, %x2 fastmath<contract> : f32
  %t1 = arith.addf %t0, %c2 fastmath<contract> : f32
  %t2 = arith.mulf %t1, %x2 fastmath<contract> : f32
  %t3 = arith.addf %t2, %c1 fastmath<contract> : f32
  %t4 = arith.mulf %t3, %x2 fastmath<contract> : f32
  %t5 = arith.addf %t4, %c0 fastmath<contract> : f32
  return %t5 : f32
}

func.func @int_average(%a: i32, %b: i32) -> i32 {
  %one = arith.constant 1 : i32
  %and = arith.andi %a, %b : i32
  %xor = arith.xori %a, %b : i32
  %half = arith.shrsi %xor, %one : i32
  %avg = arith.addi %and, %half : i32
  return %avg : i32
}
