// math: GELU approximation written with arith + math (tanh, powf, erf variant).
func.func @gelu_tanh(%x: f32) -> f32 {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %k = arith.constant 0.044715 : f32
  %s = arith.constant 0.7978845608 : f32
  %x3 = math.powf %x, %three : f32
  %kx3 = arith.mulf %k, %x3 : f32
  %inner = arith.addf %x, %kx3 : f32
  %scaled = arith.mulf %s, %inner : f32
  %t = math.tanh %scaled fastmath<afn> : f32
  %onep = arith.addf %one, %t : f32
  %hx = arith.mulf %half, %x : f32
  %r = arith.mulf %hx, %onep : f32
  return %r : f32
}

func.func @gelu_erf(%x: f32) -> f32 {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rsqrt2 = arith.constant 0.70710678 : f32
  %a = arith.mulf %x, %rsqrt2 : f32
  %e = math.erf %a : f32
  %b = arith.addf %one, %e : f32
  %c = arith.mulf %x, %half : f32
  %r = arith.mulf %c, %b : f32
  return %r : f32
}
