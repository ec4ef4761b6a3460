// A cf function writes its argument in its entry block (tensor.insert) and reads the argument after the write, so the write copies; a loop carries the written tensor and writes it, and the exit block joins it with the argument itself. The loop's tensor never shares the argument's buffer (its origin is the entry's copy), so the loop's writes need no copy where the loop exits.
// REFERENCE-NO-DEALLOC
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @f(%a: tensor<4xf32>, %v: f32, %n: index) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %u = tensor.insert %v into %a[%c3] : tensor<4xf32>
  %y = tensor.extract %a[%c3] : tensor<4xf32>
  cf.br ^head(%u, %c0 : tensor<4xf32>, index)
^head(%t: tensor<4xf32>, %i: index):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^exit(%t : tensor<4xf32>)
^body:
  %t2 = tensor.insert %v into %t[%i] : tensor<4xf32>
  %i2 = arith.addi %i, %c1 : index
  %stop = arith.cmpi eq, %i2, %c2 : index
  cf.cond_br %stop, ^exit(%a : tensor<4xf32>), ^head(%t2, %i2 : tensor<4xf32>, index)
^exit(%r: tensor<4xf32>):
  %e = tensor.extract %r[%c0] : tensor<4xf32>
  return %e, %y : f32, f32
}
func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %nine = arith.constant 9.0 : f32
  %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e, %y = func.call @f(%k, %nine, %c1) : (tensor<4xf32>, f32, index) -> (f32, f32)
  %e2, %y2 = func.call @f(%k, %nine, %c3) : (tensor<4xf32>, f32, index) -> (f32, f32)
  %s = tensor.from_elements %e, %y, %e2, %y2 : tensor<4xf32>
  %u = tensor.cast %s : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %uk = tensor.cast %k : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uk) : (tensor<*xf32>) -> ()
  return
}
