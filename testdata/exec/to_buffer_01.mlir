// bufferization.to_buffer of a call result, of a function argument and of
// an scf.for result, read through memref ops, cast, and returned.
func.func private @printMemrefF32(memref<*xf32>)

func.func @fill(%v: f32) -> tensor<4xf32> {
  %0 = tensor.empty() : tensor<4xf32>
  %1 = linalg.fill ins(%v : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

func.func @view(%t: tensor<4xf32>) -> memref<4xf32> {
  %m = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
  return %m : memref<4xf32>
}

func.func @filled() -> memref<4xf32> {
  %two = arith.constant 2.0 : f32
  %0 = call @fill(%two) : (f32) -> tensor<4xf32>
  %m = bufferization.to_buffer %0 : tensor<4xf32> to memref<4xf32>
  return %m : memref<4xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %0 = call @fill(%one) : (f32) -> tensor<4xf32>
  %m0 = bufferization.to_buffer %0 read_only : tensor<4xf32> to memref<4xf32>
  %x = memref.load %m0[%c0] : memref<4xf32>
  %u0 = memref.cast %m0 : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
  %m1 = call @filled() : () -> memref<4xf32>
  %u1 = memref.cast %m1 : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %0) -> tensor<4xf32> {
    %e = tensor.extract %t[%i] : tensor<4xf32>
    %s = arith.addf %e, %x : f32
    %n = tensor.insert %s into %t[%c3] : tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  }
  %m2 = call @view(%2) : (tensor<4xf32>) -> memref<4xf32>
  %u2 = memref.cast %m2 : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  return
}
