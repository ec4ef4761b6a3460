// math: unary elementwise ops (exp log sqrt rsqrt tanh sin cos absf floor ceil erf) on f32.
func.func @unary(%x: f32) -> f32 {
  %0 = math.exp %x : f32
  %1 = math.log %0 : f32
  %2 = math.sqrt %1 : f32
  %3 = math.rsqrt %2 : f32
  %4 = math.tanh %3 : f32
  %5 = math.sin %4 : f32
  %6 = math.cos %5 : f32
  %7 = math.absf %6 : f32
  %8 = math.floor %7 : f32
  %9 = math.ceil %8 : f32
  %10 = math.erf %9 : f32
  return %10 : f32
}
