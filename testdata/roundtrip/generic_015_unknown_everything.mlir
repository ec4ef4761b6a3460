// generic: unknown ops using unknown types/attrs, zero-region/zero-operand forms, empty region, empty dict.
func.func @everything(%h: !mydialect.handle) -> !mydialect.handle {
  %0 = "mydialect.open"(%h) {mode = #mydialect.mode<rw>, path = "/tmp/x"} : (!mydialect.handle) -> !mydialect.handle
  "mydialect.noop"() {} : () -> ()
  %1 = "mydialect.wrap"(%0) ({
  }) : (!mydialect.handle) -> !mydialect.handle
  %2:3 = "mydialect.triple"() : () -> (i1, !mydialect.token, tensor<?x!mydialect.elt>)
  "mydialect.consume"(%2#0, %2#1, %2#2) : (i1, !mydialect.token, tensor<?x!mydialect.elt>) -> ()
  %3 = "mydialect.with_fn"(%1) {callback = @everything, sig = (i32) -> i32} : (!mydialect.handle) -> !mydialect.handle
  return %3 : !mydialect.handle
}
