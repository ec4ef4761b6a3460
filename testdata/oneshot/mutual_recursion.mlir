// Two functions calling each other: MLIR analyzes them but leaves their arguments unannotated.
func.func @ping(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %e = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %e -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  } else {
    %u = func.call @pong(%t, %n) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @pong(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %m = arith.subi %n, %c1 : index
  %w = tensor.insert %f into %t[%c1] : tensor<4xf32>
  %u = func.call @ping(%w, %m) : (tensor<4xf32>, index) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
