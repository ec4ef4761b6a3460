// vector: a vectorized saxpy loop over a tensor with transfer ops and iter_args.
func.func @saxpy(%a: f32, %x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<1024xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  %va = vector.broadcast %a : f32 to vector<8xf32>
  %r = scf.for %i = %c0 to %c1024 step %c8 iter_args(%acc = %y) -> (tensor<1024xf32>) {
    %vx = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : tensor<1024xf32>, vector<8xf32>
    %vy = vector.transfer_read %acc[%i], %pad {in_bounds = [true]} : tensor<1024xf32>, vector<8xf32>
    %vr = vector.fma %va, %vx, %vy : vector<8xf32>
    %n = vector.transfer_write %vr, %acc[%i] {in_bounds = [true]} : vector<8xf32>, tensor<1024xf32>
    scf.yield %n : tensor<1024xf32>
  }
  return %r : tensor<1024xf32>
}
