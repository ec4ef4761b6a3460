// attrs: arrays (empty, nested, heterogeneous), dictionaries (empty, nested), dense arrays array<T: ...>.
func.func @containers() attributes {
    empty_arr = [], nested = [[1, 2], [3, [4, 5]]], hetero = [1 : i32, "s", 2.0 : f32, unit, i64],
    empty_dict = {}, dict = {a = 1 : i64, b = {c = "deep", d = [true]}}} {
  "test.op"() {i64s = array<i64: 1, 2, 3>, i32s = array<i32: -1, 0>, f32s = array<f32: 1.5, -2.0>,
               bools = array<i1: true, false>, empty64 = array<i64>, i8s = array<i8: 127>, f64s = array<f64: 0.1>} : () -> ()
  return
}
