// Swap loop: scf.for iter_args %a, %b yielded swapped each iteration, each written before the swap.
// REFERENCE-OPTIONS: allow-return-allocs-from-loops
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<5xf32>
  %a0 = linalg.fill ins(%one : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %e2 = tensor.empty() : tensor<5xf32>
  %b0 = linalg.fill ins(%two : f32) outs(%e2 : tensor<5xf32>) -> tensor<5xf32>
  %ra, %rb = scf.for %i = %c0 to %c5 step %c1 iter_args(%a = %a0, %b = %b0) -> (tensor<5xf32>, tensor<5xf32>) {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %a2 = tensor.insert %f into %a[%i] : tensor<5xf32>
    %x = tensor.extract %b[%c0] : tensor<5xf32>
    %y = arith.addf %x, %one : f32
    %b2 = tensor.insert %y into %b[%c0] : tensor<5xf32>
    scf.yield %b2, %a2 : tensor<5xf32>, tensor<5xf32>
  }
  %ua = tensor.cast %ra : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %ub = tensor.cast %rb : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  %ua0 = tensor.cast %a0 : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua0) : (tensor<*xf32>) -> ()
  return
}
