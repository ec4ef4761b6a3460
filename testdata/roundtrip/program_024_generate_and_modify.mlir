// program: tensor.generate creating a lookup table that is then read and partially overwritten in a loop.
func.func @table(%n: index, %k: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %t = tensor.generate %n {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    %s = arith.mulf %f, %k : f32
    tensor.yield %s : f32
  } : tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c2 iter_args(%acc = %t) -> (tensor<?xf32>) {
    %v = tensor.extract %t[%i] : tensor<?xf32>
    %w = math.sqrt %v : f32
    %acc2 = tensor.insert %w into %acc[%i] : tensor<?xf32>
    scf.yield %acc2 : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
