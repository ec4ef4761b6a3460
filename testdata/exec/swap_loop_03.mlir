// Swap loop with scf.while: the after region writes the first tensor and yields the pair swapped.
// REFERENCE-OPTIONS: allow-return-allocs-from-loops
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %b = linalg.fill ins(%one : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r:3 = scf.while (%p = %a, %q = %b, %i = %c0) : (tensor<4xf32>, tensor<4xf32>, index) -> (tensor<4xf32>, tensor<4xf32>, index) {
    %go = arith.cmpi ult, %i, %c4 : index
    scf.condition(%go) %p, %q, %i : tensor<4xf32>, tensor<4xf32>, index
  } do {
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>, %i: index):
    %x = tensor.extract %q[%i] : tensor<4xf32>
    %y = arith.addf %x, %five : f32
    %p2 = tensor.insert %y into %p[%i] : tensor<4xf32>
    %ip = arith.addi %i, %c1 : index
    scf.yield %q, %p2, %ip : tensor<4xf32>, tensor<4xf32>, index
  }
  %u0 = tensor.cast %r#0 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %u1 = tensor.cast %r#1 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %ub = tensor.cast %b : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
