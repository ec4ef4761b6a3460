// scf.forall in a callee on its argument (each thread bumps one element of a tile); the caller re-reads the argument.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @tiles(%t: tensor<6xf32>) -> tensor<6xf32> {
  %c0 = arith.constant 0 : index
  %ten = arith.constant 10.0 : f32
  %r = scf.forall (%i) in (3) shared_outs(%o = %t) -> (tensor<6xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %s = tensor.extract_slice %o[%off] [2] [1] : tensor<6xf32> to tensor<2xf32>
    %x = tensor.extract %s[%c0] : tensor<2xf32>
    %y = arith.addf %x, %ten : f32
    %s2 = tensor.insert %y into %s[%c0] : tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s2 into %o[%off] [2] [1] : tensor<2xf32> into tensor<6xf32>
    }
  }
  return %r : tensor<6xf32>
}

func.func @main() {
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %e = tensor.empty() : tensor<6xf32>
  %a = linalg.copy ins(%src : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = func.call @tiles(%a) : (tensor<6xf32>) -> tensor<6xf32>
  %r2 = func.call @tiles(%r) : (tensor<6xf32>) -> tensor<6xf32>
  %ur = tensor.cast %r : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  %ur2 = tensor.cast %r2 : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ur2) : (tensor<*xf32>) -> ()
  %ua = tensor.cast %a : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  return
}
