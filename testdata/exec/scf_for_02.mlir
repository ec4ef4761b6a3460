// scf.for with three results: two tensors updated in place and a scalar accumulator read from them.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a0 = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %b0 = linalg.fill ins(%two : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %ra, %rb, %rs = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %a0, %b = %b0, %s = %z) -> (tensor<4xf32>, tensor<4xf32>, f32) {
    %x = tensor.extract %a[%i] : tensor<4xf32>
    %y = tensor.extract %b[%i] : tensor<4xf32>
    %xy = arith.addf %x, %y : f32
    %s2 = arith.addf %s, %xy : f32
    %a2 = tensor.insert %s2 into %a[%i] : tensor<4xf32>
    %b2 = tensor.insert %xy into %b[%i] : tensor<4xf32>
    scf.yield %a2, %b2, %s2 : tensor<4xf32>, tensor<4xf32>, f32
  }
  %e3 = tensor.empty() : tensor<1xf32>
  %rt = linalg.fill ins(%rs : f32) outs(%e3 : tensor<1xf32>) -> tensor<1xf32>
  %ua = tensor.cast %ra : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %ub = tensor.cast %rb : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  %us = tensor.cast %rt : tensor<1xf32> to tensor<*xf32>
  func.call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  %ua0 = tensor.cast %a0 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua0) : (tensor<*xf32>) -> ()
  return
}
