// An scf.for body fills its iter_arg and yields a constant: from the second iteration on the iter_arg is the constant's read-only buffer, so the fill must write a buffer of its own (the reference writes the constant and crashes).
// REFERENCE-OPTIONS: allow-return-allocs-from-loops
// REFERENCE-CRASHES
// EXPECTED-DATA: [0,  0,  0,  0]
// EXPECTED-DATA: [1,  1,  1,  1]
// EXPECTED-DATA: [2,  2,  2,  2]
// EXPECTED-DATA: [5,  6,  7,  8]
// EXPECTED-DATA: [1,  2,  3,  4]
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %init = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r, %s = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %init, %sum = %c0) -> (tensor<4xf32>, index) {
    %f = arith.index_cast %i : index to i32
    %v = arith.sitofp %f : i32 to f32
    %w = linalg.fill ins(%v : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    %uw = tensor.cast %w : tensor<4xf32> to tensor<*xf32>
    func.call @printMemrefF32(%uw) : (tensor<*xf32>) -> ()
    %cst = arith.constant dense<[5.0, 6.0, 7.0, 8.0]> : tensor<4xf32>
    %n2 = arith.addi %sum, %c1 : index
    scf.yield %cst, %n2 : tensor<4xf32>, index
  }
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %ui = tensor.cast %init : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ui) : (tensor<*xf32>) -> ()
  return
}
