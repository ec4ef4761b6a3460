// attrs: dialect attributes followed by a type, which MLIR's attribute parser takes as theirs (kept by unknown dialects, dropped by attributes that have none).
module {
  ml_program.global private mutable @g(#ml_program.extern : tensor<4xi32>) : tensor<?xi32>
  func.func @f() {
    "foo.op"() {a = #foo.attr : i32, b = #foo.tag<"x"> : tensor<2xf32>, c = [#foo.elem : i8, 3]} : () -> ()
    "foo.op"() {d = #emitc.opaque<"x"> : i32} : () -> ()
    return
  }
}
