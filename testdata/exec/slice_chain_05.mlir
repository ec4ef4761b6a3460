// A 2-D strided slice (every other row and column) updated by linalg.generic and inserted back.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %one = arith.constant 1.0 : f32
  %ten = arith.constant 10.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %s = tensor.extract_slice %a[0, 1] [2, 3] [2, 2] : tensor<4x6xf32> to tensor<2x3xf32>
  %g = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%s : tensor<2x3xf32>) {
  ^bb0(%x: f32):
    %y = arith.addf %x, %ten : f32
    linalg.yield %y : f32
  } -> tensor<2x3xf32>
  %b = tensor.insert_slice %g into %a[0, 1] [2, 3] [2, 2] : tensor<2x3xf32> into tensor<4x6xf32>
  %row = tensor.extract_slice %b[2, 0] [1, 6] [1, 1] : tensor<4x6xf32> to tensor<6xf32>
  %u = tensor.cast %b : tensor<4x6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %ur = tensor.cast %row : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  return
}
