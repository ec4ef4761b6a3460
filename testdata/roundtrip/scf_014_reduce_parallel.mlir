// scf: parallel loop with scf.reduce and scf.reduce.return, and a plain parallel loop.
func.func @psum(%m: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %s = arith.addf %lhs, %rhs : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

func.func @pzero(%m: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c4) step (%c1, %c1) {
    memref.store %zero, %m[%i, %j] : memref<4x4xf32>
  }
  return
}
