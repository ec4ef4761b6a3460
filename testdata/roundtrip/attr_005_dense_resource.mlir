// attrs: dense_resource blobs referenced from constants, with a dialect_resources block at file end.
func.func @weights() -> (tensor<4xi32>, tensor<2xf32>) {
  %0 = arith.constant dense_resource<blob1> : tensor<4xi32>
  %1 = arith.constant dense_resource<weights_f32> : tensor<2xf32>
  return %0, %1 : tensor<4xi32>, tensor<2xf32>
}

func.func @as_attr() {
  "test.op"() {data = dense_resource<blob1> : tensor<4xi32>} : () -> ()
  return
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x0400000001000000020000000300000004000000",
      weights_f32: "0x040000000000803F00000040"
    }
  }
#-}
