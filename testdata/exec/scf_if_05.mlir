// scf.if yielding a constant from one region and a new buffer from the other: the result owns its buffer only when the second region ran, and is freed under the same condition.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %k = arith.constant dense<[4.0, 5.0, 6.0]> : tensor<3xf32>
  %x = tensor.extract %k[%c0] : tensor<3xf32>
  %cond = arith.cmpf ogt, %x, %two : f32
  %r = scf.if %cond -> (tensor<3xf32>) {
    scf.yield %k : tensor<3xf32>
  } else {
    %e = tensor.empty() : tensor<3xf32>
    %f = linalg.fill ins(%one : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
    scf.yield %f : tensor<3xf32>
  }
  %s = scf.if %cond -> (tensor<3xf32>) {
    %e = tensor.empty() : tensor<3xf32>
    %f = linalg.fill ins(%two : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
    scf.yield %f : tensor<3xf32>
  } else {
    scf.yield %k : tensor<3xf32>
  }
  %ur = tensor.cast %r : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %us = tensor.cast %s : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  return
}
