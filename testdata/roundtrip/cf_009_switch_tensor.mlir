// cf: switch dispatching tensors to different blocks that apply different ops.
func.func @dispatch(%op: i32, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  cf.switch %op : i32, [
    default: ^ret(%a : tensor<?xf32>),
    0: ^add(%a, %b : tensor<?xf32>, tensor<?xf32>),
    1: ^mul(%a, %b : tensor<?xf32>, tensor<?xf32>)
  ]
^add(%x: tensor<?xf32>, %y: tensor<?xf32>):
  %s = arith.addf %x, %y : tensor<?xf32>
  cf.br ^ret(%s : tensor<?xf32>)
^mul(%p: tensor<?xf32>, %q: tensor<?xf32>):
  %m = arith.mulf %p, %q : tensor<?xf32>
  cf.br ^ret(%m : tensor<?xf32>)
^ret(%r: tensor<?xf32>):
  return %r : tensor<?xf32>
}
