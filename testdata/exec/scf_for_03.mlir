// Nested scf.for building a 3x3 matrix through slices of the iter_arg (extract_slice/insert_slice in the loop body).
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x3xf32>
  %m0 = linalg.fill ins(%z : f32) outs(%e : tensor<3x3xf32>) -> tensor<3x3xf32>
  %m = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %m0) -> (tensor<3x3xf32>) {
    %row = tensor.extract_slice %acc[%i, 0] [1, 3] [1, 1] : tensor<3x3xf32> to tensor<3xf32>
    %row2 = scf.for %j = %c0 to %c3 step %c1 iter_args(%r = %row) -> (tensor<3xf32>) {
      %k = arith.muli %i, %c3 : index
      %k2 = arith.addi %k, %j : index
      %ki = arith.index_cast %k2 : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      %r2 = tensor.insert %kf into %r[%j] : tensor<3xf32>
      scf.yield %r2 : tensor<3xf32>
    }
    %acc2 = tensor.insert_slice %row2 into %acc[%i, 0] [1, 3] [1, 1] : tensor<3xf32> into tensor<3x3xf32>
    scf.yield %acc2 : tensor<3x3xf32>
  }
  %u = tensor.cast %m : tensor<3x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
