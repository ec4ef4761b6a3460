// builtin.module: explicit module containing an unnamed nested module and an empty named one.
module {
  module {
    func.func private @ext(i64) -> i64
  }
  module @empty {
  }
  func.func @main() {
    return
  }
}
