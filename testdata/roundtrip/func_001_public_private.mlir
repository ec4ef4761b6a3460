// func: public and private definitions, private declarations, nested visibility.
func.func private @helper(tensor<4xf32>) -> tensor<4xf32>

func.func private @sink(i32)

func.func nested @nested_decl(i32) -> i32

func.func public @explicit_public(%a: i32) -> i32 {
  return %a : i32
}

func.func private @private_def(%t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = call @helper(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @main(%t: tensor<4xf32>, %x: i32) -> tensor<4xf32> {
  %0 = call @private_def(%t) : (tensor<4xf32>) -> tensor<4xf32>
  call @sink(%x) : (i32) -> ()
  return %0 : tensor<4xf32>
}
