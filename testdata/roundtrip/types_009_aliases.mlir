// types: type aliases used in signatures, ops, nested inside other types and other aliases.
!t4 = tensor<4xf32>
!tdyn = tensor<?xf32>
!mref = memref<?x?xf32, strided<[?, 1], offset: ?>>
!vec = vector<8xf32>
!handle = !my.handle<"cpu">
!pair = tuple<!t4, !handle>

func.func @alias_use(%a: !t4, %b: !t4) -> !t4 {
  %0 = arith.addf %a, %b : !t4
  %1 = tensor.cast %0 : !t4 to !tdyn
  %2 = tensor.cast %1 : !tdyn to !t4
  return %2 : !t4
}

func.func private @alias_decl(!mref, !vec, !pair) -> !handle

func.func @alias_in_memref(%m: !mref) -> !mref {
  return %m : !mref
}
