// arith: float casts sitofp/uitofp/fptosi/fptoui/extf/truncf/bitcast, incl. vectors.
func.func @float_casts(%i: i32, %f: f32, %d: f64, %h: f16) -> (f32, f64, i32, i64, f64, f16, i64, f32) {
  %0 = arith.sitofp %i : i32 to f32
  %1 = arith.uitofp %i : i32 to f64
  %2 = arith.fptosi %f : f32 to i32
  %3 = arith.fptoui %d : f64 to i64
  %4 = arith.extf %f : f32 to f64
  %5 = arith.truncf %f : f32 to f16
  %6 = arith.bitcast %d : f64 to i64
  %7 = arith.extf %h : f16 to f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f64, i32, i64, f64, f16, i64, f32
}

func.func @vector_casts(%v: vector<4xi32>, %w: vector<4xf32>) -> (vector<4xf32>, vector<4xf16>, vector<4xi64>) {
  %0 = arith.sitofp %v : vector<4xi32> to vector<4xf32>
  %1 = arith.truncf %w : vector<4xf32> to vector<4xf16>
  %2 = arith.extsi %v : vector<4xi32> to vector<4xi64>
  return %0, %1, %2 : vector<4xf32>, vector<4xf16>, vector<4xi64>
}

func.func @bf16_casts(%b: bf16) -> (f32, bf16) {
  %0 = arith.extf %b : bf16 to f32
  %1 = arith.truncf %0 : f32 to bf16
  return %0, %1 : f32, bf16
}
