// generic: unknown-dialect ops with attributes, no operands, multiple results and no results.
func.func @unknown(%x: i32, %y: f32) -> i32 {
  %0 = "mydialect.foo"(%x) {a = 1 : i64} : (i32) -> i32
  %1:2 = "mydialect.split"(%0, %y) {mode = "even", list = [1, 2, 3]} : (i32, f32) -> (i32, f32)
  "mydialect.effect"(%1#1) : (f32) -> ()
  %2 = "mydialect.const"() {value = 7 : i32} : () -> i32
  "mydialect.nothing"() : () -> ()
  %3 = "other.combine"(%1#0, %2) : (i32, i32) -> i32
  return %3 : i32
}
