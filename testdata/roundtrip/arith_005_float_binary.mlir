// arith: float binary ops (addf subf mulf divf remf, min/max variants) on f32 and f64.
func.func @float_binary(%a: f32, %b: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %0, %b : f32
  %2 = arith.mulf %1, %a : f32
  %3 = arith.divf %2, %b : f32
  %4 = arith.remf %3, %b : f32
  %5 = arith.maximumf %4, %a : f32
  %6 = arith.minimumf %5, %b : f32
  %7 = arith.maxnumf %6, %a : f32
  %8 = arith.minnumf %7, %b : f32
  return %8 : f32
}

func.func @float_binary_f64(%a: f64, %b: f64) -> (f64, f64) {
  %s = arith.addf %a, %b : f64
  %d = arith.subf %a, %b : f64
  %p = arith.mulf %s, %d : f64
  %q = arith.divf %p, %a : f64
  %m = arith.maximumf %p, %q : f64
  %n = arith.minnumf %p, %q : f64
  return %m, %n : f64, f64
}
