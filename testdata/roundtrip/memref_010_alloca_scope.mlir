// memref: alloca_scope with and without results, allocas inside loops.
func.func @scoped(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.alloca_scope -> (f32) {
      %tmp = memref.alloca() : memref<4xf32>
      %f = arith.constant 2.0 : f32
      memref.store %f, %tmp[%c0] : memref<4xf32>
      %x = memref.load %tmp[%c0] : memref<4xf32>
      memref.alloca_scope.return %x : f32
    }
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  memref.alloca_scope {
    %t = memref.alloca() : memref<1xf32>
    memref.store %r, %t[%c0] : memref<1xf32>
  }
  return %r : f32
}
