// attrs: type attributes ({t = i32}) and symbol references (flat, nested @a::@b::@c) on ops.
func.func @refs() attributes {t = i32, tt = tensor<?x4xf32>, fnref = @refs, nested = @a::@b, deep = @x::@y::@z} {
  "test.op"() {callee = @some_fn, list = [@f, @g::@h], ty = memref<4xf32, 1>, ty2 = !my.type, q = @"quoted name"} : () -> ()
  return
}
