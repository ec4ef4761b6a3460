// Blocks listed before the blocks that dominate them: the exit block comes first and writes the tensor the loop header carries (a value of a block listed after it), and the loop's body comes before its header. The reference cannot bufferize it (could not infer buffer type of block argument).
// REFERENCE-REJECTS
// EXPECTED-DATA: [0,  7.5,  0,  0]
// EXPECTED-DATA: [0,  0,  0,  0]
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @accumulate(%n: index, %v: f32, %init: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0, %init : index, tensor<4xf32>)
^exit:
  %w = tensor.insert %first into %acc[%c0] : tensor<4xf32>
  return %w : tensor<4xf32>
^body(%i: index, %t: tensor<4xf32>):
  %old = tensor.extract %t[%c1] : tensor<4xf32>
  %new = arith.addf %old, %v : f32
  %u = tensor.insert %new into %t[%c1] : tensor<4xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next, %u : index, tensor<4xf32>)
^header(%j: index, %acc: tensor<4xf32>):
  %first = tensor.extract %init[%c1] : tensor<4xf32>
  %more = arith.cmpi slt, %j, %n : index
  cf.cond_br %more, ^body(%j, %acc : index, tensor<4xf32>), ^exit
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %v = arith.constant 2.5 : f32
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @accumulate(%c3, %v, %init) : (index, f32, tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %i = tensor.cast %init : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%i) : (tensor<*xf32>) -> ()
  return
}
