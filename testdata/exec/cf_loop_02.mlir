// Unstructured cf loop with separate header and body blocks, carrying two tensors; one is re-read after the loop.
// REFERENCE-NO-DEALLOC
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %acc0 = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  cf.br ^head(%acc0, %src, %c0 : tensor<4xf32>, tensor<4xf32>, index)
^head(%acc: tensor<4xf32>, %in: tensor<4xf32>, %i: index):
  %more = arith.cmpi ult, %i, %c4 : index
  cf.cond_br %more, ^body, ^exit
^body:
  %x = tensor.extract %in[%i] : tensor<4xf32>
  %y = tensor.extract %acc[%i] : tensor<4xf32>
  %s = arith.addf %x, %y : f32
  %acc2 = tensor.insert %s into %acc[%i] : tensor<4xf32>
  %ip = arith.addi %i, %c1 : index
  cf.br ^head(%acc2, %in, %ip : tensor<4xf32>, tensor<4xf32>, index)
^exit:
  %u = tensor.cast %acc : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %u0 = tensor.cast %acc0 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  return
}
