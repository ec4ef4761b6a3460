// names: the same SSA names reused in sibling regions (isolated and non-isolated scopes) and functions.
func.func @one(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  return %y : i32
}

func.func @two(%x: i32) -> i32 {
  %c = arith.constant true
  %r = scf.if %c -> (i32) {
    %y = arith.muli %x, %x : i32
    scf.yield %y : i32
  } else {
    %y = arith.subi %x, %x : i32
    scf.yield %y : i32
  }
  return %r : i32
}
