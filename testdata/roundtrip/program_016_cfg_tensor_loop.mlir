// program: an unstructured (cf-based) loop updating a tensor, with an early-exit branch and diamond inside.
func.func @cfg_loop(%t: tensor<?xf32>, %limit: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  cf.br ^head(%c0, %t : index, tensor<?xf32>)
^head(%i: index, %acc: tensor<?xf32>):
  %inb = arith.cmpi slt, %i, %n : index
  cf.cond_br %inb, ^check(%acc : tensor<?xf32>), ^exit(%acc : tensor<?xf32>)
^check(%a: tensor<?xf32>):
  %v = tensor.extract %a[%i] : tensor<?xf32>
  %over = arith.cmpf ogt, %v, %limit : f32
  cf.cond_br %over, ^exit(%a : tensor<?xf32>), ^diamond
^diamond:
  %neg = arith.cmpf olt, %v, %zero : f32
  cf.cond_br %neg, ^clip(%a : tensor<?xf32>), ^latch(%a : tensor<?xf32>)
^clip(%b: tensor<?xf32>):
  %u = tensor.insert %zero into %b[%i] : tensor<?xf32>
  cf.br ^latch(%u : tensor<?xf32>)
^latch(%c: tensor<?xf32>):
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1, %c : index, tensor<?xf32>)
^exit(%r: tensor<?xf32>):
  return %r : tensor<?xf32>
}
