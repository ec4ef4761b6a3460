// A callee runs an scf.for whose two iter_args (a fresh tensor and its argument) are swapped each trip, and returns the first result: fresh or the argument by the trip count.
// REFERENCE-OPTIONS: allow-return-allocs-from-loops
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @swap(%a: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r, %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%p = %f, %q = %a) -> (tensor<4xf32>, tensor<4xf32>) {
    %p2 = tensor.insert %v into %p[%i] : tensor<4xf32>
    scf.yield %q, %p2 : tensor<4xf32>, tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @main() {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @swap(%a, %two) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
