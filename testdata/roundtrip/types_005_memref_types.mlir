// types: memref static/dynamic, strided layouts with/without offset, affine_map layouts, memory spaces, unranked.
func.func private @memrefs(memref<f32>, memref<4xf32>, memref<?x?xf32>, memref<0xi8>)
func.func private @strided(memref<4x4xf32, strided<[4, 1]>>, memref<?x?xf32, strided<[?, 1], offset: ?>>,
                           memref<8xf32, strided<[1], offset: 3>>, memref<2x3xf32, strided<[?, ?]>>)
func.func private @maps(memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<16xf32, affine_map<(d0)[s0] -> (d0 * 2 + s0)>>)
func.func private @spaces(memref<4xf32, 1>, memref<4xf32, 3>, memref<?xf32, strided<[?], offset: ?>, 5>, memref<*xf32, 2>)
func.func private @unranked(memref<*xf32>, memref<*xi32>)
func.func private @elements(memref<4xvector<4xf32>>, memref<2xindex>, memref<?xcomplex<f32>>)
