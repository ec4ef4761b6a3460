// types: float types f16 bf16 f32 f64 f80 f128 tf32 and small float formats as signature types.
func.func @floats(%a: f16, %b: bf16, %c: f32, %d: f64, %e: f80, %f: f128, %g: tf32) -> (f16, bf16, f32, f64) {
  return %a, %b, %c, %d : f16, bf16, f32, f64
}

func.func private @small(f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ) -> f4E2M1FN
