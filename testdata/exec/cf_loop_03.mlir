// Unstructured cf loop in a callee that fills slices of its argument; the caller reads the argument afterwards.
// REFERENCE-NO-DEALLOC
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @stripes(%t: tensor<6xf32>) -> tensor<6xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %nine = arith.constant 9.0 : f32
  cf.br ^loop(%t, %c0 : tensor<6xf32>, index)
^loop(%cur: tensor<6xf32>, %i: index):
  %s = tensor.extract_slice %cur[%i] [1] [1] : tensor<6xf32> to tensor<1xf32>
  %f = linalg.fill ins(%nine : f32) outs(%s : tensor<1xf32>) -> tensor<1xf32>
  %next = tensor.insert_slice %f into %cur[%i] [1] [1] : tensor<1xf32> into tensor<6xf32>
  %ip = arith.addi %i, %c2 : index
  %more = arith.cmpi ult, %ip, %c6 : index
  cf.cond_br %more, ^loop(%next, %ip : tensor<6xf32>, index), ^out
^out:
  return %next : tensor<6xf32>
}

func.func @main() {
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %e = tensor.empty() : tensor<6xf32>
  %a = linalg.copy ins(%src : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = func.call @stripes(%a) : (tensor<6xf32>) -> tensor<6xf32>
  %r2 = func.call @stripes(%src) : (tensor<6xf32>) -> tensor<6xf32>
  %ur = tensor.cast %r : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %ur2 = tensor.cast %r2 : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur2) : (tensor<*xf32>) -> ()
  return
}
