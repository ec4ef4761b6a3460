// func: func.constant producing function values and func.call_indirect.
func.func private @square(%x: f32) -> f32 {
  %0 = arith.mulf %x, %x : f32
  return %0 : f32
}

func.func @apply(%fn: (f32) -> f32, %x: f32) -> f32 {
  %0 = func.call_indirect %fn(%x) : (f32) -> f32
  %1 = call_indirect %fn(%0) : (f32) -> f32
  return %1 : f32
}

func.func @main(%x: f32) -> f32 {
  %f = func.constant @square : (f32) -> f32
  %0 = call @apply(%f, %x) : ((f32) -> f32, f32) -> f32
  return %0 : f32
}
