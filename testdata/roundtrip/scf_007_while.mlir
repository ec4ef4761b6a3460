// scf: while with before/after regions, condition forwarding values of different types.
func.func @collatz_steps(%n0: i64) -> i64 {
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %res:2 = scf.while (%n = %n0, %steps = %zero) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi ne, %n, %one : i64
    scf.condition(%more) %n, %steps : i64, i64
  } do {
  ^bb0(%m: i64, %s: i64):
    %r = arith.remui %m, %two : i64
    %even = arith.cmpi eq, %r, %zero : i64
    %next = scf.if %even -> (i64) {
      %h = arith.divui %m, %two : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %m, %three : i64
      %t1 = arith.addi %t, %one : i64
      scf.yield %t1 : i64
    }
    %s1 = arith.addi %s, %one : i64
    scf.yield %next, %s1 : i64, i64
  }
  return %res#1 : i64
}
