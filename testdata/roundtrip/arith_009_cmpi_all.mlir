// arith: cmpi with every predicate on i32, plus index and vector operands.
func.func @cmpi_all(%a: i32, %b: i32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %eq = arith.cmpi eq, %a, %b : i32
  %ne = arith.cmpi ne, %a, %b : i32
  %slt = arith.cmpi slt, %a, %b : i32
  %sle = arith.cmpi sle, %a, %b : i32
  %sgt = arith.cmpi sgt, %a, %b : i32
  %sge = arith.cmpi sge, %a, %b : i32
  %ult = arith.cmpi ult, %a, %b : i32
  %ule = arith.cmpi ule, %a, %b : i32
  %ugt = arith.cmpi ugt, %a, %b : i32
  %uge = arith.cmpi uge, %a, %b : i32
  return %eq, %ne, %slt, %sle, %sgt, %sge, %ult, %ule, %ugt, %uge : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

func.func @cmpi_index(%i: index, %n: index) -> i1 {
  %0 = arith.cmpi slt, %i, %n : index
  return %0 : i1
}

func.func @cmpi_vector(%a: vector<4xi32>, %b: vector<4xi32>) -> vector<4xi1> {
  %0 = arith.cmpi sge, %a, %b : vector<4xi32>
  return %0 : vector<4xi1>
}
