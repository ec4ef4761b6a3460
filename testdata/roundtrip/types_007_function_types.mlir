// types: function types as values, as arguments, returning functions, and as type attributes.
func.func private @higher((i32) -> i32, (f32, f32) -> (f32, i1)) -> ((i32) -> ())

func.func @typed_attrs() attributes {sig = (tensor<4xf32>) -> tensor<4xf32>, unit_fn = () -> (), multi = (i1, index) -> (f32, f64)} {
  "test.op"() {fn_type = (i32) -> i32, types = [i32, (f32) -> f32, tensor<?xf32>]} : () -> ()
  return
}

func.func @fn_values(%f: (i32) -> i32, %x: i32) -> i32 {
  %0 = func.call_indirect %f(%x) : (i32) -> i32
  return %0 : i32
}
