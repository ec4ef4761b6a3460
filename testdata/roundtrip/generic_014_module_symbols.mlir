// generic: nested builtin.module ops with sym_name, symbol visibility and discardable attrs, generic func decls.
"builtin.module"() <{sym_name = "top"}> ({
  "builtin.module"() <{sym_name = "lib", sym_visibility = "private"}> ({
    "func.func"() <{function_type = (f32) -> f32, sym_name = "sq", sym_visibility = "private"}> ({
    }) : () -> ()
  }) {lib.version = 2 : i32} : () -> ()
  "func.func"() <{arg_attrs = [{bufferization.writable = true}], function_type = (tensor<4xf32>) -> tensor<4xf32>, res_attrs = [{my.res}], sym_name = "main"}> ({
  ^bb0(%arg0: tensor<4xf32>):
    "func.return"(%arg0) : (tensor<4xf32>) -> ()
  }) {my.entry} : () -> ()
}) {my.top = "yes"} : () -> ()
