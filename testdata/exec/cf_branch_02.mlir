// Diamond in @main itself: both arms pass two tensors (in swapped order on one arm) to the join block.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %e2 = tensor.empty() : tensor<3xf32>
  %b = linalg.fill ins(%two : f32) outs(%e2 : tensor<3xf32>) -> tensor<3xf32>
  %x = tensor.extract %b[%c0] : tensor<3xf32>
  %cond = arith.cmpf ogt, %x, %one : f32
  cf.cond_br %cond, ^swap(%a, %b : tensor<3xf32>, tensor<3xf32>), ^keep
^swap(%p: tensor<3xf32>, %q: tensor<3xf32>):
  %p2 = tensor.insert %two into %p[%c1] : tensor<3xf32>
  cf.br ^join(%q, %p2 : tensor<3xf32>, tensor<3xf32>)
^keep:
  cf.br ^join(%a, %b : tensor<3xf32>, tensor<3xf32>)
^join(%m: tensor<3xf32>, %n: tensor<3xf32>):
  %y = tensor.extract %m[%c0] : tensor<3xf32>
  %n2 = tensor.insert %y into %n[%c0] : tensor<3xf32>
  %um = tensor.cast %m : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%um) : (tensor<*xf32>) -> ()
  %un = tensor.cast %n2 : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%un) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
