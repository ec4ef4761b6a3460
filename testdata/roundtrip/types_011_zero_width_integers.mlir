// i0, si0 and ui0: integer types of no bits.
func.func @f(%a: i0, %b: tensor<2xsi0>) -> ui0 {
  %c = "test.z"(%a, %b) : (i0, tensor<2xsi0>) -> ui0
  return %c : ui0
}
