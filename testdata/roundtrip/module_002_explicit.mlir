// builtin.module: explicit unnamed top-level module with attributes.
module attributes {my.placeholder = "x", test.version = 3 : i64} {
  func.func @f(%x: index) -> index {
    return %x : index
  }
}
