// Functions return a constant, a view of one, and a constant passed through a second function; each caller writes the call's result.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func private @table() -> tensor<8xf32> {
  %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  return %k : tensor<8xf32>
}

func.func private @half(%hi: i1) -> tensor<4xf32> {
  %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %s = scf.if %hi -> (tensor<4xf32>) {
    %a = tensor.extract_slice %k[4] [4] [1] : tensor<8xf32> to tensor<4xf32>
    scf.yield %a : tensor<4xf32>
  } else {
    %b = tensor.extract_slice %k[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
    scf.yield %b : tensor<4xf32>
  }
  return %s : tensor<4xf32>
}

func.func private @via() -> tensor<8xf32> {
  %t = func.call @table() : () -> tensor<8xf32>
  return %t : tensor<8xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant 1 : i1
  %v = arith.constant 10.0 : f32
  %t = func.call @table() : () -> tensor<8xf32>
  %t1 = tensor.insert %v into %t[%c0] : tensor<8xf32>
  %h = func.call @half(%true) : (i1) -> tensor<4xf32>
  %h1 = linalg.fill ins(%v : f32) outs(%h : tensor<4xf32>) -> tensor<4xf32>
  %w = func.call @via() : () -> tensor<8xf32>
  %s = tensor.extract_slice %w[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %w1 = tensor.insert_slice %h1 into %w[%c1] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %again = func.call @table() : () -> tensor<8xf32>
  %u1 = tensor.cast %t1 : tensor<8xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %h1 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %u3 = tensor.cast %w1 : tensor<8xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  %u4 = tensor.cast %s : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  %u5 = tensor.cast %again : tensor<8xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u5) : (tensor<*xf32>) -> ()
  return
}
