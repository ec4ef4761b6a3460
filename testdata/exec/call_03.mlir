// A function whose tensor argument is only read (sum of elements), called on a constant and on a live tensor.
#all = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @total(%t: tensor<4xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#all, #scalar], iterator_types = ["reduction"]} ins(%t : tensor<4xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %o, %x : f32
    linalg.yield %y : f32
  } -> tensor<f32>
  %r = tensor.extract %s[] : tensor<f32>
  return %r : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %s1 = func.call @total(%k) : (tensor<4xf32>) -> f32
  %a = tensor.insert %s1 into %k[%c0] : tensor<4xf32>
  %s2 = func.call @total(%a) : (tensor<4xf32>) -> f32
  %b = tensor.insert %s2 into %a[%c3] : tensor<4xf32>
  %ub = tensor.cast %b : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  %uk = tensor.cast %k : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uk) : (tensor<*xf32>) -> ()
  return
}
