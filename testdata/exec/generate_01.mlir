// tensor.generate (static and dynamic) computing values from indices; the generated tensor is then updated.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 5 : index
  %v = arith.constant 100.0 : f32
  %g = tensor.generate {
  ^bb0(%i: index, %j: index):
    %k = arith.muli %i, %c3 : index
    %l = arith.addi %k, %j : index
    %li = arith.index_cast %l : index to i32
    %lf = arith.sitofp %li : i32 to f32
    tensor.yield %lf : f32
  } : tensor<2x3xf32>
  %d = tensor.generate %n {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %f2 = arith.addf %f, %f : f32
    tensor.yield %f2 : f32
  } : tensor<?xf32>
  %g2 = tensor.insert %v into %g[%c0, %c0] : tensor<2x3xf32>
  %x = tensor.extract %g[%c0, %c0] : tensor<2x3xf32>
  %d2 = tensor.insert %x into %d[%c3] : tensor<?xf32>
  %ug = tensor.cast %g2 : tensor<2x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ug) : (tensor<*xf32>) -> ()
  %ud = tensor.cast %d2 : tensor<?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()
  return
}
