// arith: elementwise arithmetic on fixed, multi-dim, scalable and 0-d vectors.
func.func @vec_ops(%a: vector<4xf32>, %b: vector<4xf32>, %i: vector<2x4xi32>, %j: vector<2x4xi32>) -> (vector<4xf32>, vector<2x4xi32>) {
  %0 = arith.addf %a, %b : vector<4xf32>
  %1 = arith.mulf %0, %b fastmath<fast> : vector<4xf32>
  %2 = arith.maximumf %1, %a : vector<4xf32>
  %3 = arith.addi %i, %j : vector<2x4xi32>
  %4 = arith.muli %3, %j overflow<nsw> : vector<2x4xi32>
  %5 = arith.shrsi %4, %j : vector<2x4xi32>
  return %2, %5 : vector<4xf32>, vector<2x4xi32>
}

func.func @scalable(%a: vector<[4]xf32>, %b: vector<[4]xf32>) -> vector<[4]xf32> {
  %0 = arith.subf %a, %b : vector<[4]xf32>
  %1 = arith.negf %0 : vector<[4]xf32>
  return %1 : vector<[4]xf32>
}

func.func @zero_d(%a: vector<f32>, %b: vector<f32>) -> vector<f32> {
  %0 = arith.divf %a, %b : vector<f32>
  return %0 : vector<f32>
}

func.func @mixed_scalable(%a: vector<2x[8]xi16>) -> vector<2x[8]xi16> {
  %0 = arith.xori %a, %a : vector<2x[8]xi16>
  return %0 : vector<2x[8]xi16>
}
