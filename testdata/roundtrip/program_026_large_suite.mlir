// program: large multi-function suite (generated once, checked in): varied tensor kernels, loops, slices, calls.
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

func.func @ew_0(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %0 = arith.minimumf %a, %b : tensor<64xf32>
  %1 = math.floor %0 : tensor<64xf32>
  %2 = arith.subf %1, %a : tensor<64xf32>
  return %2 : tensor<64xf32>
}

func.func @loop_1(%n: index, %x: i16) -> i16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i16) {
    %ii = arith.index_cast %i : index to i16
    %s = arith.addi %acc, %ii : i16
    scf.yield %s : i16
  }
  return %r : i16
}

func.func @reduce_2(%a: tensor<4x64xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x64xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @tiles_3(%t: tensor<64xf32>, %v: f32) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %cts = arith.constant 16 : index
  %cn = arith.constant 64 : index
  %r = scf.for %i = %c0 to %cn step %cts iter_args(%acc = %t) -> (tensor<64xf32>) {
    %s = tensor.extract_slice %acc[%i] [16] [1] : tensor<64xf32> to tensor<16xf32>
    %e = tensor.empty() : tensor<16xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %a = arith.addf %s, %f : tensor<16xf32>
    %u = tensor.insert_slice %a into %acc[%i] [16] [1] : tensor<16xf32> into tensor<64xf32>
    scf.yield %u : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

func.func @raw_4(%t: tensor<4xi32>, %v: i32) -> (tensor<4xi32>, i32) {
  %ci = arith.constant 1 : index
  %cj = arith.constant 0 : index
  %w = tensor.insert %v into %t[%ci] : tensor<4xi32>
  %r = tensor.extract %t[%ci] : tensor<4xi32>
  %w2 = tensor.insert %r into %w[%cj] : tensor<4xi32>
  return %w2, %r : tensor<4xi32>, i32
}

func.func @mm_5(%a: tensor<4x8xf32>, %b: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

func.func @ew_6(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = arith.subf %a, %b : tensor<8xf32>
  %1 = math.tanh %0 : tensor<8xf32>
  %2 = arith.minnumf %1, %a : tensor<8xf32>
  return %2 : tensor<8xf32>
}

func.func @loop_7(%n: index, %x: i16) -> i16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i16) {
    %ii = arith.index_cast %i : index to i16
    %s = arith.maxsi %acc, %ii : i16
    scf.yield %s : i16
  }
  return %r : i16
}

func.func @reduce_8(%a: tensor<4x64xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x64xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @tiles_9(%t: tensor<32xf32>, %v: f32) -> tensor<32xf32> {
  %c0 = arith.constant 0 : index
  %cts = arith.constant 16 : index
  %cn = arith.constant 32 : index
  %r = scf.for %i = %c0 to %cn step %cts iter_args(%acc = %t) -> (tensor<32xf32>) {
    %s = tensor.extract_slice %acc[%i] [16] [1] : tensor<32xf32> to tensor<16xf32>
    %e = tensor.empty() : tensor<16xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %a = arith.addf %s, %f : tensor<16xf32>
    %u = tensor.insert_slice %a into %acc[%i] [16] [1] : tensor<16xf32> into tensor<32xf32>
    scf.yield %u : tensor<32xf32>
  }
  return %r : tensor<32xf32>
}

func.func @raw_10(%t: tensor<64xi32>, %v: i32) -> (tensor<64xi32>, i32) {
  %ci = arith.constant 7 : index
  %cj = arith.constant 50 : index
  %w = tensor.insert %v into %t[%ci] : tensor<64xi32>
  %r = tensor.extract %t[%ci] : tensor<64xi32>
  %w2 = tensor.insert %r into %w[%cj] : tensor<64xi32>
  return %w2, %r : tensor<64xi32>, i32
}

func.func @mm_11(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

func.func @ew_12(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %0 = arith.mulf %a, %b : tensor<64xf32>
  %1 = math.floor %0 : tensor<64xf32>
  %2 = arith.minnumf %1, %a : tensor<64xf32>
  return %2 : tensor<64xf32>
}

func.func @loop_13(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    %ii = arith.index_cast %i : index to i32
    %s = arith.subi %acc, %ii : i32
    scf.yield %s : i32
  }
  return %r : i32
}

func.func @reduce_14(%a: tensor<64x16xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %0 = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<64x16xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.mulf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

func.func @tiles_15(%t: tensor<128xf32>, %v: f32) -> tensor<128xf32> {
  %c0 = arith.constant 0 : index
  %cts = arith.constant 4 : index
  %cn = arith.constant 128 : index
  %r = scf.for %i = %c0 to %cn step %cts iter_args(%acc = %t) -> (tensor<128xf32>) {
    %s = tensor.extract_slice %acc[%i] [4] [1] : tensor<128xf32> to tensor<4xf32>
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %a = arith.addf %s, %f : tensor<4xf32>
    %u = tensor.insert_slice %a into %acc[%i] [4] [1] : tensor<4xf32> into tensor<128xf32>
    scf.yield %u : tensor<128xf32>
  }
  return %r : tensor<128xf32>
}

func.func @raw_16(%t: tensor<4xi32>, %v: i32) -> (tensor<4xi32>, i32) {
  %ci = arith.constant 1 : index
  %cj = arith.constant 3 : index
  %w = tensor.insert %v into %t[%ci] : tensor<4xi32>
  %r = tensor.extract %t[%ci] : tensor<4xi32>
  %w2 = tensor.insert %r into %w[%cj] : tensor<4xi32>
  return %w2, %r : tensor<4xi32>, i32
}

func.func @mm_17(%a: tensor<4x16xf32>, %b: tensor<16x16xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

func.func @ew_18(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %0 = arith.subf %a, %b : tensor<16xf32>
  %1 = math.exp %0 : tensor<16xf32>
  %2 = arith.maximumf %1, %a : tensor<16xf32>
  return %2 : tensor<16xf32>
}

func.func @loop_19(%n: index, %x: i16) -> i16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i16) {
    %ii = arith.index_cast %i : index to i16
    %s = arith.andi %acc, %ii : i16
    scf.yield %s : i16
  }
  return %r : i16
}

func.func @reduce_20(%a: tensor<32x64xf32>, %init: tensor<32xf32>) -> tensor<32xf32> {
  %0 = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<32x64xf32>) outs(%init : tensor<32xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.maximumf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

func.func @tiles_21(%t: tensor<64xf32>, %v: f32) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %cts = arith.constant 8 : index
  %cn = arith.constant 64 : index
  %r = scf.for %i = %c0 to %cn step %cts iter_args(%acc = %t) -> (tensor<64xf32>) {
    %s = tensor.extract_slice %acc[%i] [8] [1] : tensor<64xf32> to tensor<8xf32>
    %e = tensor.empty() : tensor<8xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %a = arith.addf %s, %f : tensor<8xf32>
    %u = tensor.insert_slice %a into %acc[%i] [8] [1] : tensor<8xf32> into tensor<64xf32>
    scf.yield %u : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

func.func @raw_22(%t: tensor<64xi32>, %v: i32) -> (tensor<64xi32>, i32) {
  %ci = arith.constant 58 : index
  %cj = arith.constant 46 : index
  %w = tensor.insert %v into %t[%ci] : tensor<64xi32>
  %r = tensor.extract %t[%ci] : tensor<64xi32>
  %w2 = tensor.insert %r into %w[%cj] : tensor<64xi32>
  return %w2, %r : tensor<64xi32>, i32
}

func.func @mm_23(%a: tensor<8x4xf32>, %b: tensor<4x4xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x4xf32>) outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

func.func @ew_24(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %0 = arith.divf %a, %b : tensor<64xf32>
  %1 = math.sin %0 : tensor<64xf32>
  %2 = arith.addf %1, %a : tensor<64xf32>
  return %2 : tensor<64xf32>
}

func.func @loop_25(%n: index, %x: i16) -> i16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i16) {
    %ii = arith.index_cast %i : index to i16
    %s = arith.minui %acc, %ii : i16
    scf.yield %s : i16
  }
  return %r : i16
}

func.func @reduce_26(%a: tensor<16x32xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<16x32xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.maximumf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

func.func @tiles_27(%t: tensor<128xf32>, %v: f32) -> tensor<128xf32> {
  %c0 = arith.constant 0 : index
  %cts = arith.constant 4 : index
  %cn = arith.constant 128 : index
  %r = scf.for %i = %c0 to %cn step %cts iter_args(%acc = %t) -> (tensor<128xf32>) {
    %s = tensor.extract_slice %acc[%i] [4] [1] : tensor<128xf32> to tensor<4xf32>
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %a = arith.addf %s, %f : tensor<4xf32>
    %u = tensor.insert_slice %a into %acc[%i] [4] [1] : tensor<4xf32> into tensor<128xf32>
    scf.yield %u : tensor<128xf32>
  }
  return %r : tensor<128xf32>
}

func.func @raw_28(%t: tensor<4xi32>, %v: i32) -> (tensor<4xi32>, i32) {
  %ci = arith.constant 3 : index
  %cj = arith.constant 0 : index
  %w = tensor.insert %v into %t[%ci] : tensor<4xi32>
  %r = tensor.extract %t[%ci] : tensor<4xi32>
  %w2 = tensor.insert %r into %w[%cj] : tensor<4xi32>
  return %w2, %r : tensor<4xi32>, i32
}

func.func @mm_29(%a: tensor<8x8xf32>, %b: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x4xf32>) outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

func.func @ew_30(%a: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<32xf32> {
  %0 = arith.maxnumf %a, %b : tensor<32xf32>
  %1 = math.tanh %0 : tensor<32xf32>
  %2 = arith.addf %1, %a : tensor<32xf32>
  return %2 : tensor<32xf32>
}

func.func @loop_31(%n: index, %x: i16) -> i16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i16) {
    %ii = arith.index_cast %i : index to i16
    %s = arith.xori %acc, %ii : i16
    scf.yield %s : i16
  }
  return %r : i16
}

func.func @reduce_32(%a: tensor<16x16xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<16x16xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.mulf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

func.func @tiles_33(%t: tensor<64xf32>, %v: f32) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %cts = arith.constant 16 : index
  %cn = arith.constant 64 : index
  %r = scf.for %i = %c0 to %cn step %cts iter_args(%acc = %t) -> (tensor<64xf32>) {
    %s = tensor.extract_slice %acc[%i] [16] [1] : tensor<64xf32> to tensor<16xf32>
    %e = tensor.empty() : tensor<16xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %a = arith.addf %s, %f : tensor<16xf32>
    %u = tensor.insert_slice %a into %acc[%i] [16] [1] : tensor<16xf32> into tensor<64xf32>
    scf.yield %u : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

func.func @raw_34(%t: tensor<32xi32>, %v: i32) -> (tensor<32xi32>, i32) {
  %ci = arith.constant 4 : index
  %cj = arith.constant 5 : index
  %w = tensor.insert %v into %t[%ci] : tensor<32xi32>
  %r = tensor.extract %t[%ci] : tensor<32xi32>
  %w2 = tensor.insert %r into %w[%cj] : tensor<32xi32>
  return %w2, %r : tensor<32xi32>, i32
}

func.func @mm_35(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

func.func @driver(%a: tensor<64xf32>) -> tensor<64xf32> {
  %d0 = call @ew_0(%a, %a) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %d1 = call @ew_12(%d0, %a) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %d2 = call @ew_24(%d1, %a) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  return %d2 : tensor<64xf32>
}
