// scf.while carrying a tensor: doubles element 0 until it reaches a limit, writing a counter into the tail.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %lim = arith.constant 40.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.while (%t = %a) : (tensor<4xf32>) -> tensor<4xf32> {
    %x = tensor.extract %t[%c0] : tensor<4xf32>
    %go = arith.cmpf olt, %x, %lim : f32
    scf.condition(%go) %t : tensor<4xf32>
  } do {
  ^bb0(%t: tensor<4xf32>):
    %x = tensor.extract %t[%c0] : tensor<4xf32>
    %x2 = arith.addf %x, %x : f32
    %n = tensor.extract %t[%c3] : tensor<4xf32>
    %n2 = arith.addf %n, %one : f32
    %t1 = tensor.insert %x2 into %t[%c0] : tensor<4xf32>
    %t2 = tensor.insert %n2 into %t1[%c3] : tensor<4xf32>
    scf.yield %t2 : tensor<4xf32>
  }
  %ur = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
