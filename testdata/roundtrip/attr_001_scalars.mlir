// attrs: integer (typed, untyped, negative, i1), float (decimal, exponent, hex), bool, unit attributes.
func.func @scalars() attributes {
    i_default = 42, i_typed = -7 : i16, i_index = 3 : index, i_wide = 18446744073709551615 : ui64,
    f_default = 2.5, f_typed = 1.0e-10 : f64, f_hex = 0x7FC00000 : f32, f_half = 1.5 : f16,
    b_true = true, b_false = false, flag} {
  "test.op"() {a = 1 : i1, b = -1 : si8, c = 255 : ui8, d = 0.0 : bf16, e} : () -> ()
  return
}
