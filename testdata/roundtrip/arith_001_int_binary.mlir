// arith: integer binary ops (add/sub/mul/div/rem) on i32 scalars.
func.func @int_binary(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32) {
  %sum = arith.addi %a, %b : i32
  %diff = arith.subi %a, %b : i32
  %prod = arith.muli %sum, %diff : i32
  %q = arith.divsi %prod, %b : i32
  %uq = arith.divui %prod, %b : i32
  %cq = arith.ceildivsi %q, %a : i32
  %cuq = arith.ceildivui %uq, %a : i32
  %fq = arith.floordivsi %cq, %cuq : i32
  %r = arith.remsi %fq, %b : i32
  %ur = arith.remui %fq, %b : i32
  return %sum, %q, %fq, %r, %ur : i32, i32, i32, i32, i32
}
