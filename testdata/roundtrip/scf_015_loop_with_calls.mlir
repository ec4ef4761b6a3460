// scf: loop bodies calling functions on tensors, with an if choosing which callee runs.
func.func private @step_even(tensor<8xf32>) -> tensor<8xf32>
func.func private @step_odd(tensor<8xf32>) -> tensor<8xf32>

func.func @drive(%t: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<8xf32>) {
    %rem = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %rem, %c0 : index
    %next = scf.if %even -> (tensor<8xf32>) {
      %a = func.call @step_even(%acc) : (tensor<8xf32>) -> tensor<8xf32>
      scf.yield %a : tensor<8xf32>
    } else {
      %b = func.call @step_odd(%acc) : (tensor<8xf32>) -> tensor<8xf32>
      scf.yield %b : tensor<8xf32>
    }
    scf.yield %next : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
