// names: forward references: values from dominating blocks used much later, labels referenced before definition.
func.func @forward(%n: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %base = arith.addi %n, %one : i32
  cf.br ^cond(%zero : i32)
^body(%k: i32):
  %k1 = arith.addi %k, %one : i32
  cf.br ^cond(%k1 : i32)
^cond(%i: i32):
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^body(%i : i32), ^exit
^exit:
  %r = arith.muli %base, %base : i32
  return %r : i32
}

func.func @graph_region() {
  "test.graph"() ({
    %a = "test.use"(%b) : (i32) -> i32
    %b = "test.def"(%a) : (i32) -> i32
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}
