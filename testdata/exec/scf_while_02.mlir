// scf.while with a tensor and an index counter; the after region fills a slice selected by the counter.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %a = linalg.fill ins(%z : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %r:2 = scf.while (%t = %a, %i = %c0) : (tensor<4x2xf32>, index) -> (tensor<4x2xf32>, index) {
    %go = arith.cmpi ult, %i, %c4 : index
    scf.condition(%go) %t, %i : tensor<4x2xf32>, index
  } do {
  ^bb0(%t: tensor<4x2xf32>, %i: index):
    %row = tensor.extract_slice %t[%i, 0] [1, 2] [1, 1] : tensor<4x2xf32> to tensor<2xf32>
    %ip = arith.addi %i, %c1 : index
    %ii = arith.index_cast %ip : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %rf = linalg.fill ins(%f : f32) outs(%row : tensor<2xf32>) -> tensor<2xf32>
    %t2 = tensor.insert_slice %rf into %t[%i, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<4x2xf32>
    scf.yield %t2, %ip : tensor<4x2xf32>, index
  }
  %ur = tensor.cast %r#0 : tensor<4x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  return
}
