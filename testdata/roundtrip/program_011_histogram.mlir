// program: histogram: loop reading one tensor and read-modify-writing buckets of another via extract/insert.
func.func @histogram(%data: tensor<?xi32>, %bins: tensor<16xi64>) -> tensor<16xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %mask = arith.constant 15 : i32
  %n = tensor.dim %data, %c0 : tensor<?xi32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%h = %bins) -> (tensor<16xi64>) {
    %v = tensor.extract %data[%i] : tensor<?xi32>
    %b = arith.andi %v, %mask : i32
    %bi = arith.index_cast %b : i32 to index
    %cnt = tensor.extract %h[%bi] : tensor<16xi64>
    %cnt1 = arith.addi %cnt, %one : i64
    %h2 = tensor.insert %cnt1 into %h[%bi] : tensor<16xi64>
    scf.yield %h2 : tensor<16xi64>
  }
  return %r : tensor<16xi64>
}
