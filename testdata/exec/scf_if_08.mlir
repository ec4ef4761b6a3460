// Chained scf.if results that each own a fresh buffer on one arm and pass on the argument or the previous result on the other: each is freed under its own condition, with no copy of the argument.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @widen(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %p = arith.cmpi eq, %d, %c1 : index
  %r = scf.if %p -> (tensor<?xf32>) {
    %e = tensor.empty(%n) : tensor<?xf32>
    %x = tensor.extract %a[%c0] : tensor<?xf32>
    %f = linalg.fill ins(%x : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %f : tensor<?xf32>
  } else {
    scf.yield %a : tensor<?xf32>
  }
  %d2 = tensor.dim %r, %c0 : tensor<?xf32>
  %q = arith.cmpi ult, %d2, %n : index
  %s = scf.if %q -> (tensor<?xf32>) {
    %e = tensor.empty(%n) : tensor<?xf32>
    %x = tensor.extract %r[%c0] : tensor<?xf32>
    %f = linalg.fill ins(%x : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %f : tensor<?xf32>
  } else {
    scf.yield %r : tensor<?xf32>
  }
  %o = tensor.empty(%n) : tensor<?xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%s : tensor<?xf32>) outs(%o : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.addf %in, %in : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %sum : tensor<?xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %a1 = arith.constant dense<[1.5]> : tensor<1xf32>
  %a2 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %a3 = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %d1 = tensor.cast %a1 : tensor<1xf32> to tensor<?xf32>
  %d2 = tensor.cast %a2 : tensor<2xf32> to tensor<?xf32>
  %d3 = tensor.cast %a3 : tensor<3xf32> to tensor<?xf32>
  %r1 = call @widen(%d1, %c3) : (tensor<?xf32>, index) -> tensor<?xf32>
  %r2 = call @widen(%d2, %c3) : (tensor<?xf32>, index) -> tensor<?xf32>
  %r3 = call @widen(%d3, %c3) : (tensor<?xf32>, index) -> tensor<?xf32>
  %r4 = call @widen(%d1, %c2) : (tensor<?xf32>, index) -> tensor<?xf32>
  %u1 = tensor.cast %r1 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %r2 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %u3 = tensor.cast %r3 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  %u4 = tensor.cast %r4 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  return
}
