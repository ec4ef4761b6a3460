// scf: triply nested for loops (naive matmul on memrefs) and nested loops carrying values.
func.func @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %a, %c0 : memref<?x?xf32>
  %k = memref.dim %a, %c1 : memref<?x?xf32>
  %n = memref.dim %b, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %init = memref.load %c[%i, %j] : memref<?x?xf32>
      %sum = scf.for %p = %c0 to %k step %c1 iter_args(%acc = %init) -> (f32) {
        %x = memref.load %a[%i, %p] : memref<?x?xf32>
        %y = memref.load %b[%p, %j] : memref<?x?xf32>
        %xy = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %xy : f32
        scf.yield %s : f32
      }
      memref.store %sum, %c[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
