// types: complex<f32>/complex<f64>, none, tuple (nested, empty) and complex dialect ops.
func.func @complex_ops(%re: f32, %im: f32) -> (complex<f32>, f32) {
  %z = complex.create %re, %im : complex<f32>
  %w = complex.add %z, %z : complex<f32>
  %a = complex.abs %w : complex<f32>
  return %w, %a : complex<f32>, f32
}

func.func private @tuples(tuple<i32, f32>, tuple<>, tuple<tuple<i1, index>, tensor<4xf32>>) -> tuple<i32>

func.func @nones(%n: none) -> none {
  return %n : none
}

func.func @complex_tensor(%t: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  return %t : tensor<4xcomplex<f64>>
}

func.func @complex_const() -> complex<f64> {
  %c = complex.constant [1.0, -2.5] : complex<f64>
  return %c : complex<f64>
}
