// arith: addi/subi/muli/shli with overflow<nsw>, overflow<nuw>, overflow<nsw, nuw>.
func.func @overflow(%a: i32, %b: i32, %i: index) -> (i32, index) {
  %0 = arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.subi %0, %b overflow<nuw> : i32
  %2 = arith.muli %1, %a overflow<nsw, nuw> : i32
  %3 = arith.addi %2, %b overflow<nsw, nuw> : i32
  %4 = arith.shli %3, %b overflow<nsw> : i32
  %5 = arith.muli %i, %i overflow<nsw> : index
  %6 = arith.addi %5, %i overflow<nuw> : index
  return %4, %6 : i32, index
}
