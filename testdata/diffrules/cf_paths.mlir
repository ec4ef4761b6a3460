// Programs for alt:cfg-paths: one where it removes a copy, three where it must not.

// The write in one arm of a cf.cond_br cannot reach the read in the other.
func.func @arms(%t: tensor<4xf32>, %c: i1, %f: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.insert %f into %t[%c0] : tensor<4xf32>
  cf.cond_br %c, ^write, ^read
^write:
  %d2 = tensor.insert %f into %d[%c1] : tensor<4xf32>
  cf.br ^join(%d2 : tensor<4xf32>)
^read:
  %x = tensor.extract %d[%c1] : tensor<4xf32>
  cf.br ^join(%d : tensor<4xf32>)
^join(%r: tensor<4xf32>):
  %y = tensor.extract %r[%c0] : tensor<4xf32>
  return %r, %y : tensor<4xf32>, f32
}

// The write in ^write reaches the read in ^read: although ^read redefines
// %e before reading it, %e is %t with one element changed, and %t holds
// the write. A real conflict, kept (MLIR itself keeps it).
func.func @redefined(%t: tensor<4xf32>, %c: i1, %f: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.cond_br %c, ^write, ^read
^write:
  %w = tensor.insert %f into %t[%c1] : tensor<4xf32>
  cf.br ^read
^read:
  %e = tensor.insert %f into %t[%c0] : tensor<4xf32>
  %x = tensor.extract %e[%c1] : tensor<4xf32>
  return %e, %x : tensor<4xf32>, f32
}

// The write comes before the read on the path ^write -> ^read: a real
// conflict, kept.
func.func @reaches(%t: tensor<4xf32>, %c: i1, %f: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.insert %f into %t[%c0] : tensor<4xf32>
  cf.cond_br %c, ^write, ^read
^write:
  %d2 = tensor.insert %f into %d[%c1] : tensor<4xf32>
  cf.br ^read
^read:
  %x = tensor.extract %d[%c1] : tensor<4xf32>
  return %d, %x : tensor<4xf32>, f32
}

// A loop: the write in the body reaches the read in the header on the
// next trip, without passing the definition in the entry block: kept.
func.func @loop(%t: tensor<4xf32>, %n: index, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.insert %f into %t[%c0] : tensor<4xf32>
  cf.br ^head(%c0 : index)
^head(%i: index):
  %x = tensor.extract %d[%c1] : tensor<4xf32>
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %d2 = tensor.insert %x into %d[%c1] : tensor<4xf32>
  %y = tensor.extract %d2[%c1] : tensor<4xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2 : index)
^exit:
  return %x : f32
}
