// memref: alloc with static/dynamic sizes, alignment, symbol operands, alloca and dealloc.
#sym = affine_map<(d0)[s0] -> (d0 + s0)>

func.func @allocs(%n: index, %m: index, %off: index) {
  %0 = memref.alloc() : memref<16xf32>
  %1 = memref.alloc(%n) : memref<?xf32>
  %2 = memref.alloc(%n, %m) {alignment = 64 : i64} : memref<?x4x?xi32>
  %3 = memref.alloc()[%off] : memref<8xf32, #sym>
  %4 = memref.alloca() : memref<2x2xf64>
  %5 = memref.alloca(%n) {alignment = 16 : i64} : memref<?xi8>
  memref.dealloc %0 : memref<16xf32>
  memref.dealloc %1 : memref<?xf32>
  memref.dealloc %2 : memref<?x4x?xi32>
  memref.dealloc %3 : memref<8xf32, #sym>
  return
}

func.func @alloc_memspace() -> memref<4xf32, 1> {
  %0 = memref.alloc() : memref<4xf32, 1>
  return %0 : memref<4xf32, 1>
}
