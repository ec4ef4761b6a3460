// generic: cf.br / cf.cond_br / cf.switch written in generic form with operandSegmentSizes properties.
func.func @cf_generic(%c: i1, %x: i32, %flag: i32) -> i32 {
  "cf.cond_br"(%c, %x, %x)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
^bb1(%a: i32):
  "cf.br"(%a)[^bb3] : (i32) -> ()
^bb2(%b: i32):
  "cf.switch"(%flag, %b, %b)[^bb3, ^bb3, ^bb4] <{case_operand_segments = array<i32: 1, 0>, case_values = dense<[5, 9]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()
^bb3(%r: i32):
  "func.return"(%r) : (i32) -> ()
^bb4:
  "func.return"(%x) : (i32) -> ()
}
