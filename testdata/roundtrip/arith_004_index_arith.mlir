// arith: all integer binary ops on the index type.
func.func @index_ops(%i: index, %j: index) -> index {
  %0 = arith.addi %i, %j : index
  %1 = arith.subi %0, %j : index
  %2 = arith.muli %1, %i : index
  %3 = arith.divsi %2, %j : index
  %4 = arith.divui %3, %j : index
  %5 = arith.ceildivsi %4, %j : index
  %6 = arith.ceildivui %5, %j : index
  %7 = arith.floordivsi %6, %j : index
  %8 = arith.remsi %7, %j : index
  %9 = arith.remui %8, %j : index
  %10 = arith.andi %9, %i : index
  %11 = arith.ori %10, %i : index
  %12 = arith.xori %11, %j : index
  %13 = arith.shli %12, %i : index
  %14 = arith.shrsi %13, %i : index
  %15 = arith.shrui %14, %i : index
  return %15 : index
}
