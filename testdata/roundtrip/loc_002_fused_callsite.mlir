// locations: fused (with and without metadata), callsite, nested combinations, file ranges.
func.func @g(%x: f32) -> f32 {
  %0 = arith.addf %x, %x : f32 loc(fused["a":1:2, "b":3:4])
  %1 = arith.mulf %0, %x : f32 loc(fused<"pass">["c.mlir":7:1, unknown])
  %2 = arith.subf %1, %x : f32 loc(callsite("callee.mlir":1:1 at "caller.mlir":20:5))
  %3 = arith.divf %2, %x : f32 loc(callsite("inner"("x.c":1:1) at callsite("mid.c":2:2 at "top.c":3:3)))
  %4 = arith.negf %3 : f32 loc(fused["n1", "n2"("z.c":4:4)])
  %5 = arith.addf %4, %x : f32 loc("range.mlir":1:2 to 3:4)
  %6 = arith.addf %5, %x : f32 loc("line.mlir":7:1 to :9)
  return %6 : f32
}
