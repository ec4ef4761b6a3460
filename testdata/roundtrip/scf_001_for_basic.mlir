// scf: for without iter_args (side effects on a memref) and with a single iter_arg.
func.func @fill(%m: memref<16xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %v, %m[%i] : memref<16xf32>
  }
  return
}

func.func @sum(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %next = arith.addi %acc, %i : index
    scf.yield %next : index
  }
  return %r : index
}
