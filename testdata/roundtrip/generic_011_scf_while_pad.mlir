// generic: scf.while with two regions, tensor.pad with static_low/static_high properties, in generic form.
"func.func"() <{function_type = (i64, tensor<3xf32>, index) -> (i64, tensor<?xf32>), sym_name = "loop_pad"}> ({
^bb0(%n: i64, %t: tensor<3xf32>, %hi: index):
  %lim = "arith.constant"() <{value = 100 : i64}> : () -> i64
  %two = "arith.constant"() <{value = 2 : i64}> : () -> i64
  %w = "scf.while"(%n) ({
  ^bb0(%a: i64):
    %lt = "arith.cmpi"(%a, %lim) <{predicate = 2 : i64}> : (i64, i64) -> i1
    "scf.condition"(%lt, %a) : (i1, i64) -> ()
  }, {
  ^bb0(%b: i64):
    %d = "arith.muli"(%b, %two) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    "scf.yield"(%d) : (i64) -> ()
  }) : (i64) -> i64
  %zero = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
  %p = "tensor.pad"(%t, %hi) <{operandSegmentSizes = array<i32: 1, 0, 1>, static_high = array<i64: -9223372036854775808>, static_low = array<i64: 1>}> ({
  ^bb0(%i: index):
    "tensor.yield"(%zero) : (f32) -> ()
  }) : (tensor<3xf32>, index) -> tensor<?xf32>
  "func.return"(%w, %p) : (i64, tensor<?xf32>) -> ()
}) : () -> ()
