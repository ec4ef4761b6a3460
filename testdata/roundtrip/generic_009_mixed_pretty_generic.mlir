// generic: pretty and generic forms interleaved in one function, including generic func.call and memref ops.
func.func private @ext(f32) -> f32

func.func @mixed(%m: memref<4xf32>, %i: index) -> f32 {
  %v = memref.load %m[%i] : memref<4xf32>
  %0 = "func.call"(%v) <{callee = @ext}> : (f32) -> f32
  %1 = arith.addf %0, %v : f32
  "memref.store"(%1, %m, %i) : (f32, memref<4xf32>, index) -> ()
  %2 = "memref.load"(%m, %i) : (memref<4xf32>, index) -> f32
  %3 = "mydialect.post"(%2) ({
  ^bb0(%arg: f32):
    %4 = arith.mulf %arg, %arg : f32
    "mydialect.yield"(%4) : (f32) -> ()
  }) : (f32) -> f32
  return %3 : f32
}
