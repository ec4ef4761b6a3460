// program: named module with several private helpers, a public entry, result/arg attributes and calls in loops.
module @model attributes {model.version = "1.2", model.batch = 4 : i64} {
  func.func private @relu(%t: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %zero = arith.constant dense<0.0> : tensor<4x8xf32>
    %r = arith.maximumf %t, %zero : tensor<4x8xf32>
    return %r : tensor<4x8xf32>
  }

  func.func private @layer(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x8xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %m = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
    %r = call @relu(%m) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    return %r : tensor<4x8xf32>
  }

  func.func @forward(%x: tensor<4x8xf32> {bufferization.access = "read"},
                     %w: tensor<8x8xf32> {bufferization.access = "read"},
                     %depth: index) -> (tensor<4x8xf32> {model.output = 0 : i64}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %depth step %c1 iter_args(%h = %x) -> (tensor<4x8xf32>) {
      %n = func.call @layer(%h, %w) : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      scf.yield %n : tensor<4x8xf32>
    }
    return %r : tensor<4x8xf32>
  }
}
