// memref: atomic_rmw, generic_atomic_rmw, view on an i8 buffer, and assume_alignment.
func.func @atomics(%m: memref<10xf32>, %i: index, %v: f32) -> (f32, f32) {
  %old = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10xf32>) -> f32
  %g = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: f32):
    %n = arith.maximumf %cur, %v : f32
    memref.atomic_yield %n : f32
  }
  return %old, %g : f32, f32
}

func.func @views(%buf: memref<2048xi8>, %off: index, %n: index) -> memref<?x4xf32> {
  %0 = memref.view %buf[%off][%n] : memref<2048xi8> to memref<?x4xf32>
  return %0 : memref<?x4xf32>
}

func.func @aligned(%m: memref<16xf32>) -> memref<16xf32> {
  %0 = memref.assume_alignment %m, 64 : memref<16xf32>
  return %0 : memref<16xf32>
}
