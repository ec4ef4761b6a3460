// names: block labels of varied spellings (^bb0, ^entry, ^a.b_c, ^123) and block argument names.
func.func @labels(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^then_branch(%x : i32), ^else.branch
^then_branch(%t_arg: i32):
  cf.br ^join$1(%t_arg : i32)
^else.branch:
  %z = arith.constant 0 : i32
  cf.br ^join$1(%z : i32)
^join$1(%v.0: i32):
  cf.br ^bb99(%v.0 : i32)
^bb99(%final: i32):
  return %final : i32
}
