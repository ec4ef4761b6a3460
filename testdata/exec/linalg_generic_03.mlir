// linalg.generic with linalg.index and a transposing map; output initialised by a fill that is also read later.
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %half = arith.constant 100.0 : f32
  %e = tensor.empty() : tensor<3x2xf32>
  %f = linalg.fill ins(%half : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  %g = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%f : tensor<3x2xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.muli %i, %j : index
    %k2 = arith.addi %k, %i : index
    %ki = arith.index_cast %k2 : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %r = arith.addf %o, %kf : f32
    linalg.yield %r : f32
  } -> tensor<3x2xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  %t = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%g : tensor<3x2xf32>) outs(%e2 : tensor<2x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<2x3xf32>
  %ug = tensor.cast %g : tensor<3x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ug) : (tensor<*xf32>) -> ()
  %ut = tensor.cast %t : tensor<2x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ut) : (tensor<*xf32>) -> ()
  %uf = tensor.cast %f : tensor<3x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uf) : (tensor<*xf32>) -> ()
  return
}
