// linalg.copy and bufferization.materialize_in_destination insert their
// source into the whole destination (SubsetInsertionOpInterface). Copying
// a tensor onto itself stores the elements it holds, so a later read of
// the tensor does not conflict with the write (@self_copy, @self_materialize,
// @self_copy_after_write); copying another tensor into it does
// (@other_copy), and so does a self copy of a function argument, which
// upstream never matches (@arg_self_copy).

func.func @self_copy(%x: f32, %o: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %c = linalg.copy ins(%f : tensor<16xf32>) outs(%f : tensor<16xf32>) -> tensor<16xf32>
  %d = linalg.copy ins(%f : tensor<16xf32>) outs(%o : tensor<16xf32>) -> tensor<16xf32>
  return %d : tensor<16xf32>
}

func.func @self_materialize(%x: f32, %o: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %m = bufferization.materialize_in_destination %f in %f : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %d = linalg.copy ins(%f : tensor<16xf32>) outs(%o : tensor<16xf32>) -> tensor<16xf32>
  return %d : tensor<16xf32>
}

func.func @self_copy_after_write(%x: f32, %y: f32, %o: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<16xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %s = linalg.fill ins(%y : f32) outs(%f : tensor<16xf32>) -> tensor<16xf32>
  %c = linalg.copy ins(%s : tensor<16xf32>) outs(%f : tensor<16xf32>) -> tensor<16xf32>
  %d = linalg.copy ins(%s : tensor<16xf32>) outs(%o : tensor<16xf32>) -> tensor<16xf32>
  return %d, %c : tensor<16xf32>, tensor<16xf32>
}

func.func @other_copy(%x: f32, %g: tensor<16xf32>, %o: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %c = linalg.copy ins(%g : tensor<16xf32>) outs(%f : tensor<16xf32>) -> tensor<16xf32>
  %d = linalg.copy ins(%f : tensor<16xf32>) outs(%o : tensor<16xf32>) -> tensor<16xf32>
  return %d : tensor<16xf32>
}

func.func @arg_self_copy(%a: tensor<16xf32>, %o: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %c = linalg.copy ins(%a : tensor<16xf32>) outs(%a : tensor<16xf32>) -> tensor<16xf32>
  %d = linalg.copy ins(%a : tensor<16xf32>) outs(%o : tensor<16xf32>) -> tensor<16xf32>
  return %d, %c : tensor<16xf32>, tensor<16xf32>
}
