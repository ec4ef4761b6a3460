// tensor: generate with region and tensor.yield, static and dynamic extents.
func.func @iota(%n: index) -> tensor<?xindex> {
  %0 = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex>
  return %0 : tensor<?xindex>
}

func.func @identity_matrix() -> tensor<4x4xf32> {
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %0 = tensor.generate {
  ^bb0(%i: index, %j: index):
    %eq = arith.cmpi eq, %i, %j : index
    %v = arith.select %eq, %one, %zero : f32
    tensor.yield %v : f32
  } : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

func.func @mixed(%m: index, %src: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = tensor.generate %m {
  ^bb0(%i: index, %j: index):
    %x = tensor.extract %src[%i, %j] : tensor<?x8xf32>
    %y = arith.mulf %x, %x : f32
    tensor.yield %y : f32
  } : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
