// types: signless, signed and unsigned integers of many widths, index, passed through unregistered ops.
func.func @ints(%a: i1, %b: i8, %c: i16, %d: i32, %e: i64, %f: si32, %g: ui8, %h: index, %i: si64, %j: ui1, %k: i128) {
  "test.sink"(%a, %b, %c, %d, %e, %f, %g, %h, %i, %j, %k) : (i1, i8, i16, i32, i64, si32, ui8, index, si64, ui1, i128) -> ()
  return
}

func.func @produce() -> (si32, ui8, si8) {
  %0 = "test.make"() : () -> si32
  %1 = "test.make"() : () -> ui8
  %2 = "test.make"() : () -> si8
  return %0, %1, %2 : si32, ui8, si8
}
