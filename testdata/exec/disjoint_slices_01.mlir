// Writes into the first half of a tensor (tensor.insert into a slice, then insert_slice back) and reads of its second half afterwards: disjoint static slices of one tensor.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @halves(%t: tensor<8xf32>) -> (tensor<8xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 9.0 : f32
  %lo = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %hi = tensor.extract_slice %t[4] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %lo2 = tensor.insert %v into %lo[%c1] : tensor<4xf32>
  %t2 = tensor.insert_slice %lo2 into %t[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %e = tensor.empty() : tensor<4xf32>
  %sum = linalg.add ins(%hi, %hi : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %t2, %sum : tensor<8xf32>, tensor<4xf32>
}

func.func @main() {
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.copy ins(%src : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r, %s = func.call @halves(%a) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<4xf32>)
  %u1 = tensor.cast %r : tensor<8xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %s : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}
