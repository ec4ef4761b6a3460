// func: `attributes {...}` dictionaries on definitions and declarations, with varied value kinds.
func.func @attrs() attributes {passthrough = ["inline", ["key", "value"]], my.level = 2 : i32, my.unit} {
  return
}

func.func private @decl() -> i1 attributes {sym.note = "declared", llvm.emit_c_interface}

func.func @both(%x: i32 {my.arg}) -> (i32 {my.res}) attributes {my.dict = {a = 1 : i64, b = [true, false]}, my.type = tensor<2xi8>} {
  return %x : i32
}
