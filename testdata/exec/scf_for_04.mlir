// scf.for whose body reads a tensor defined outside the loop that the loop also writes through its iter_arg.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %e = tensor.empty() : tensor<6xf32>
  %a = linalg.copy ins(%src : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  // Prefix sums computed in place of %a's copy while reading %a's original values.
  %r = scf.for %i = %c1 to %c6 step %c1 iter_args(%t = %a) -> (tensor<6xf32>) {
    %im1 = arith.subi %i, %c1 : index
    %prev = tensor.extract %t[%im1] : tensor<6xf32>
    %orig = tensor.extract %a[%i] : tensor<6xf32>
    %s = arith.addf %prev, %orig : f32
    %t2 = tensor.insert %s into %t[%i] : tensor<6xf32>
    scf.yield %t2 : tensor<6xf32>
  }
  %ur = tensor.cast %r : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
