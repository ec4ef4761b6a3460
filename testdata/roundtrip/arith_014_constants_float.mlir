// arith: float constants: decimal, exponent, negative zero, hex NaN/inf bit patterns.
func.func @float_constants() -> (f32, f32, f64, f32, f32, f64, f16, bf16) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant -2.5e-3 : f32
  %c = arith.constant 6.02214076e+23 : f64
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %h = arith.constant 0x3C00 : f16
  %bf = arith.constant 1.0 : bf16
  return %a, %b, %c, %nan, %inf, %ninf, %h, %bf : f32, f32, f64, f32, f32, f64, f16, bf16
}

func.func @zeros() -> (f32, f32, f64) {
  %z = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %big = arith.constant 1.7976931348623157E+308 : f64
  return %z, %nz, %big : f32, f32, f64
}
