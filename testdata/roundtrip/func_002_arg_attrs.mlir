// func: argument attributes (bufferization.writable/access, unknown dialect attrs) and result attributes.
func.func @args(%a: tensor<?xf32> {bufferization.writable = true},
                %b: tensor<?xf32> {bufferization.writable = false, bufferization.access = "read"},
                %c: tensor<?xf32> {bufferization.access = "write"},
                %d: tensor<?xf32> {bufferization.access = "read-write", my.note = "x"},
                %e: index)
    -> (tensor<?xf32> {my.result = 0 : i64}, index {my.idx}) {
  return %a, %e : tensor<?xf32>, index
}

func.func private @decl_with_attrs(tensor<8xf32> {bufferization.access = "read"}, i32 {my.unused})
    -> (tensor<8xf32> {my.fresh = true})

func.func @memref_arg(%m: memref<16xf32> {llvm.noalias, my.align = 16 : i64}) {
  return
}
