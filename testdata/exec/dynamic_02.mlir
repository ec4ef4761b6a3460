// Dynamic tensor passed to a function that writes it and returns tensor.dim; dynamic linalg.add into a fresh tensor.empty.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @mark(%t: tensor<?xf32>) -> (tensor<?xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 9.0 : f32
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %last = arith.subi %n, %c1 : index
  %r = tensor.insert %v into %t[%last] : tensor<?xf32>
  return %r, %n : tensor<?xf32>, index
}

func.func @main() {
  %n = arith.constant 5 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %e2 = tensor.empty(%n) : tensor<?xf32>
  %b = linalg.fill ins(%two : f32) outs(%e2 : tensor<?xf32>) -> tensor<?xf32>
  %m, %len = func.call @mark(%a) : (tensor<?xf32>) -> (tensor<?xf32>, index)
  %e3 = tensor.empty(%len) : tensor<?xf32>
  %s = linalg.add ins(%m, %b : tensor<?xf32>, tensor<?xf32>) outs(%e3 : tensor<?xf32>) -> tensor<?xf32>
  %ua = tensor.cast %a : tensor<?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %us = tensor.cast %s : tensor<?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  return
}
