// memref: types with affine_map layouts, strided layouts, memory spaces (integer and attribute).
#tr = affine_map<(d0, d1) -> (d1, d0)>
#tiled = affine_map<(d0, d1) -> (d0 floordiv 4, d1 floordiv 4, d0 mod 4, d1 mod 4)>

func.func @layouts(%a: memref<4x8xf32, #tr>,
                   %b: memref<16x16xf32, #tiled>,
                   %c: memref<?x?xf32, strided<[?, ?], offset: ?>>,
                   %d: memref<8xf32, strided<[4]>>,
                   %e: memref<4xf32, 1>,
                   %f: memref<4xf32, #gpu.address_space<workgroup>>,
                   %g: memref<2x2xf32, affine_map<(d0, d1) -> (d0 * 2 + d1)>, 3>,
                   %h: memref<*xf32, 2>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0, %c0] : memref<4x8xf32, #tr>
  memref.store %v, %e[%c0] : memref<4xf32, 1>
  return
}
