// math: the same ops carrying fastmath flags, plus powf and fma.
func.func @with_flags(%x: f64, %y: f64, %z: f64) -> f64 {
  %0 = math.exp %x fastmath<fast> : f64
  %1 = math.log %0 fastmath<nnan,ninf> : f64
  %2 = math.sqrt %1 fastmath<afn> : f64
  %3 = math.rsqrt %2 fastmath<fast> : f64
  %4 = math.tanh %3 fastmath<nnan> : f64
  %5 = math.powf %4, %y fastmath<fast> : f64
  %6 = math.fma %5, %y, %z fastmath<contract> : f64
  %7 = math.absf %6 fastmath<nsz> : f64
  %8 = math.erf %7 fastmath<fast> : f64
  return %8 : f64
}

func.func @no_flags(%x: f32, %y: f32, %z: f32) -> f32 {
  %0 = math.powf %x, %y : f32
  %1 = math.fma %0, %y, %z : f32
  return %1 : f32
}
