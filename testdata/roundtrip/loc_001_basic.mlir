// locations: file:line:col, unknown, named locations on ops, funcs and modules.
module {
  func.func @f(%x: i32) -> i32 {
    %0 = arith.addi %x, %x : i32 loc("file.mlir":3:4)
    %1 = arith.muli %0, %x : i32 loc(unknown)
    %2 = arith.subi %1, %x : i32 loc("name")
    %3 = arith.xori %2, %x : i32 loc("named"("inner.mlir":10:2))
    return %3 : i32 loc("ret.mlir":5:1)
  } loc("func.mlir":2:1)
} loc("module.mlir":1:1)
