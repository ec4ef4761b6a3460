// math: elementwise math on vectors and tensors, absi on integers.
func.func @vec(%v: vector<8xf32>, %w: vector<8xf32>) -> vector<8xf32> {
  %0 = math.sin %v : vector<8xf32>
  %1 = math.cos %w : vector<8xf32>
  %2 = math.fma %0, %1, %v : vector<8xf32>
  %3 = math.powf %2, %w fastmath<fast> : vector<8xf32>
  return %3 : vector<8xf32>
}

func.func @tens(%t: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = math.exp %t : tensor<2x3xf32>
  %1 = math.tanh %0 : tensor<2x3xf32>
  %2 = math.floor %1 : tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}

func.func @absi(%a: i32, %v: vector<4xi16>, %t: tensor<?xi64>) -> (i32, vector<4xi16>, tensor<?xi64>) {
  %0 = math.absi %a : i32
  %1 = math.absi %v : vector<4xi16>
  %2 = math.absi %t : tensor<?xi64>
  return %0, %1, %2 : i32, vector<4xi16>, tensor<?xi64>
}
