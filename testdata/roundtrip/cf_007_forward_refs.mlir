// cf: block labels used before definition and values used in later dominated blocks.
func.func @forward(%c: i1, %x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  cf.cond_br %c, ^late, ^early
^early:
  %b = arith.muli %a, %x : i32
  cf.br ^late
^late:
  %r = arith.subi %a, %x : i32
  cf.br ^end(%r : i32)
^end(%v: i32):
  %w = arith.addi %v, %a : i32
  return %w : i32
}

func.func @reverse_order(%x: i32) -> i32 {
  cf.br ^bb3
^bb1(%p: i32):
  return %p : i32
^bb2:
  %y = arith.addi %x, %x : i32
  cf.br ^bb1(%y : i32)
^bb3:
  cf.br ^bb2
}
