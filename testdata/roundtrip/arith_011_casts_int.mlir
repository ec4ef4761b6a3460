// arith: integer casts extsi/extui/trunci/index_cast/index_castui/bitcast.
func.func @int_casts(%a: i8, %b: i32, %i: index) -> (i64, i64, i16, index, index, i64, f32) {
  %0 = arith.extsi %a : i8 to i64
  %1 = arith.extui %a : i8 to i64
  %2 = arith.trunci %b : i32 to i16
  %3 = arith.index_cast %b : i32 to index
  %4 = arith.index_castui %b : i32 to index
  %5 = arith.index_cast %i : index to i64
  %6 = arith.bitcast %b : i32 to f32
  return %0, %1, %2, %3, %4, %5, %6 : i64, i64, i16, index, index, i64, f32
}

func.func @bool_ext(%c: i1) -> (i32, i32) {
  %0 = arith.extui %c : i1 to i32
  %1 = arith.extsi %c : i1 to i32
  return %0, %1 : i32, i32
}
