// tensor: extract_slice / insert_slice tiles inside scf.for with iter_args (tiling pattern).
func.func @tile_scale(%t: tensor<128xf32>, %k: f32) -> tensor<128xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %r = scf.for %i = %c0 to %c128 step %c16 iter_args(%acc = %t) -> (tensor<128xf32>) {
    %tile = tensor.extract_slice %acc[%i] [16] [1] : tensor<128xf32> to tensor<16xf32>
    %ks = tensor.splat %k : tensor<16xf32>
    %scaled = arith.mulf %tile, %ks : tensor<16xf32>
    %next = tensor.insert_slice %scaled into %acc[%i] [16] [1] : tensor<16xf32> into tensor<128xf32>
    scf.yield %next : tensor<128xf32>
  }
  return %r : tensor<128xf32>
}

func.func @tile_2d(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %ts: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %r = scf.for %i = %c0 to %m step %ts iter_args(%o = %b) -> (tensor<?x?xf32>) {
    %r2 = scf.for %j = %c0 to %n step %ts iter_args(%o2 = %o) -> (tensor<?x?xf32>) {
      %x = tensor.extract_slice %a[%i, %j] [%ts, %ts] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
      %y = tensor.extract_slice %o2[%i, %j] [%ts, %ts] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
      %z = arith.addf %x, %y : tensor<?x?xf32>
      %w = tensor.insert_slice %z into %o2[%i, %j] [%ts, %ts] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
      scf.yield %w : tensor<?x?xf32>
    }
    scf.yield %r2 : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}
