// tensor.concat of static and dynamic sizes, written afterwards.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @cat(%a: tensor<?xf32>, %b: tensor<3xf32>) -> tensor<?xf32> {
  %0 = tensor.concat dim(0) %a, %b : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7.0 : f32
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[3.0, 4.0, 5.0]> : tensor<3xf32>
  %s = tensor.concat dim(0) %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
  %s2 = tensor.insert %seven into %s[%c0] : tensor<5xf32>
  %u = tensor.cast %s2 : tensor<5xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %ad = tensor.cast %a : tensor<2xf32> to tensor<?xf32>
  %d = call @cat(%ad, %b) : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  %du = tensor.cast %d : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%du) : (tensor<*xf32>) -> ()
  return
}
