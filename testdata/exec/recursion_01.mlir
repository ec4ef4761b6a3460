// A self-recursive function returns a fresh tensor built by its deepest call and updated on the way back; the caller writes the result.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func private @build(%n: index, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %z -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %t = func.call @build(%m, %v) : (index, f32) -> tensor<4xf32>
    %i = arith.remui %n, %c1 : index
    %x = tensor.extract %t[%i] : tensor<4xf32>
    %y = arith.addf %x, %v : f32
    %u = tensor.insert %y into %t[%i] : tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 2.0 : f32
  %w = arith.constant 9.0 : f32
  %t = func.call @build(%c3, %v) : (index, f32) -> tensor<4xf32>
  %u = tensor.insert %w into %t[%c2] : tensor<4xf32>
  %ut = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ut) : (tensor<*xf32>) -> ()
  %uu = tensor.cast %u : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uu) : (tensor<*xf32>) -> ()
  return
}
