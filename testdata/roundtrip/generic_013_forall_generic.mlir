// generic: scf.forall with shared_outs, in_parallel and parallel_insert_slice, all in generic form.
func.func @forall_generic(%t: tensor<16xf32>) -> tensor<16xf32> {
  %r = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 4>, staticUpperBound = array<i64: 16>}> ({
  ^bb0(%i: index, %o: tensor<16xf32>):
    %s = "tensor.extract_slice"(%o, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<16xf32>, index) -> tensor<4xf32>
    %e = "math.exp"(%s) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>) -> tensor<4xf32>
    "scf.forall.in_parallel"() ({
      "tensor.parallel_insert_slice"(%e, %o, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<4xf32>, tensor<16xf32>, index) -> ()
    }) : () -> ()
  }) : (tensor<16xf32>) -> tensor<16xf32>
  return %r : tensor<16xf32>
}
