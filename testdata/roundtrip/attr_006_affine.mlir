// attrs: affine_map and affine_set attributes of varied shapes (symbols, mod/floordiv/ceildiv, constants, empty).
func.func @affine_attrs() {
  "test.op"() {m0 = affine_map<() -> ()>,
               m1 = affine_map<(d0) -> (d0)>,
               m2 = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 4 - 2)>,
               m3 = affine_map<(d0) -> (d0 mod 8, d0 floordiv 8, d0 ceildiv 3)>,
               m4 = affine_map<(d0, d1) -> (0, d1, 5)>,
               m5 = affine_map<()[s0, s1] -> (s0 * s1)>,
               s0 = affine_set<(d0) : (d0 >= 0)>,
               s1 = affine_set<(d0, d1)[s0] : (d0 - d1 == 0, s0 - d0 >= 0, d1 >= 1)>,
               s2 = affine_set<() : (0 == 0)>} : () -> ()
  return
}

func.func @affine_ops(%i: index, %n: index) -> index {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%i)[%n]
  %1 = affine.min affine_map<(d0)[s0] -> (s0, d0 + 4)>(%0)[%n]
  %2 = affine.max affine_map<(d0) -> (0, d0 - 4)>(%1)
  return %2 : index
}
