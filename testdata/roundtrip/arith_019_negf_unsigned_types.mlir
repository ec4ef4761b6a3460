// arith: negf with fastmath; si32/ui8 signed integer types bridged via builtin.unrealized_conversion_cast.
func.func @neg(%x: f64) -> f64 {
  %0 = arith.negf %x : f64
  %1 = arith.negf %0 fastmath<nsz> : f64
  return %1 : f64
}

func.func @signless_views(%s: si32, %u: ui8) -> (i32, i8) {
  %0 = builtin.unrealized_conversion_cast %s : si32 to i32
  %1 = builtin.unrealized_conversion_cast %u : ui8 to i8
  %2 = arith.addi %0, %0 : i32
  %3 = arith.muli %1, %1 : i8
  return %2, %3 : i32, i8
}
