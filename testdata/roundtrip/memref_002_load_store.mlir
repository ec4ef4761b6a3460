// memref: load/store on ranked, 0-d and strided memrefs, with nontemporal attribute.
func.func @ls(%m: memref<4x4xf32>, %z: memref<i32>, %s: memref<8xf32, strided<[2], offset: 1>>, %i: index, %j: index) {
  %v = memref.load %m[%i, %j] : memref<4x4xf32>
  memref.store %v, %m[%j, %i] : memref<4x4xf32>
  %x = memref.load %z[] : memref<i32>
  %y = arith.addi %x, %x : i32
  memref.store %y, %z[] : memref<i32>
  %w = memref.load %s[%i] : memref<8xf32, strided<[2], offset: 1>>
  memref.store %w, %s[%j] {nontemporal = true} : memref<8xf32, strided<[2], offset: 1>>
  return
}
