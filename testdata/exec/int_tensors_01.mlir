// Integer tensors: i64 linalg.add and insert/extract RaW, i32 linalg.generic, printed with printMemrefI64/I32.
#id = affine_map<(d0) -> (d0)>
func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %seven = arith.constant 7 : i64
  %a = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
  %e = tensor.empty() : tensor<3xi64>
  %b = linalg.fill ins(%seven : i64) outs(%e : tensor<3xi64>) -> tensor<3xi64>
  %s = linalg.add ins(%a, %b : tensor<3xi64>, tensor<3xi64>) outs(%b : tensor<3xi64>) -> tensor<3xi64>
  %x = tensor.extract %s[%c0] : tensor<3xi64>
  %s2 = tensor.insert %x into %s[%c2] : tensor<3xi64>
  %i = arith.constant dense<[5, -3, 8, 0]> : tensor<4xi32>
  %e2 = tensor.empty() : tensor<4xi32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%i : tensor<4xi32>) outs(%e2 : tensor<4xi32>) {
  ^bb0(%v: i32, %o: i32):
    %m = arith.muli %v, %v : i32
    linalg.yield %m : i32
  } -> tensor<4xi32>
  %us = tensor.cast %s2 : tensor<3xi64> to tensor<*xi64>
  func.call @printMemrefI64(%us) : (tensor<*xi64>) -> ()
  %ua = tensor.cast %a : tensor<3xi64> to tensor<*xi64>
  func.call @printMemrefI64(%ua) : (tensor<*xi64>) -> ()
  %ug = tensor.cast %g : tensor<4xi32> to tensor<*xi32>
  func.call @printMemrefI32(%ug) : (tensor<*xi32>) -> ()
  return
}
