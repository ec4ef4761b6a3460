// cf: function with an unreachable block, self-loop block and a block with no arguments returning early.
func.func @weird(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^ret, ^spin(%x : i32)
^spin(%v: i32):
  %one = arith.constant 1 : i32
  %v1 = arith.subi %v, %one : i32
  %z = arith.constant 0 : i32
  %done = arith.cmpi sle, %v1, %z : i32
  cf.cond_br %done, ^ret, ^spin(%v1 : i32)
^dead:
  %d = arith.constant 99 : i32
  return %d : i32
^ret:
  return %x : i32
}
