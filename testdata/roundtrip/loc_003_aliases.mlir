// locations: location aliases #locN defined at the end of the file, used by ops and block arguments.
func.func @h(%a: i32 loc(#loc_arg), %b: i32 loc("arg_b.mlir":1:20)) -> i32 {
  %0 = arith.addi %a, %b : i32 loc(#loc1)
  %1 = arith.muli %0, %a : i32 loc(#loc2)
  cf.br ^bb1(%1 : i32) loc(#loc1)
^bb1(%v: i32 loc(#loc3)):
  return %v : i32 loc(#loc4)
} loc(#loc0)
#loc0 = loc("x.mlir":1:1)
#loc1 = loc("x.mlir":2:3)
#loc2 = loc("x.mlir":3:3)
#loc3 = loc("blockarg")
#loc4 = loc(fused[#loc1, #loc2])
#loc_arg = loc("x.mlir":1:10)
