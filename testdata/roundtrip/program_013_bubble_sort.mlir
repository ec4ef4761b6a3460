// program: bubble sort on a tensor with nested scf.for and conditional swaps through scf.if.
func.func @bubble(%t: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %nm1 = arith.subi %n, %c1 : index
  %r = scf.for %i = %c0 to %nm1 step %c1 iter_args(%outer = %t) -> (tensor<?xi32>) {
    %lim = arith.subi %nm1, %i : index
    %inner = scf.for %j = %c0 to %lim step %c1 iter_args(%a = %outer) -> (tensor<?xi32>) {
      %j1 = arith.addi %j, %c1 : index
      %x = tensor.extract %a[%j] : tensor<?xi32>
      %y = tensor.extract %a[%j1] : tensor<?xi32>
      %gt = arith.cmpi sgt, %x, %y : i32
      %a2 = scf.if %gt -> (tensor<?xi32>) {
        %s1 = tensor.insert %y into %a[%j] : tensor<?xi32>
        %s2 = tensor.insert %x into %s1[%j1] : tensor<?xi32>
        scf.yield %s2 : tensor<?xi32>
      } else {
        scf.yield %a : tensor<?xi32>
      }
      scf.yield %a2 : tensor<?xi32>
    }
    scf.yield %inner : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}
