// Elementwise linalg.generic with two inputs into tensor.empty, then in place on its own output (reads the out operand).
#id = affine_map<(d0) -> (d0)>
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %b = arith.constant dense<[10.0, 20.0, 30.0, 40.0, 50.0, 60.0]> : tensor<6xf32>
  %e = tensor.empty() : tensor<6xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<6xf32>, tensor<6xf32>) outs(%e : tensor<6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %t = arith.addf %x, %y : f32
    linalg.yield %t : f32
  } -> tensor<6xf32>
  // Accumulate %a into %s's buffer: reads the output operand.
  %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<6xf32>) outs(%s : tensor<6xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = arith.addf %o, %x : f32
    linalg.yield %t : f32
  } -> tensor<6xf32>
  %us = tensor.cast %s : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  %ud = tensor.cast %d : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ud) : (tensor<*xf32>) -> ()
  return
}
