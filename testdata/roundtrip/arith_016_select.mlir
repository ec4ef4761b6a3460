// arith: select on scalars, on tensors with scalar condition, and with i1 vector/tensor conditions.
func.func @select_scalar(%c: i1, %a: i32, %b: i32) -> i32 {
  %0 = arith.select %c, %a, %b : i32
  return %0 : i32
}

func.func @select_tensor_scalar_cond(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.select %c, %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @select_tensor_cond(%c: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.select %c, %a, %b : tensor<4xi1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @select_vector_cond(%a: vector<8xf32>, %b: vector<8xf32>) -> vector<8xf32> {
  %m = arith.cmpf ogt, %a, %b : vector<8xf32>
  %0 = arith.select %m, %a, %b : vector<8xi1>, vector<8xf32>
  return %0 : vector<8xf32>
}

func.func @relu_scalar(%x: f32) -> f32 {
  %zero = arith.constant 0.0 : f32
  %pos = arith.cmpf ogt, %x, %zero : f32
  %r = arith.select %pos, %x, %zero : f32
  return %r : f32
}
