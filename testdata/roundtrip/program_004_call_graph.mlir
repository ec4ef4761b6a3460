// program: functions calling functions on tensors: a small call graph with in-place updates and a declaration.
func.func private @external_norm(tensor<?xf32>) -> tensor<?xf32>

func.func @scale(%t: tensor<?xf32>, %k: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %ks = tensor.splat %k[%n] : tensor<?xf32>
  %r = arith.mulf %t, %ks : tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @set_first(%t: tensor<?xf32>, %v: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %r = tensor.insert %v into %t[%c0] : tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @pipeline(%t: tensor<?xf32> {bufferization.writable = true}) -> tensor<?xf32> {
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %a = call @scale(%t, %two) : (tensor<?xf32>, f32) -> tensor<?xf32>
  %b = call @set_first(%a, %one) : (tensor<?xf32>, f32) -> tensor<?xf32>
  %c = call @external_norm(%b) : (tensor<?xf32>) -> tensor<?xf32>
  %d = call @set_first(%t, %two) : (tensor<?xf32>, f32) -> tensor<?xf32>
  %e = arith.addf %c, %d : tensor<?xf32>
  return %e : tensor<?xf32>
}
