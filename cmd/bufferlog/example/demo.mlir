// The example `bufferlog demo` bufferizes: one read-after-write conflict
// (a copy), a loop that updates a tensor in place, a branch that yields a
// fresh tensor or an updated argument, and a call.

// Two writers of one buffer, both results read later: one must copy.
func.func @two_writers(%x: f32, %i: index) -> (f32, f32) {
  %e = tensor.empty() : tensor<8xf32>
  %A = linalg.fill ins(%x : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %B = tensor.insert %x into %A[%i] : tensor<8xf32>
  %C = linalg.fill ins(%x : f32) outs(%A : tensor<8xf32>) -> tensor<8xf32>
  %r = tensor.extract %B[%i] : tensor<8xf32>
  %s = tensor.extract %C[%i] : tensor<8xf32>
  return %r, %s : f32, f32
}

// A loop that writes its iter_arg in place: no copy, no new buffer.
func.func @accumulate(%t: tensor<8xf32>, %v: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %t) -> (tensor<8xf32>) {
    %old = tensor.extract %acc[%i] : tensor<8xf32>
    %new = arith.addf %old, %v : f32
    %u = tensor.insert %new into %acc[%i] : tensor<8xf32>
    scf.yield %u : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// A branch that yields a fresh tensor on one side and an updated argument
// on the other.
func.func @pick(%t: tensor<8xf32>, %c: i1, %v: f32) -> tensor<8xf32> {
  %r = scf.if %c -> (tensor<8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %f : tensor<8xf32>
  } else {
    %a = func.call @accumulate(%t, %v) : (tensor<8xf32>, f32) -> tensor<8xf32>
    scf.yield %a : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
