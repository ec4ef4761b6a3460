// linalg: map and reduce with regions (short and long forms), on tensors and memrefs.
func.func @map_add(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %init = tensor.empty() : tensor<64xf32>
  %0 = linalg.map ins(%a, %b : tensor<64xf32>, tensor<64xf32>) outs(%init : tensor<64xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<64xf32>
}

func.func @reduce_rows(%a: tensor<16x32xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.reduce ins(%a : tensor<16x32xf32>) outs(%init : tensor<16xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  return %0 : tensor<16xf32>
}

func.func @reduce_memref(%a: memref<4x5x6xi32>, %o: memref<5xi32>) {
  linalg.reduce ins(%a : memref<4x5x6xi32>) outs(%o : memref<5xi32>) dimensions = [0, 2]
    (%in: i32, %acc: i32) {
      %s = arith.addi %in, %acc : i32
      linalg.yield %s : i32
    }
  return
}

func.func @map_memref(%a: memref<8xf32>, %o: memref<8xf32>) {
  linalg.map ins(%a : memref<8xf32>) outs(%o : memref<8xf32>)
    (%x: f32, %y: f32) {
      %e = math.exp %x : f32
      linalg.yield %e : f32
    }
  return
}
