// generic: tensor ops with properties (static_offsets etc.) and operandSegmentSizes in generic form.
func.func @slices(%t: tensor<?x16xf32>, %i: index, %n: index) -> tensor<?x16xf32> {
  %0 = "tensor.extract_slice"(%t, %i, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: -9223372036854775808, 16>, static_strides = array<i64: 1, 1>}> : (tensor<?x16xf32>, index, index) -> tensor<?x16xf32>
  %1 = "arith.negf"(%0) <{fastmath = #arith.fastmath<none>}> : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %2 = "tensor.insert_slice"(%1, %t, %i, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: -9223372036854775808, 16>, static_strides = array<i64: 1, 1>}> : (tensor<?x16xf32>, tensor<?x16xf32>, index, index) -> tensor<?x16xf32>
  %3 = "tensor.empty"(%n) : (index) -> tensor<?x4xf32>
  %4 = "tensor.dim"(%3, %i) : (tensor<?x4xf32>, index) -> index
  return %2 : tensor<?x16xf32>
}
