// func: functions with zero, one and many results; calls binding multi-result groups.
func.func @none() {
  return
}

func.func @three(%a: i32, %b: f32, %c: tensor<2xf32>) -> (tensor<2xf32>, f32, i32) {
  return %c, %b, %a : tensor<2xf32>, f32, i32
}

func.func @caller(%a: i32, %b: f32, %c: tensor<2xf32>) -> i32 {
  call @none() : () -> ()
  %r:3 = call @three(%a, %b, %c) : (i32, f32, tensor<2xf32>) -> (tensor<2xf32>, f32, i32)
  %s:3 = func.call @three(%r#2, %r#1, %r#0) : (i32, f32, tensor<2xf32>) -> (tensor<2xf32>, f32, i32)
  return %s#2 : i32
}
