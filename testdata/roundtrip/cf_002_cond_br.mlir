// cf: cond_br with arguments to both successors, and without arguments (diamond shape).
func.func @max(%a: i64, %b: i64) -> i64 {
  %gt = arith.cmpi sgt, %a, %b : i64
  cf.cond_br %gt, ^bb1(%a : i64), ^bb1(%b : i64)
^bb1(%m: i64):
  return %m : i64
}

func.func @diamond(%c: i1, %x: f32) -> f32 {
  cf.cond_br %c, ^then, ^else
^then:
  %a = arith.addf %x, %x : f32
  cf.br ^join(%a : f32)
^else:
  %b = arith.mulf %x, %x : f32
  cf.br ^join(%b : f32)
^join(%r: f32):
  return %r : f32
}

func.func @args_both(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x, %y : i32, i32), ^bb2(%y : i32)
^bb1(%p: i32, %q: i32):
  %s = arith.subi %p, %q : i32
  return %s : i32
^bb2(%r: i32):
  return %r : i32
}
