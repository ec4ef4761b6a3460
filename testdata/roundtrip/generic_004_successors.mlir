// generic: unknown-dialect terminators with successors (with and without operands) and multi-block regions.
func.func @succ(%c: i1, %x: i32) -> i32 {
  "mydialect.br"(%c, %x) [^bb1, ^bb2] : (i1, i32) -> ()
^bb1:
  "mydialect.jump"()[^bb3] : () -> ()
^bb2:
  %y = "mydialect.op"(%x) : (i32) -> i32
  "cf.br"(%y)[^bb4] : (i32) -> ()
^bb3:
  "cf.br"(%x)[^bb4] : (i32) -> ()
^bb4(%r: i32):
  return %r : i32
}

func.func @in_region(%x: i32) {
  "mydialect.graph"() ({
  ^entry:
    "mydialect.goto"()[^next] {weight = 3 : i32} : () -> ()
  ^next:
    "mydialect.end"() : () -> ()
  }) : () -> ()
  return
}
