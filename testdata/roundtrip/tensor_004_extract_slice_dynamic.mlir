// tensor: extract_slice with dynamic and mixed static/dynamic offsets, sizes and strides.
func.func @dynamic_slices(%t: tensor<?x?xf32>, %o0: index, %o1: index, %s0: index, %s1: index, %st: index)
    -> (tensor<?x?xf32>, tensor<4x?xf32>, tensor<?xf32>, tensor<?x8xf32>) {
  %0 = tensor.extract_slice %t[%o0, %o1] [%s0, %s1] [%st, %st] : tensor<?x?xf32> to tensor<?x?xf32>
  %1 = tensor.extract_slice %t[0, %o1] [4, %s1] [1, 1] : tensor<?x?xf32> to tensor<4x?xf32>
  %2 = tensor.extract_slice %t[%o0, 0] [1, %s1] [1, %st] : tensor<?x?xf32> to tensor<?xf32>
  %3 = tensor.extract_slice %t[%o0, 2] [%s0, 8] [%st, 1] : tensor<?x?xf32> to tensor<?x8xf32>
  return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<4x?xf32>, tensor<?xf32>, tensor<?x8xf32>
}

func.func @three_d(%t: tensor<4x?x8xi8>, %i: index, %n: index) -> tensor<?x8xi8> {
  %0 = tensor.extract_slice %t[%i, 0, 0] [1, %n, 8] [1, 1, 1] : tensor<4x?x8xi8> to tensor<?x8xi8>
  return %0 : tensor<?x8xi8>
}
