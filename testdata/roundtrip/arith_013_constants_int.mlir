// arith: integer constants of every width, negative values, booleans and index.
func.func @int_constants() -> (i1, i1, i8, i16, i32, i64, index, i64) {
  %t = arith.constant true
  %f = arith.constant false
  %c8 = arith.constant -128 : i8
  %c16 = arith.constant 32767 : i16
  %c32 = arith.constant -2147483648 : i32
  %c64 = arith.constant 9223372036854775807 : i64
  %ci = arith.constant 42 : index
  %hex = arith.constant 0xFF : i64
  return %t, %f, %c8, %c16, %c32, %c64, %ci, %hex : i1, i1, i8, i16, i32, i64, index, i64
}

func.func @odd_widths() -> (i3, i17, i128) {
  %a = arith.constant 3 : i3
  %b = arith.constant 65535 : i17
  %c = arith.constant 170141183460469231731687303715884105727 : i128
  return %a, %b, %c : i3, i17, i128
}
