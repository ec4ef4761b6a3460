// cf: two nested loops built from blocks (row-major memref fill), many blocks and back edges.
func.func @fill2d(%m: memref<?x?xf32>, %rows: index, %cols: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^outer(%c0 : index)
^outer(%i: index):
  %oc = arith.cmpi slt, %i, %rows : index
  cf.cond_br %oc, ^inner_entry, ^exit
^inner_entry:
  cf.br ^inner(%c0 : index)
^inner(%j: index):
  %ic = arith.cmpi slt, %j, %cols : index
  cf.cond_br %ic, ^body, ^outer_latch
^body:
  memref.store %v, %m[%i, %j] : memref<?x?xf32>
  %j1 = arith.addi %j, %c1 : index
  cf.br ^inner(%j1 : index)
^outer_latch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^outer(%i1 : index)
^exit:
  return
}
