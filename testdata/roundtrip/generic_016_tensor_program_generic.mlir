// generic: a small bufferization-relevant tensor program (empty, fill, matmul, insert) entirely in generic form.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x4xf32>, tensor<4x4xf32>, f32) -> tensor<4x4xf32>, sym_name = "mm_insert"}> ({
  ^bb0(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %v: f32):
    %z = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %e = "tensor.empty"() : () -> tensor<4x4xf32>
    %f = "linalg.fill"(%z, %e) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%in: f32, %out: f32):
      "linalg.yield"(%in) : (f32) -> ()
    }) : (f32, tensor<4x4xf32>) -> tensor<4x4xf32>
    %m = "linalg.matmul"(%a, %b, %f) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%x: f32, %y: f32, %acc: f32):
      %p = "arith.mulf"(%x, %y) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %s = "arith.addf"(%acc, %p) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%s) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]} : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %r = "tensor.insert"(%v, %m, %c0, %c0) : (f32, tensor<4x4xf32>, index, index) -> tensor<4x4xf32>
    "func.return"(%r) : (tensor<4x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
