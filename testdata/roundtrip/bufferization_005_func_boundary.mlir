// bufferization: one-shot-bufferize style input: writable args, to_buffer/to_tensor at function boundaries.
func.func @kernel(%in: tensor<16xf32> {bufferization.writable = false},
                  %out: tensor<16xf32> {bufferization.writable = true}) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %i = %c0 to %c16 step %c1 iter_args(%o = %out) -> (tensor<16xf32>) {
    %v = tensor.extract %in[%i] : tensor<16xf32>
    %w = arith.mulf %v, %v : f32
    %n = tensor.insert %w into %o[%i] : tensor<16xf32>
    scf.yield %n : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

func.func @buffer_entry(%a: memref<16xf32>, %b: memref<16xf32>) {
  %ta = bufferization.to_tensor %a restrict : memref<16xf32> to tensor<16xf32>
  %tb = bufferization.to_tensor %b restrict writable : memref<16xf32> to tensor<16xf32>
  %r = func.call @kernel(%ta, %tb) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  bufferization.materialize_in_destination %r in restrict writable %b : (tensor<16xf32>, memref<16xf32>) -> ()
  return
}
