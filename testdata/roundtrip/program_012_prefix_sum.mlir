// program: inclusive prefix sum over a tensor, carrying both the running sum and the output tensor.
func.func @prefix_sum(%in: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %in, %c0 : tensor<?xf32>
  %out = tensor.empty(%n) : tensor<?xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %o = %out) -> (f32, tensor<?xf32>) {
    %x = tensor.extract %in[%i] : tensor<?xf32>
    %s = arith.addf %acc, %x : f32
    %o2 = tensor.insert %s into %o[%i] : tensor<?xf32>
    scf.yield %s, %o2 : f32, tensor<?xf32>
  }
  return %r#1 : tensor<?xf32>
}

func.func @in_place_prefix(%t: tensor<?xf32> {bufferization.writable = true}) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %r = scf.for %i = %c1 to %n step %c1 iter_args(%a = %t) -> (tensor<?xf32>) {
    %im1 = arith.subi %i, %c1 : index
    %p = tensor.extract %a[%im1] : tensor<?xf32>
    %x = tensor.extract %a[%i] : tensor<?xf32>
    %s = arith.addf %p, %x : f32
    %a2 = tensor.insert %s into %a[%i] : tensor<?xf32>
    scf.yield %a2 : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
