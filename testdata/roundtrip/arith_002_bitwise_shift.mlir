// arith: bitwise (andi/ori/xori) and shift (shli/shrsi/shrui) ops on i64 and i8.
func.func @bitwise(%x: i64, %y: i64) -> i64 {
  %0 = arith.andi %x, %y : i64
  %1 = arith.ori %0, %y : i64
  %2 = arith.xori %1, %x : i64
  %c3 = arith.constant 3 : i64
  %3 = arith.shli %2, %c3 : i64
  %4 = arith.shrsi %3, %c3 : i64
  %5 = arith.shrui %4, %c3 : i64
  return %5 : i64
}

func.func @bitwise_i8(%x: i8) -> i8 {
  %mask = arith.constant 15 : i8
  %one = arith.constant 1 : i8
  %lo = arith.andi %x, %mask : i8
  %hi = arith.shrui %x, %one : i8
  %r = arith.ori %lo, %hi : i8
  %s = arith.shli %r, %one : i8
  %t = arith.shrsi %s, %one : i8
  %u = arith.xori %t, %mask : i8
  return %u : i8
}
