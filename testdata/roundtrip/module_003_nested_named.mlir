// builtin.module: nested named modules with attributes and symbol references across them.
module @outer attributes {gpu.container_module, my.flag} {
  module @inner_a attributes {my.level = 1 : i32} {
    func.func @leaf(%x: f32) -> f32 {
      return %x : f32
    }
  }
  module @inner_b {
    module @deeper attributes {my.level = 2 : i32} {
      func.func private @decl(f32) -> f32
    }
  }
  func.func @use(%x: f32) -> f32 attributes {refs = [@inner_a::@leaf, @inner_b::@deeper::@decl]} {
    return %x : f32
  }
}
