// A call inside scf.for: the callee updates the iter_arg in place; a second callee returns fresh tensors.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @step(%t: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  %c3 = arith.constant 3 : index
  %x = tensor.extract %t[%c3] : tensor<4xf32>
  %y = tensor.extract %t[%i] : tensor<4xf32>
  %s = arith.addf %x, %y : f32
  %r = tensor.insert %s into %t[%c3] : tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @fresh_pair(%v: f32) -> (tensor<4xf32>, tensor<2xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<2xf32>
  %g = linalg.fill ins(%v : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>
  return %f, %g : tensor<4xf32>, tensor<2xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %two = arith.constant 2.0 : f32
  %a, %b = func.call @fresh_pair(%two) : (f32) -> (tensor<4xf32>, tensor<2xf32>)
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %a) -> (tensor<4xf32>) {
    %t2 = func.call @step(%t, %i) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %t2 : tensor<4xf32>
  }
  %ur = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %ub = tensor.cast %b : tensor<2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
