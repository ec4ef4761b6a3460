// func: the older form of a function with a body, argument types in the signature and names in the entry block's header; a labelled entry block without arguments.
module {
  func.func @unnamed(i32, i64) -> i64 {
  ^bb42(%a: i32, %f: i64):
    %0 = "foo.use"(%a, %f) : (i32, i64) -> i64
    return %0 : i64
  }
  func.func @labelled() {
  ^bb0():
    return
  }
  func.func @labelled_branches() {
  ^entry:
    %c = "foo.cond"() : () -> i1
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    return
  ^bb2:
    return
  }
}
