// locations: generic-form ops (registered and unknown) with trailing locations, including on region block args.
"func.func"() <{function_type = (i32) -> i32, sym_name = "k"}> ({
^bb0(%arg0: i32 loc("k.mlir":1:12)):
  %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc("k.mlir":2:8)
  %1 = "mydialect.foo"(%0) ({
  ^bb0(%inner: i32 loc("k.mlir":4:6)):
    "mydialect.yield"(%inner) : (i32) -> () loc(unknown)
  }) {a = 1 : i64} : (i32) -> i32 loc(callsite("k.mlir":3:8 at "main.mlir":9:9))
  "func.return"(%1) : (i32) -> () loc(#ret)
}) : () -> () loc("k.mlir":1:1)
#ret = loc("k.mlir":7:3)
