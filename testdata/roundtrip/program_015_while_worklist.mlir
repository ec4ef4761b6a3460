// program: scf.while driving a worklist stored in a tensor, with a tensor and two indices carried.
func.func @drain(%work: tensor<32xi32>, %count: index) -> (tensor<32xi32>, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %r:3 = scf.while (%w = %work, %n = %count, %sum = %zero) : (tensor<32xi32>, index, i32) -> (tensor<32xi32>, index, i32) {
    %more = arith.cmpi ugt, %n, %c0 : index
    scf.condition(%more) %w, %n, %sum : tensor<32xi32>, index, i32
  } do {
  ^bb0(%w: tensor<32xi32>, %n: index, %sum: i32):
    %top = arith.subi %n, %c1 : index
    %item = tensor.extract %w[%top] : tensor<32xi32>
    %cleared = tensor.insert %zero into %w[%top] : tensor<32xi32>
    %s2 = arith.addi %sum, %item : i32
    scf.yield %cleared, %top, %s2 : tensor<32xi32>, index, i32
  }
  return %r#0, %r#2 : tensor<32xi32>, i32
}
