// vector: broadcast, splat-like constants, extract/insert, reduction, fma and load/store.
func.func @misc(%s: f32, %v: vector<4xf32>, %m: memref<16xf32>, %i: index) -> f32 {
  %b = vector.broadcast %s : f32 to vector<4xf32>
  %f = vector.fma %v, %b, %v : vector<4xf32>
  %e = vector.extract %f[2] : f32 from vector<4xf32>
  %n = vector.insert %e, %f [0] : f32 into vector<4xf32>
  %r = vector.reduction <add>, %n : vector<4xf32> into f32
  %l = vector.load %m[%i] : memref<16xf32>, vector<4xf32>
  vector.store %n, %m[%i] : memref<16xf32>, vector<4xf32>
  %r2 = vector.reduction <maximumf>, %l : vector<4xf32> into f32
  %t = arith.addf %r, %r2 : f32
  return %t : f32
}

func.func @shape(%v: vector<2x4xf32>) -> vector<4x2xf32> {
  %0 = vector.transpose %v, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
  %1 = vector.shape_cast %0 : vector<4x2xf32> to vector<8xf32>
  %2 = vector.shape_cast %1 : vector<8xf32> to vector<4x2xf32>
  return %2 : vector<4x2xf32>
}
