// cf: switch with default and cases, with and without block arguments, on i32, i8 and i64.
func.func @classify(%flag: i32, %x: f32) -> f32 {
  cf.switch %flag : i32, [
    default: ^bbdef(%x : f32),
    0: ^bb0,
    1: ^bb1(%x, %x : f32, f32),
    42: ^bbdef(%x : f32)
  ]
^bb0:
  %z = arith.constant 0.0 : f32
  return %z : f32
^bb1(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
  return %s : f32
^bbdef(%d: f32):
  return %d : f32
}

func.func @only_default(%k: i8) {
  cf.switch %k : i8, [
    default: ^end
  ]
^end:
  return
}

func.func @large_cases(%k: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  cf.switch %k : i64, [
    default: ^out(%k : i64),
    1000: ^out(%c1 : i64),
    100: ^neg
  ]
^neg:
  %m = arith.muli %k, %k : i64
  cf.br ^out(%m : i64)
^out(%r: i64):
  return %r : i64
}
