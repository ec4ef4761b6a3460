// Dynamic 2-D tensor: tensor.empty(%r, %c) filled, a dynamic insert_slice from a static tile, dims read back.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = arith.constant 3 : index
  %cols = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  %a = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %tile = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = tensor.insert_slice %tile into %a[%c1, %c1] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<?x?xf32>
  %d0 = tensor.dim %b, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %b, %c1 : tensor<?x?xf32>
  %p = arith.muli %d0, %d1 : index
  %pi = arith.index_cast %p : index to i32
  %pf = arith.sitofp %pi : i32 to f32
  %c = tensor.insert %pf into %b[%c0, %c0] : tensor<?x?xf32>
  %ua = tensor.cast %a : tensor<?x?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %uc = tensor.cast %c : tensor<?x?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  return
}
