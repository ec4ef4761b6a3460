// types: dialect types kept verbatim: !llvm.ptr, unknown !my.type with params, nested in containers.
func.func private @ptrs(!llvm.ptr, !llvm.ptr<1>) -> !llvm.ptr

func.func @unknown(%a: !my.handle, %b: !my.thing<"x", 4, [1, 2]>, %c: !foo.bar<i32, tensor<2xf32>>) -> !my.handle {
  %0 = "my.combine"(%a, %b, %c) : (!my.handle, !my.thing<"x", 4, [1, 2]>, !foo.bar<i32, tensor<2xf32>>) -> !my.handle
  return %0 : !my.handle
}

func.func @in_containers(%t: tuple<!my.handle, i32>) -> tuple<!my.handle, i32> {
  return %t : tuple<!my.handle, i32>
}

func.func @opaque_body(%x: !my.t<{nested = "braces"}>) -> !my.t<{nested = "braces"}> {
  return %x : !my.t<{nested = "braces"}>
}
