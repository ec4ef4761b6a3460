// linalg: row-wise softmax built from several linalg.generic ops and reductions.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

func.func @softmax(%x: tensor<4x10xf32>) -> tensor<4x10xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4xf32>
  %mx0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %mx = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x10xf32>) outs(%mx0 : tensor<4xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4x10xf32>
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mx : tensor<4x10xf32>, tensor<4xf32>) outs(%e2 : tensor<4x10xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<4x10xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<4x10xf32>) outs(%s0 : tensor<4xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %res = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<4x10xf32>, tensor<4xf32>) outs(%e2 : tensor<4x10xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<4x10xf32>
  return %res : tensor<4x10xf32>
}
