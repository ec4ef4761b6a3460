// cf: unconditional br with and without block arguments, straight-line chain of blocks.
func.func @chain(%x: i32) -> i32 {
  cf.br ^bb1
^bb1:
  %y = arith.addi %x, %x : i32
  cf.br ^bb2(%y : i32)
^bb2(%z: i32):
  %c = arith.constant 3 : i32
  cf.br ^bb3(%z, %c : i32, i32)
^bb3(%p: i32, %q: i32):
  %r = arith.muli %p, %q : i32
  return %r : i32
}
