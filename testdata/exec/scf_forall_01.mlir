// scf.forall writing disjoint slices of a shared output via tensor.parallel_insert_slice; the init is read afterwards.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %a) -> (tensor<8xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %s = tensor.extract_slice %o[%off] [2] [1] : tensor<8xf32> to tensor<2xf32>
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %g = linalg.fill ins(%f : f32) outs(%s : tensor<2xf32>) -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %g into %o[%off] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  %ur = tensor.cast %r : tensor<8xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<8xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
