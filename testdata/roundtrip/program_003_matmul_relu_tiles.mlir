// program: tiled matmul + relu over tensors with extract_slice/insert_slice inside nested scf.for.
!A = tensor<128x64xf32>
!B = tensor<64x256xf32>
!C = tensor<128x256xf32>

func.func @mm_relu(%a: !A, %b: !B) -> !C {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : !C
  %init = linalg.fill ins(%zero : f32) outs(%e : !C) -> !C
  %r = scf.for %i = %c0 to %c128 step %c32 iter_args(%acc = %init) -> (!C) {
    %r2 = scf.for %j = %c0 to %c256 step %c32 iter_args(%acc2 = %acc) -> (!C) {
      %sa = tensor.extract_slice %a[%i, 0] [32, 64] [1, 1] : !A to tensor<32x64xf32>
      %sb = tensor.extract_slice %b[0, %j] [64, 32] [1, 1] : !B to tensor<64x32xf32>
      %sc = tensor.extract_slice %acc2[%i, %j] [32, 32] [1, 1] : !C to tensor<32x32xf32>
      %mm = linalg.matmul ins(%sa, %sb : tensor<32x64xf32>, tensor<64x32xf32>) outs(%sc : tensor<32x32xf32>) -> tensor<32x32xf32>
      %relu = linalg.map ins(%mm : tensor<32x32xf32>) outs(%sc : tensor<32x32xf32>)
        (%x: f32, %o: f32) {
          %m = arith.maximumf %x, %zero : f32
          linalg.yield %m : f32
        }
      %ins = tensor.insert_slice %relu into %acc2[%i, %j] [32, 32] [1, 1] : tensor<32x32xf32> into !C
      scf.yield %ins : !C
    }
    scf.yield %r2 : !C
  }
  return %r : !C
}
