// names: SSA value names of many shapes: numeric, alphabetic, with _ . $ - characters.
func.func @names(%0: i32, %x: i32, %a_b.c: i32, %_lead: i32, %dollar$: i32, %with-dash: i32) -> i32 {
  %1 = arith.addi %0, %x : i32
  %sum.1 = arith.addi %1, %a_b.c : i32
  %sum.2 = arith.addi %sum.1, %_lead : i32
  %A_B_C = arith.addi %sum.2, %dollar$ : i32
  %42 = arith.addi %A_B_C, %with-dash : i32
  %x.y.z = arith.muli %42, %42 : i32
  %very_long_name_with_many_parts_1234567890 = arith.subi %x.y.z, %0 : i32
  return %very_long_name_with_many_parts_1234567890 : i32
}
