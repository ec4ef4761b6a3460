// generic: scf.for, scf.if and scf.yield written in generic form inside a pretty function.
func.func @scf_generic(%n: index, %c: i1) -> index {
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  %0 = "scf.for"(%c0, %n, %c1, %c0) ({
  ^bb0(%i: index, %acc: index):
    %1 = "arith.addi"(%acc, %i) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    "scf.yield"(%1) : (index) -> ()
  }) : (index, index, index, index) -> index
  %2 = "scf.if"(%c) ({
    "scf.yield"(%0) : (index) -> ()
  }, {
    "scf.yield"(%c0) : (index) -> ()
  }) : (i1) -> index
  return %2 : index
}
