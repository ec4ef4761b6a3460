// attrs: strided layout attributes standalone and in memref types, with static/dynamic strides and offsets.
#s1 = strided<[1]>
#s2 = strided<[?, 1], offset: ?>
#s3 = strided<[8, 1], offset: 16>

func.func @layouts(%a: memref<4xf32, #s1>, %b: memref<?x?xf32, #s2>, %c: memref<4x8xf32, #s3>) {
  "test.op"() {layouts = [#s1, #s2, #s3, strided<[], offset: 4>]} : () -> ()
  return
}
