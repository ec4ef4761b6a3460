// attrs: unknown dialect attributes as discardable attributes on ops, funcs, args and modules.
module attributes {foo.module_attr = #foo.version<2>} {
  func.func @f(%x: i32 {foo.arg = #foo.arg_info<"in">}) -> i32 attributes {foo.bar = #foo.baz<1>} {
    %0 = arith.addi %x, %x {foo.tag = #foo.tag<"hot", [1, 2]>} : i32
    %1 = "foo.op"(%0) {foo.opaque = #foo<"raw body">, foo.nested = #foo.outer<#foo.inner<3>>} : (i32) -> i32
    return {foo.ret = #foo.marker} %1 : i32
  }
}
