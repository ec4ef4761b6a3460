// arith: float arithmetic and negf on f16 and bf16.
func.func @halves(%a: f16, %b: f16, %c: bf16, %d: bf16) -> (f16, bf16) {
  %0 = arith.addf %a, %b : f16
  %1 = arith.mulf %0, %a : f16
  %2 = arith.negf %1 : f16
  %3 = arith.subf %c, %d : bf16
  %4 = arith.divf %3, %d : bf16
  %5 = arith.negf %4 : bf16
  %6 = arith.maxnumf %5, %c : bf16
  return %2, %6 : f16, bf16
}
