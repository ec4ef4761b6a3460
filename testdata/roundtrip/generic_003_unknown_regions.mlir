// generic: unknown-dialect ops with one and several regions, region block arguments and nested regions.
func.func @regions(%x: i32) -> i32 {
  %0 = "mydialect.loop"(%x) ({
  ^bb0(%iv: index, %acc: i32):
    %1 = "mydialect.step"(%acc) : (i32) -> i32
    "mydialect.yield"(%1) : (i32) -> ()
  }) {trip = 4 : i64} : (i32) -> i32
  %2 = "mydialect.if"(%0) ({
    "mydialect.yield"(%0) : (i32) -> ()
  }, {
    %3 = "mydialect.neg"(%0) : (i32) -> i32
    "mydialect.yield"(%3) : (i32) -> ()
  }) : (i32) -> i32
  "mydialect.scope"() ({
    "mydialect.inner"() ({
      "mydialect.leaf"() : () -> ()
    }) : () -> ()
  }, {
  }) : () -> ()
  return %2 : i32
}
