// scf.if with two tensor results: then yields the updated outer tensor and the original (forcing a copy), else it and a constant.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %src = arith.constant dense<[3.0, 8.0, 1.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %a = linalg.copy ins(%src : tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %x = tensor.extract %a[%c0] : tensor<3xf32>
  %y = tensor.extract %a[%c1] : tensor<3xf32>
  %gt = arith.cmpf ogt, %y, %x : f32
  %r, %s = scf.if %gt -> (tensor<3xf32>, tensor<3xf32>) {
    %a1 = tensor.insert %y into %a[%c0] : tensor<3xf32>
    %a2 = tensor.insert %x into %a1[%c1] : tensor<3xf32>
    scf.yield %a2, %a : tensor<3xf32>, tensor<3xf32>
  } else {
    %k = arith.constant dense<9.0> : tensor<3xf32>
    scf.yield %a, %k : tensor<3xf32>, tensor<3xf32>
  }
  %ur = tensor.cast %r : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %us = tensor.cast %s : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  return
}
