// memref: globals (private/public, constant, dense initial value, uninitialized, alignment) and get_global.
memref.global "private" constant @lut : memref<4xi32> = dense<[1, 2, 4, 8]>
memref.global @state : memref<2x2xf32> = dense<0.0>
memref.global "private" @scratch : memref<16xf32> = uninitialized
memref.global "private" constant @aligned : memref<3xf64> = dense<[1.0, 2.0, 3.0]> {alignment = 64 : i64}
memref.global @ext : memref<8xi8>
memref.global "private" @scalar : memref<f32> = dense<3.5>

func.func @use_globals(%i: index) -> i32 {
  %lut = memref.get_global @lut : memref<4xi32>
  %st = memref.get_global @state : memref<2x2xf32>
  %sc = memref.get_global @scratch : memref<16xf32>
  %v = memref.load %lut[%i] : memref<4xi32>
  %s = memref.get_global @scalar : memref<f32>
  %f = memref.load %s[] : memref<f32>
  memref.store %f, %sc[%i] : memref<16xf32>
  return %v : i32
}
