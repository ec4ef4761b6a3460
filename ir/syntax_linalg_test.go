package ir_test

import "testing"

// TestLinalgSyntax round-trips linalg's custom forms through mlir-opt-22.
// Named ops have an implicit body that the parser must build as MLIR does,
// so the cases vary element types (casts, int/float/bool ops) and the
// attributes that change the body. printed lists text the pretty output
// must contain: a custom printer that falls back to the generic form would
// pass the round trip unnoticed.
func TestLinalgSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "generic", src: `#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#trait = {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
func.func @f(%a: tensor<4x8xf32>, %r: tensor<4xf32>, %m: memref<4x8xf32>, %k: f32) -> tensor<4xf32> {
  %0 = linalg.generic #trait ins(%a : tensor<4x8xf32>) outs(%r : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  linalg.generic {doc = "scale", library_call = "scale_f32", indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%m : memref<4x8xf32>) attrs = {my.tag = 1 : i32} {
  ^bb0(%x: f32):
    %i = linalg.index 1 : index
    %y = arith.mulf %x, %k : f32
    linalg.yield %y : f32
  }
  return %0 : tensor<4xf32>
}`, printed: []string{`linalg.generic {indexing_maps`, `iterator_types = ["parallel", "reduction"]`, `attrs = {my.tag`, "linalg.index 1 : index"}},
		{name: "generic multiple results", src: `#m = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<?xf32>, %o: tensor<?xf32>, %p: tensor<?xi32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %r:2 = linalg.generic {indexing_maps = [#m, #m, #m], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%o, %p : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%x: f32, %y: f32, %z: i32):
    %c = arith.fptosi %x : f32 to i32
    linalg.yield %x, %c : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xi32>
}`, printed: []string{"-> (tensor<?xf32>, tensor<?xi32>)"}},
		{name: "generic in generic form", src: `#map = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "linalg.generic"(%a, %a) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%in: f32, %out: f32):
    "linalg.yield"(%in) : (f32) -> ()
  }) {tag} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}`, printed: []string{`iterator_types = ["parallel"]`, "attrs = {tag}"}},
		{name: "contractions", src: `func.func @f(%a: tensor<4x8xi8>, %b: tensor<8x16xi8>, %c: tensor<4x16xi32>, %bt: tensor<16x8xi8>,
    %x: memref<2x4x8xf16>, %y: memref<2x8x16xf16>, %z: memref<2x4x16xf32>, %w: memref<4x16xf32>) -> tensor<4x16xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xi8>, tensor<8x16xi8>) outs(%c : tensor<4x16xi32>) -> tensor<4x16xi32>
  %1 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<4x8xi8>, tensor<8x16xi8>) outs(%0 : tensor<4x16xi32>) -> tensor<4x16xi32>
  %2 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %bt : tensor<4x8xi8>, tensor<16x8xi8>) outs(%1 : tensor<4x16xi32>) -> tensor<4x16xi32>
  linalg.batch_matmul ins(%x, %y : memref<2x4x8xf16>, memref<2x8x16xf16>) outs(%z : memref<2x4x16xf32>)
  linalg.batch_reduce_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%x, %y : memref<2x4x8xf16>, memref<2x8x16xf16>) outs(%w : memref<4x16xf32>)
  linalg.contract indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2)>]
      ins(%x, %y : memref<2x4x8xf16>, memref<2x8x16xf16>) outs(%w : memref<4x16xf32>)
  return %2 : tensor<4x16xi32>
}`, printed: []string{"linalg.matmul ins(", "linalg.matmul {cast", "linalg.matmul indexing_maps = [", "linalg.batch_matmul ins(",
			"linalg.batch_reduce_matmul {cast", "linalg.contract indexing_maps"}},
		{name: "yaml named ops", src: `func.func @f(%a: tensor<?x?xi8>, %v: tensor<?xi8>, %y: tensor<?xi32>, %s: tensor<i32>, %z: i32,
    %c: tensor<?x?xi32>, %i: tensor<?x?x?x?xf32>, %k: tensor<?x?x?x?xf32>, %o: tensor<?x?x?x?xf32>,
    %pi: memref<?x?x?x?xi8>, %pk: memref<?x?xi8>, %po: memref<?x?x?x?xi32>, %w: tensor<?x?x?xi8>, %wo: tensor<?x?x?xi32>) {
  %0 = linalg.matvec ins(%a, %v : tensor<?x?xi8>, tensor<?xi8>) outs(%y : tensor<?xi32>) -> tensor<?xi32>
  %1 = linalg.dot ins(%v, %v : tensor<?xi8>, tensor<?xi8>) outs(%s : tensor<i32>) -> tensor<i32>
  %2 = linalg.quantized_matmul ins(%a, %a, %z, %z : tensor<?x?xi8>, tensor<?x?xi8>, i32, i32) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  %3 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 2]> : tensor<2xi64>}
      ins(%i, %k : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) outs(%o : tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %4 = linalg.depthwise_conv_1d_nwc_wc ins(%w, %a : tensor<?x?x?xi8>, tensor<?x?xi8>) outs(%wo : tensor<?x?x?xi32>) -> tensor<?x?x?xi32>
  linalg.pooling_nhwc_max_unsigned {strides = dense<2> : tensor<2xi64>} ins(%pi, %pk : memref<?x?x?x?xi8>, memref<?x?xi8>) outs(%po : memref<?x?x?x?xi32>)
  linalg.pooling_nhwc_sum ins(%pi, %pk : memref<?x?x?x?xi8>, memref<?x?xi8>) outs(%po : memref<?x?x?x?xi32>)
  return
}`, printed: []string{"linalg.matvec ins(", "linalg.depthwise_conv_1d_nwc_wc ins(", "linalg.quantized_matmul ins(", "linalg.conv_2d_nhwc_hwcf {", "linalg.pooling_nhwc_max_unsigned {"}},
		{name: "fill copy rng", src: `func.func @f(%v: f32, %t: tensor<4x8xf32>, %i: tensor<4x8xi8>, %m: memref<4x8xf32>, %lo: f64, %seed: i32) {
  %0 = linalg.fill ins(%v : f32) outs(%t : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.copy ins(%i : tensor<4x8xi8>) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.copy {cast = #linalg.type_fn<cast_unsigned>} ins(%i : tensor<4x8xi8>) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  linalg.fill_rng_2d ins(%lo, %lo, %seed : f64, f64, i32) outs(%m : memref<4x8xf32>)
  return
}`, printed: []string{"linalg.fill ins(", "linalg.copy {cast", "linalg.fill_rng_2d ins("}},
		{name: "elementwise", src: `#t = affine_map<(d0, d1) -> (d1, d0)>
#m = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<4x4xf16>, %b: memref<4x4xi1>, %i: tensor<4x4xi32>, %s: tensor<f32>) {
  %0 = linalg.exp ins(%a : tensor<4x4xf16>) outs(%a : tensor<4x4xf16>) -> tensor<4x4xf16>
  %1 = linalg.reciprocal ins(%a : tensor<4x4xf16>) outs(%a : tensor<4x4xf16>) -> tensor<4x4xf16>
  linalg.add ins(%b, %b : memref<4x4xi1>, memref<4x4xi1>) outs(%b : memref<4x4xi1>)
  %2 = linalg.max ins(%i, %i : tensor<4x4xi32>, tensor<4x4xi32>) outs(%i : tensor<4x4xi32>) -> tensor<4x4xi32>
  %3 = linalg.elementwise kind=#linalg.elementwise_kind<div_unsigned> ins(%i, %i : tensor<4x4xi32>, tensor<4x4xi32>) outs(%i : tensor<4x4xi32>) -> tensor<4x4xi32>
  %4 = linalg.elementwise kind=#linalg.elementwise_kind<square> indexing_maps = [#t, #m] ins(%a : tensor<4x4xf16>) outs(%a : tensor<4x4xf16>) -> tensor<4x4xf16>
  %5 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%s : tensor<f32>) outs(%s : tensor<f32>) {tag} -> tensor<f32>
  return
}`, printed: []string{"linalg.reciprocal ins(", "linalg.add ins(", "kind=#linalg.elementwise_kind<div_unsigned> ins(", "<square> indexing_maps", "{tag} ins("}},
		{name: "map reduce transpose broadcast", src: `func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %r: tensor<4x8xf32>, %i: tensor<4xi32>, %ri: tensor<4x8xi32>, %t: tensor<8x4xf32>, %k: f32) {
  %0 = linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>)
  %1 = linalg.map ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) (%x: f32, %o: f32) {
    %s = arith.mulf %x, %k : f32
    linalg.yield %s : f32
  }
  %2 = linalg.reduce { arith.addi } ins(%ri : tensor<4x8xi32>) outs(%i : tensor<4xi32>) dimensions = [1] {tag}
  %3:2 = linalg.reduce ins(%r, %ri : tensor<4x8xf32>, tensor<4x8xi32>) outs(%a, %i : tensor<4xf32>, tensor<4xi32>) dimensions = [1]
    (%x: f32, %xi: i32, %acc: f32, %acci: i32) {
      %s = arith.maximumf %x, %acc : f32
      linalg.yield %s, %xi : f32, i32
    }
  %4 = linalg.transpose ins(%r : tensor<4x8xf32>) outs(%t : tensor<8x4xf32>) permutation = [1, 0]
  %5 = linalg.broadcast ins(%a : tensor<4xf32>) outs(%r : tensor<4x8xf32>) dimensions = [1] {tag}
  return
}`, printed: []string{"linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(", "(%x: f32, %o: f32) {",
			"linalg.reduce { arith.addi } ins(", "dimensions = [1] (", "permutation = [1, 0]", "dimensions = [1] {tag}"}},
		{name: "named ops in generic form", src: `func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  %0 = "linalg.matmul"(%a, %b, %c) <{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = "arith.mulf"(%x, %y) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %s = "arith.addf"(%z, %m) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "linalg.yield"(%s) : (f32) -> ()
  }) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %1 = "linalg.matmul"(%a, %b, %c) <{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = "arith.mulf"(%x, %y) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    %s = "arith.addf"(%z, %m) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "linalg.yield"(%s) : (f32) -> ()
  }) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0, %1 : tensor<4x16xf32>, tensor<4x16xf32>
}`, printed: []string{"= linalg.matmul ins(", `= "linalg.matmul"(`}},
		{name: "softmax pack unpack winograd", src: `func.func @f(%a: tensor<16x32xf32>, %d: tensor<2x?x8x?xf32>, %pad: f32, %n: index, %m: memref<16x32xf32>,
    %f: tensor<2x3x3x5xf32>, %fo: tensor<6x6x5x2xf32>) {
  %0 = linalg.softmax dimension(1) ins(%a : tensor<16x32xf32>) outs(%a : tensor<16x32xf32>) -> tensor<16x32xf32>
  linalg.softmax {tag} dimension(0) ins(%m : memref<16x32xf32>) outs(%m : memref<16x32xf32>)
  %1 = linalg.pack %a padding_value(%pad : f32) outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [8, %n] into %d : tensor<16x32xf32> -> tensor<2x?x8x?xf32>
  %2 = linalg.unpack %1 inner_dims_pos = [0, 1] inner_tiles = [8, %n] into %a {tag} : tensor<2x?x8x?xf32> -> tensor<16x32xf32>
  %3 = linalg.winograd_filter_transform fmr(F_4_3) ins(%f : tensor<2x3x3x5xf32>) outs(%fo : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return
}`, printed: []string{"linalg.softmax dimension(1)", "padding_value(%pad : f32)", "inner_tiles = [8, %n] into %a {tag}", "fmr(F_4_3)"}},
	}, "linalg.")
}

// TestLinalgSyntaxErrors checks that malformed linalg ops give located
// errors, not panics.
func TestLinalgSyntaxErrors(t *testing.T) {
	fn := func(body string) string {
		return "func.func @f(%a: tensor<4x4xf32>, %i: tensor<4x4xi32>, %n: index) {\n  " + body + "\n  return\n}\n"
	}
	testSyntaxErrors(t, []errorCase{
		{"generic without traits", fn(`%0 = linalg.generic ins(%a : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4x4xf32>`)},
		{"generic without iterator types", fn(`linalg.generic {indexing_maps = []} outs(%a : tensor<4x4xf32>) {
  }`)},
		{"generic unknown iterator", fn(`linalg.generic {indexing_maps = [], iterator_types = ["window"]} outs(%a : tensor<4x4xf32>) {
  }`)},
		{"generic enum iterator", fn(`linalg.generic {indexing_maps = [], iterator_types = [#linalg.iterator_type<parallel>]} outs(%a : tensor<4x4xf32>) {
  }`)},
		{"ins without types", fn(`%0 = linalg.copy ins(%a) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>`)},
		{"named op operand count", fn(`%0 = linalg.matmul ins(%a : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>`)},
		{"named op on unsupported types", fn(`%0 = linalg.exp ins(%i : tensor<4x4xi32>) outs(%i : tensor<4x4xi32>) -> tensor<4x4xi32>`)},
		{"matmul maps not a list", fn(`%0 = linalg.matmul indexing_maps = 3 ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>`)},
		{"contract without maps", fn(`%0 = linalg.contract ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>`)},
		{"elementwise unknown kind", fn(`%0 = linalg.elementwise kind=#linalg.elementwise_kind<cube> ins(%a : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>`)},
		{"map short form unclosed", fn(`%0 = linalg.map { arith.addf ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%a : tensor<4x4xf32>)`)},
		{"map long form without region", fn(`%0 = linalg.map ins(%a : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) (%x: f32, %y: f32)`)},
		{"reduce without dimensions", fn(`%0 = linalg.reduce { arith.addf } ins(%a : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>)`)},
		{"transpose float permutation", fn(`%0 = linalg.transpose ins(%a : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) permutation = [1.0, 0]`)},
		{"pack without into", fn(`%0 = linalg.pack %a inner_dims_pos = [0] inner_tiles = [2] %a : tensor<4x4xf32> -> tensor<4x4xf32>`)},
		{"winograd unknown fmr", fn(`%0 = linalg.winograd_filter_transform fmr(F_9_9) ins(%a : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>`)},
		{"index without type", fn(`%0 = linalg.index 0`)},
		{"truncated", "func.func @f(%a: tensor<4xf32>) {\n  %0 = linalg.fill ins(%a : "},
	})
}
