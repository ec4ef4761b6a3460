// program: gather rows by an index tensor into a fresh tensor.empty using slices in a loop.
func.func @gather_rows(%table: tensor<100x16xf32>, %ids: tensor<?xindex>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %ids, %c0 : tensor<?xindex>
  %out = tensor.empty(%n) : tensor<?x16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%o = %out) -> (tensor<?x16xf32>) {
    %id = tensor.extract %ids[%i] : tensor<?xindex>
    %row = tensor.extract_slice %table[%id, 0] [1, 16] [1, 1] : tensor<100x16xf32> to tensor<1x16xf32>
    %o2 = tensor.insert_slice %row into %o[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<?x16xf32>
    scf.yield %o2 : tensor<?x16xf32>
  }
  return %r : tensor<?x16xf32>
}
