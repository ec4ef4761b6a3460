// generic: unknown ops with [successors] <{properties}> (regions) {attrs} all together, in that order.
func.func @props(%x: i32, %c: i1) -> i32 {
  %0 = "mydialect.p"(%x) <{p = 1 : i64, q = "s"}> {d = 2 : i64} : (i32) -> i32
  "mydialect.cond"(%c, %0)[^bb1, ^bb2] <{kind = #mydialect.kind<both>}> {likely = true} : (i1, i32) -> ()
^bb1:
  %1 = "mydialect.r"(%0) <{n = [1, 2]}> ({
    "mydialect.t"() : () -> ()
  }) {tag} : (i32) -> i32
  return %1 : i32
^bb2:
  return %x : i32
}
