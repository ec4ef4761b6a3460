// A cf function returns a buffer carried by a cf loop's block argument, made fresh on one branch and copied from an argument on the other.
// REFERENCE-NO-DEALLOC
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @pick(%a: tensor<4xf32>, %c: i1, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  cf.cond_br %c, ^fresh, ^copy
^fresh:
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  cf.br ^loop(%c0, %f : index, tensor<4xf32>)
^copy:
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  %y = arith.addf %x, %one : f32
  %g = tensor.insert %y into %a[%c1] : tensor<4xf32>
  cf.br ^loop(%c0, %g : index, tensor<4xf32>)
^loop(%i: index, %t: tensor<4xf32>):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %v = tensor.extract %t[%i] : tensor<4xf32>
  %w = arith.addf %v, %one : f32
  %u = tensor.insert %w into %t[%i] : tensor<4xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^loop(%i1, %u : index, tensor<4xf32>)
^exit:
  return %t : tensor<4xf32>
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %t = arith.constant 1 : i1
  %f = arith.constant 0 : i1
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r1 = func.call @pick(%a, %t, %c2) : (tensor<4xf32>, i1, index) -> tensor<4xf32>
  %r2 = func.call @pick(%a, %f, %c2) : (tensor<4xf32>, i1, index) -> tensor<4xf32>
  %u1 = tensor.cast %r1 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %r2 : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}
