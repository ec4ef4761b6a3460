// tensor: ranked tensors with string, dictionary and dialect-attribute encodings flowing through ops.
func.func @enc_string(%t: tensor<4xf32, "enc">) -> tensor<4xf32, "enc"> {
  %0 = arith.addf %t, %t : tensor<4xf32, "enc">
  return %0 : tensor<4xf32, "enc">
}

func.func @enc_dialect(%t: tensor<?x8xf32, #my.layout<"blocked", 4>>) -> tensor<?x8xf32, #my.layout<"blocked", 4>> {
  return %t : tensor<?x8xf32, #my.layout<"blocked", 4>>
}

func.func @enc_dict(%t: tensor<2x2xi32, {kind = "tiled"}>) -> tensor<2x2xi32, {kind = "tiled"}> {
  return %t : tensor<2x2xi32, {kind = "tiled"}>
}

func.func @enc_int(%n: index) -> tensor<?xf16, 3 : i64> {
  %0 = tensor.empty(%n) : tensor<?xf16, 3 : i64>
  return %0 : tensor<?xf16, 3 : i64>
}
