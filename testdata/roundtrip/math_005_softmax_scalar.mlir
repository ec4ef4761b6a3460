// math: numerically stable log-sum-exp of three scalars; exp/log/maximumf/ceil/floor.
func.func @logsumexp3(%a: f32, %b: f32, %c: f32) -> f32 {
  %m0 = arith.maximumf %a, %b : f32
  %m = arith.maximumf %m0, %c : f32
  %da = arith.subf %a, %m : f32
  %db = arith.subf %b, %m : f32
  %dc = arith.subf %c, %m : f32
  %ea = math.exp %da : f32
  %eb = math.exp %db : f32
  %ec = math.exp %dc : f32
  %s0 = arith.addf %ea, %eb : f32
  %s = arith.addf %s0, %ec : f32
  %l = math.log %s : f32
  %r = arith.addf %l, %m : f32
  return %r : f32
}

func.func @round_half(%x: f64) -> (f64, f64) {
  %half = arith.constant 0.5 : f64
  %y = arith.addf %x, %half : f64
  %fl = math.floor %y : f64
  %ce = math.ceil %y : f64
  return %fl, %ce : f64, f64
}
