// cf: a counting loop built from blocks with a back edge, loop-carried block arguments.
func.func @sum_to(%n: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.br ^header(%zero, %zero : i32, i32)
^header(%i: i32, %acc: i32):
  %done = arith.cmpi sge, %i, %n : i32
  cf.cond_br %done, ^exit(%acc : i32), ^body
^body:
  %acc2 = arith.addi %acc, %i : i32
  %i2 = arith.addi %i, %one : i32
  cf.br ^header(%i2, %acc2 : i32, i32)
^exit(%r: i32):
  return %r : i32
}
