// scf: for with integer (i32, i64) induction variables and typed bounds.
func.func @count_i32(%lb: i32, %ub: i32, %step: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %zero) -> (i32) : i32 {
    %n = arith.addi %acc, %i : i32
    scf.yield %n : i32
  }
  return %r : i32
}

func.func @loop_i64(%m: memref<?xi64>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  scf.for %i = %c0 to %c8 step %c1 : i64 {
    %idx = arith.index_cast %i : i64 to index
    memref.store %i, %m[%idx] : memref<?xi64>
  }
  return
}
