// tensor: pad with static/dynamic low/high, region yield, nofold, and padding value from outside.
func.func @pad_static(%t: tensor<4x4xf32>) -> tensor<6x8xf32> {
  %cst = arith.constant 0.0 : f32
  %0 = tensor.pad %t low[1, 2] high[1, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<4x4xf32> to tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

func.func @pad_dynamic(%t: tensor<?x?xf32>, %lo: index, %hi: index, %v: f32) -> tensor<?x?xf32> {
  %0 = tensor.pad %t low[%lo, 0] high[0, %hi] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @pad_nofold(%t: tensor<8xi32>) -> tensor<8xi32> {
  %c = arith.constant 7 : i32
  %0 = tensor.pad %t nofold low[0] high[0] {
  ^bb0(%i: index):
    tensor.yield %c : i32
  } : tensor<8xi32> to tensor<8xi32>
  return %0 : tensor<8xi32>
}

func.func @pad_index_dependent(%t: tensor<2x3xf32>) -> tensor<4x5xf32> {
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    tensor.yield %f : f32
  } : tensor<2x3xf32> to tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
