// memref: allocate a temporary, copy into it, compute, copy back, dealloc (explicit buffer program).
func.func @double_buffer(%io: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %io, %c0 : memref<?xf32>
  %tmp = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  memref.copy %io, %tmp : memref<?xf32> to memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %tmp[%i] : memref<?xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %tmp[%i] : memref<?xf32>
  }
  memref.copy %tmp, %io : memref<?xf32> to memref<?xf32>
  memref.dealloc %tmp : memref<?xf32>
  return
}
