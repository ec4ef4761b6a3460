// arith: signed/unsigned integer min/max on i16 and index.
func.func @minmax(%a: i16, %b: i16) -> (i16, i16, i16, i16) {
  %0 = arith.maxsi %a, %b : i16
  %1 = arith.maxui %a, %b : i16
  %2 = arith.minsi %a, %b : i16
  %3 = arith.minui %a, %b : i16
  return %0, %1, %2, %3 : i16, i16, i16, i16
}

func.func @clamp_index(%v: index, %lo: index, %hi: index) -> index {
  %0 = arith.maxsi %v, %lo : index
  %1 = arith.minsi %0, %hi : index
  %2 = arith.maxui %1, %lo : index
  %3 = arith.minui %2, %hi : index
  return %3 : index
}
