// A dense constant used as scf.for init and written every iteration; also the init of a linalg.generic.
#id = affine_map<(d0) -> (d0)>
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %k = arith.constant dense<[5.0, 6.0, 7.0, 8.0]> : tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %k) -> (tensor<4xf32>) {
    %x = tensor.extract %t[%i] : tensor<4xf32>
    %y = arith.addf %x, %one : f32
    %t2 = tensor.insert %y into %t[%i] : tensor<4xf32>
    scf.yield %t2 : tensor<4xf32>
  }
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%r : tensor<4xf32>) outs(%k : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %ur = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ug = tensor.cast %g : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ug) : (tensor<*xf32>) -> ()
  %uk = tensor.cast %k : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uk) : (tensor<*xf32>) -> ()
  return
}
