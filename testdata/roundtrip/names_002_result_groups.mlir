// names: multi-result groups %res:2 / %res:3 with %res#N uses, mixed with single results.
func.func private @pair(i32) -> (i32, i32)
func.func private @triple() -> (f32, i64, index)

func.func @groups(%x: i32) -> (i32, f32, index) {
  %res:2 = call @pair(%x) : (i32) -> (i32, i32)
  %sum = arith.addi %res#0, %res#1 : i32
  %t:3 = call @triple() : () -> (f32, i64, index)
  %u:2 = "test.two"(%t#1, %res#1) : (i64, i32) -> (i64, i32)
  %w = arith.addi %u#1, %sum : i32
  return %w, %t#0, %t#2 : i32, f32, index
}

func.func @loops(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %loop:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c1) -> (index, index) {
    %s = arith.addi %a, %b : index
    scf.yield %b, %s : index, index
  }
  return %loop#1 : index
}
