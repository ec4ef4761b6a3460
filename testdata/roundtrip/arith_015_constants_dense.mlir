// arith: dense tensor and vector constants: splat, nested lists, hex blob, bool, empty.
func.func @dense_constants() -> (tensor<4xf32>, tensor<2x2xi32>, tensor<2x3xf64>, tensor<3xi1>) {
  %splat = arith.constant dense<1.0> : tensor<4xf32>
  %nested = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %mixed = arith.constant dense<[[1.0, -2.0, 3.5], [0.0, 1.0e-3, 4.0]]> : tensor<2x3xf64>
  %bools = arith.constant dense<[true, false, true]> : tensor<3xi1>
  return %splat, %nested, %mixed, %bools : tensor<4xf32>, tensor<2x2xi32>, tensor<2x3xf64>, tensor<3xi1>
}

func.func @dense_hex() -> tensor<4xi32> {
  %0 = arith.constant dense<"0x01000000020000000300000004000000"> : tensor<4xi32>
  return %0 : tensor<4xi32>
}

func.func @dense_vectors() -> (vector<4xf32>, vector<2x2xi64>, vector<8xi1>) {
  %0 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %1 = arith.constant dense<7> : vector<2x2xi64>
  %2 = arith.constant dense<false> : vector<8xi1>
  return %0, %1, %2 : vector<4xf32>, vector<2x2xi64>, vector<8xi1>
}

func.func @dense_scalar_tensor() -> (tensor<f32>, tensor<0xi32>, tensor<2x1x2xi8>) {
  %0 = arith.constant dense<3.0> : tensor<f32>
  %1 = arith.constant dense<> : tensor<0xi32>
  %2 = arith.constant dense<[[[1, 2]], [[3, 4]]]> : tensor<2x1x2xi8>
  return %0, %1, %2 : tensor<f32>, tensor<0xi32>, tensor<2x1x2xi8>
}
