// builtin.module: implicit top-level module holding several functions.
func.func @one() -> i32 {
  %c1 = arith.constant 1 : i32
  return %c1 : i32
}

func.func @two() -> i32 {
  %c2 = arith.constant 2 : i32
  return %c2 : i32
}
