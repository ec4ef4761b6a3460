// 2-D scf.forall: each thread adds a shared read-only tensor to its tile of the output.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %m = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4xf32>
  %out = linalg.fill ins(%z : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  %r = scf.forall (%i, %j) in (2, 2) shared_outs(%o = %out) -> (tensor<2x4xf32>) {
    %col = affine.apply affine_map<(d0) -> (d0 * 2)>(%j)
    %in = tensor.extract_slice %m[%i, %col] [1, 2] [1, 1] : tensor<2x4xf32> to tensor<2xf32>
    %ot = tensor.extract_slice %o[%i, %col] [1, 2] [1, 1] : tensor<2x4xf32> to tensor<2xf32>
    %s = linalg.add ins(%in, %in : tensor<2xf32>, tensor<2xf32>) outs(%ot : tensor<2xf32>) -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %col] [1, 2] [1, 1] : tensor<2xf32> into tensor<2x4xf32>
    }
  }
  %ur = tensor.cast %r : tensor<2x4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %um = tensor.cast %m : tensor<2x4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%um) : (tensor<*xf32>) -> ()
  return
}
