// Reductions with linalg.generic: row sums of a 3x4 matrix and a total sum into a 0-d tensor.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#all = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %z = arith.constant 0.0 : f32
  %m = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %e = tensor.empty() : tensor<3xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %rs = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%m : tensor<3x4xf32>) outs(%acc : tensor<3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = arith.addf %o, %x : f32
    linalg.yield %t : f32
  } -> tensor<3xf32>
  %e0 = tensor.empty() : tensor<f32>
  %acc0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %tot = linalg.generic {indexing_maps = [#all, #scalar], iterator_types = ["reduction"]}
      ins(%rs : tensor<3xf32>) outs(%acc0 : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %t = arith.addf %o, %x : f32
    linalg.yield %t : f32
  } -> tensor<f32>
  %ur = tensor.cast %rs : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ut = tensor.cast %tot : tensor<f32> to tensor<*xf32>
  func.call @printMemrefF32(%ut) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %acc : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
