// func: declarations with tensor/memref/vector/function/tuple types in signatures.
func.func private @f1(tensor<4xf32>) -> tensor<4xf32>
func.func private @f2(tensor<?x?xf32>, tensor<*xf32>) -> (tensor<?x?xf32>, tensor<*xf32>)
func.func private @f3(memref<4x?xf32, strided<[?, 1], offset: ?>>) -> memref<*xf32>
func.func private @f4(vector<4xf32>, vector<[8]xi8>) -> vector<2x2xf64>
func.func private @f5((i32) -> i32, tuple<i32, f32>) -> (() -> ())
func.func private @f6(complex<f32>, none, !llvm.ptr) -> !my.opaque<"thing">
func.func private @f7() -> ()
