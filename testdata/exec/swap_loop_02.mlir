// Ping-pong stencil: each iteration computes the next state from the current one into the other buffer, then swaps.
// REFERENCE-OPTIONS: allow-return-allocs-from-loops
#id = affine_map<(d0) -> (d0)>
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  %cur0 = arith.constant dense<[1.0, 0.0, 2.0, 0.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %nxt0 = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %rc, %rn = scf.for %i = %c0 to %c3 step %c1 iter_args(%cur = %cur0, %nxt = %nxt0) -> (tensor<4xf32>, tensor<4xf32>) {
    %new = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%cur : tensor<4xf32>) outs(%nxt : tensor<4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %d = arith.addf %x, %x : f32
      linalg.yield %d : f32
    } -> tensor<4xf32>
    scf.yield %new, %cur : tensor<4xf32>, tensor<4xf32>
  }
  %urc = tensor.cast %rc : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%urc) : (tensor<*xf32>) -> ()
  %urn = tensor.cast %rn : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%urn) : (tensor<*xf32>) -> ()
  return
}
