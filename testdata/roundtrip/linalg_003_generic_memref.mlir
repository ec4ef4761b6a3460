// linalg: generic on memrefs with no results, plus doc and library_call attributes.
#map = affine_map<(d0, d1) -> (d0, d1)>
#mapT = affine_map<(d0, d1) -> (d1, d0)>

func.func @transpose_copy(%src: memref<8x4xf32>, %dst: memref<4x8xf32>) {
  linalg.generic {doc = "copy with transpose", library_call = "my_transpose_f32",
                  indexing_maps = [#mapT, #map], iterator_types = ["parallel", "parallel"]}
      ins(%src : memref<8x4xf32>) outs(%dst : memref<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}

func.func @scale_inplace(%buf: memref<?x?xf32>, %k: f32) {
  linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]}
      outs(%buf : memref<?x?xf32>) {
  ^bb0(%x: f32):
    %y = arith.mulf %x, %k : f32
    linalg.yield %y : f32
  }
  return
}
