// arith: cmpf with all sixteen predicates on f32, and on f64 tensors.
func.func @cmpf_all(%a: f32, %b: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1) {
  %f = arith.cmpf false, %a, %b : f32
  %oeq = arith.cmpf oeq, %a, %b : f32
  %ogt = arith.cmpf ogt, %a, %b : f32
  %oge = arith.cmpf oge, %a, %b : f32
  %olt = arith.cmpf olt, %a, %b : f32
  %ole = arith.cmpf ole, %a, %b : f32
  %one = arith.cmpf one, %a, %b : f32
  %ord = arith.cmpf ord, %a, %b : f32
  %ueq = arith.cmpf ueq, %a, %b : f32
  %ugt = arith.cmpf ugt, %a, %b : f32
  %uge = arith.cmpf uge, %a, %b : f32
  %ult = arith.cmpf ult, %a, %b : f32
  %ule = arith.cmpf ule, %a, %b : f32
  %une = arith.cmpf une, %a, %b : f32
  %uno = arith.cmpf uno, %a, %b : f32
  %t = arith.cmpf true, %a, %b : f32
  %x0 = arith.andi %f, %oeq : i1
  %x1 = arith.ori %ogt, %oge : i1
  %x2 = arith.xori %olt, %ole : i1
  %x3 = arith.andi %one, %ord : i1
  %x4 = arith.ori %ueq, %ugt : i1
  %x5 = arith.xori %uge, %ult : i1
  %x6 = arith.andi %ule, %une : i1
  %x7 = arith.ori %uno, %t : i1
  return %x0, %x1, %x2, %x3, %x4, %x5, %x6, %x7 : i1, i1, i1, i1, i1, i1, i1, i1
}

func.func @cmpf_tensor(%a: tensor<8xf64>, %b: tensor<8xf64>) -> tensor<8xi1> {
  %0 = arith.cmpf ult, %a, %b : tensor<8xf64>
  return %0 : tensor<8xi1>
}
