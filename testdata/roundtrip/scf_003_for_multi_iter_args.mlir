// scf: for with several iter_args of mixed types, results bound as a %r:3 group.
func.func @fib(%n: index) -> (i64, i64, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = arith.constant 0 : i64
  %b0 = arith.constant 1 : i64
  %f0 = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0, %cnt = %f0) -> (i64, i64, f32) {
    %s = arith.addi %a, %b : i64
    %c = arith.addf %cnt, %one : f32
    scf.yield %b, %s, %c : i64, i64, f32
  }
  return %r#0, %r#1, %r#2 : i64, i64, f32
}
