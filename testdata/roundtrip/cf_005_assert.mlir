// cf: assert with messages containing quotes and escapes.
func.func @checked_div(%a: i32, %b: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %nz = arith.cmpi ne, %b, %zero : i32
  cf.assert %nz, "division by zero"
  %q = arith.divsi %a, %b : i32
  %ok = arith.cmpi sge, %q, %zero : i32
  cf.assert %ok, "expected \"non-negative\" quotient\n"
  return %q : i32
}
