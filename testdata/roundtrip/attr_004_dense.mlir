// attrs: dense elements attributes (splat, nested, hex, complex, strings, i1) as op attributes.
func.func @dense_attrs() {
  "test.op"() {splat = dense<1.0> : tensor<4xf32>,
               nested = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>,
               hex = dense<"0x0000803F00000040"> : tensor<2xf32>,
               bools = dense<[true, false, true, true]> : tensor<4xi1>,
               vec = dense<[1, 2]> : vector<2xi64>,
               cplx = dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>,
               strs = dense<["a", "bc"]> : tensor<2x!my.string>,
               scalar = dense<7> : tensor<i8>,
               empty = dense<> : tensor<0x4xf32>,
               idx = dense<[0, 1, 2]> : tensor<3xindex>} : () -> ()
  return
}
