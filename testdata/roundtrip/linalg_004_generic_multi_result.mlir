// linalg: generic with two outputs (multiple results), linalg.index, and mixed element types.
#m1 = affine_map<(d0) -> (d0)>

func.func @split(%a: tensor<?xf32>, %o1: tensor<?xf32>, %o2: tensor<?xi32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %r:2 = linalg.generic {indexing_maps = [#m1, #m1, #m1], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%o1, %o2 : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%x: f32, %y: f32, %z: i32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %f = math.floor %x : f32
    %c = arith.fptosi %f : f32 to i32
    %s = arith.addi %c, %ii : i32
    linalg.yield %f, %s : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xi32>
}

func.func @argmax(%a: tensor<10xf32>, %v: tensor<f32>, %i: tensor<i64>) -> (tensor<f32>, tensor<i64>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>],
                         iterator_types = ["reduction"]}
      ins(%a : tensor<10xf32>) outs(%v, %i : tensor<f32>, tensor<i64>) {
  ^bb0(%x: f32, %best: f32, %bi: i64):
    %idx = linalg.index 0 : index
    %ci = arith.index_cast %idx : index to i64
    %gt = arith.cmpf ogt, %x, %best : f32
    %nv = arith.select %gt, %x, %best : f32
    %ni = arith.select %gt, %ci, %bi : i64
    linalg.yield %nv, %ni : f32, i64
  } -> (tensor<f32>, tensor<i64>)
  return %r#0, %r#1 : tensor<f32>, tensor<i64>
}
