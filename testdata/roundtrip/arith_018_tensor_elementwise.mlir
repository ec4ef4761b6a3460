// arith: elementwise arithmetic directly on static, dynamic and 0-d tensors.
func.func @tensor_ops(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = arith.addf %a, %b : tensor<4x8xf32>
  %1 = arith.mulf %0, %a : tensor<4x8xf32>
  %2 = arith.subf %1, %b : tensor<4x8xf32>
  %3 = arith.negf %2 : tensor<4x8xf32>
  return %3 : tensor<4x8xf32>
}

func.func @tensor_dynamic(%a: tensor<?xi64>, %b: tensor<?xi64>) -> tensor<?xi64> {
  %0 = arith.addi %a, %b : tensor<?xi64>
  %1 = arith.remsi %0, %b : tensor<?xi64>
  %2 = arith.maxsi %1, %a : tensor<?xi64>
  return %2 : tensor<?xi64>
}

func.func @tensor_casts(%a: tensor<?x?xi32>) -> tensor<?x?xf32> {
  %0 = arith.sitofp %a : tensor<?x?xi32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @tensor_0d(%a: tensor<f32>) -> tensor<f32> {
  %c = arith.constant dense<2.0> : tensor<f32>
  %0 = arith.mulf %a, %c : tensor<f32>
  return %0 : tensor<f32>
}
