// arith: float ops with fastmath<fast>, fastmath<nnan,ninf>, and other flag sets.
func.func @fastmath(%a: f32, %b: f32) -> f32 {
  %0 = arith.addf %a, %b fastmath<fast> : f32
  %1 = arith.subf %0, %b fastmath<nnan,ninf> : f32
  %2 = arith.mulf %1, %a fastmath<reassoc,contract> : f32
  %3 = arith.divf %2, %b fastmath<arcp> : f32
  %4 = arith.remf %3, %b fastmath<nsz> : f32
  %5 = arith.negf %4 fastmath<fast> : f32
  %6 = arith.maximumf %5, %a fastmath<nnan> : f32
  %7 = arith.minnumf %6, %b fastmath<afn> : f32
  %8 = arith.addf %7, %a fastmath<none> : f32
  %9 = arith.cmpf olt, %8, %a fastmath<nnan,ninf> : f32
  %10 = arith.select %9, %8, %a : f32
  return %10 : f32
}
