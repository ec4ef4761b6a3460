// Equivalence through a chain of calls: @h returns its argument updated
// in place, @g returns what @h returns for its argument, and @f what @g
// returns for each of its own. Each return is equivalent to an argument
// only through the callee's __equivalent_func_args__, which a part derives
// after its decisions, while its callers' decisions already run.
func.func @h(%t: tensor<4xf32>, %x: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = tensor.insert %x into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @g(%t: tensor<4xf32>, %x: f32) -> tensor<4xf32> {
  %r = call @h(%t, %x) : (tensor<4xf32>, f32) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %x: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = call @g(%a, %x) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %s = call @g(%b, %x) : (tensor<4xf32>, f32) -> tensor<4xf32>
  return %s, %r : tensor<4xf32>, tensor<4xf32>
}
