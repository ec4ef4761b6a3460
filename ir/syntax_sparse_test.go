package ir_test

import "testing"

// TestSparseTensorSyntax round-trips the sparse_tensor dialect through
// mlir-opt-22: storage and conversion ops, enum keywords, an encoding
// written without its prefix, regions written after `\n` literals and in
// else-groups (`identity` or a region), a foreach's implied yield, and
// variadic results of one size.
func TestSparseTensorSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "storage", src: `#SV = #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed), crdWidth = 32}>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @s(%p: !llvm.ptr, %pos: tensor<2xindex>, %crd: tensor<6x1xi32>, %v: tensor<6xf64>, %sp: tensor<100xf64, #SV>, %i: index, %spec: !sparse_tensor.storage_specifier<#SV>) {
  %0 = sparse_tensor.new %p : !llvm.ptr to tensor<100xf64, #SV>
  %1 = sparse_tensor.assemble (%pos, %crd), %v : (tensor<2xindex>, tensor<6x1xi32>), tensor<6xf64> to tensor<100xf64, #SV>
  %rp, %rc, %rv, %lp, %lc, %lv = sparse_tensor.disassemble %sp : tensor<100xf64, #SV> out_lvls(%pos, %crd : tensor<2xindex>, tensor<6x1xi32>) out_vals(%v : tensor<6xf64>) -> (tensor<2xindex>, tensor<6x1xi32>), tensor<6xf64>, (index, index), index
  %2 = sparse_tensor.positions %sp {level = 0 : index} : tensor<100xf64, #SV> to memref<?xindex>
  %3 = sparse_tensor.values %sp : tensor<100xf64, #SV> to memref<?xf64>
  %4 = sparse_tensor.number_of_entries %sp : tensor<100xf64, #SV>
  %5 = sparse_tensor.lvl %sp, %i : tensor<100xf64, #SV>
  %6 = sparse_tensor.storage_specifier.get %spec lvl_sz at 0 : !sparse_tensor.storage_specifier<#SV>
  %7 = sparse_tensor.storage_specifier.set %spec val_mem_sz with %i : !sparse_tensor.storage_specifier<#SV>
  %8 = sparse_tensor.storage_specifier.init with %spec : from !sparse_tensor.storage_specifier<#SV> to !sparse_tensor.storage_specifier<#SV>
  %9 = sparse_tensor.storage_specifier.init : !sparse_tensor.storage_specifier<#SV>
  %l:2 = sparse_tensor.crd_translate dim_to_lvl [%i, %i] as #CSR : index, index
  %10 = sparse_tensor.load %sp hasInserts : tensor<100xf64, #SV>
  %11 = sparse_tensor.convert %sp : tensor<100xf64, #SV> to tensor<100xf64>
  %12 = sparse_tensor.has_runtime_library
  sparse_tensor.print %sp : tensor<100xf64, #SV>
  return
}`, printed: []string{
			"sparse_tensor.assemble (%pos, %crd), %v : (tensor<2xindex>, tensor<6x1xi32>), tensor<6xf64> to tensor<100xf64, #sparse_tensor.encoding<",
			"out_lvls(%pos, %crd : tensor<2xindex>, tensor<6x1xi32>) out_vals(%v : tensor<6xf64>) -> (tensor<2xindex>, tensor<6x1xi32>), tensor<6xf64>, (index, index), index",
			"sparse_tensor.storage_specifier.get %spec lvl_sz at 0 :",
			"sparse_tensor.storage_specifier.set %spec val_mem_sz with %i :",
			"sparse_tensor.storage_specifier.init with %spec : from !sparse_tensor.storage_specifier<",
			"sparse_tensor.crd_translate dim_to_lvl[%i, %i] as <{",
			"sparse_tensor.load %sp hasInserts :",
		}},
		{name: "buffers", src: `func.func @b(%n: index, %buf: memref<?xf64>, %x: f64, %xy: memref<?xindex>, %ys: memref<?xf32>, %vals: memref<?xf64>, %filled: memref<?xi1>, %added: memref<?xindex>) {
  %0:2 = sparse_tensor.push_back inbounds %n, %buf, %x, %n : index, memref<?xf64>, f64, index
  %1:2 = sparse_tensor.push_back %n, %buf, %x : index, memref<?xf64>, f64
  sparse_tensor.sort insertion_sort_stable %n, %xy jointly %ys {perm_map = affine_map<(d0, d1) -> (d0, d1)>, ny = 1 : index} : memref<?xindex> jointly memref<?xf32>
  sparse_tensor.sort hybrid_quick_sort %n, %xy {perm_map = affine_map<(d0) -> (d0)>} : memref<?xindex>
  return
}`, printed: []string{
			"sparse_tensor.push_back inbounds %n, %buf, %x, %n : index, memref<?xf64>, f64, index",
			"sparse_tensor.sort insertion_sort_stable %n, %xy jointly %ys",
			": memref<?xindex> jointly memref<?xf32>",
		}},
		{name: "regions", src: `#SV = #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>
func.func @r(%a: f64, %b: i64, %t: tensor<8xf64, #SV>, %init: f64) -> f64 {
  %0 = sparse_tensor.binary %a, %b : f64, i64 to f64
    overlap = {
    ^bb0(%x: f64, %y: i64):
      sparse_tensor.yield %x : f64
    }
    left = identity
    right = {
    ^bb0(%y: i64):
      %f = arith.sitofp %y : i64 to f64
      sparse_tensor.yield %f : f64
    }
  %1 = sparse_tensor.unary %a : f64 to f64
    present = {
    ^bb0(%x: f64):
      sparse_tensor.yield %x : f64
    }
    absent = {
    }
  %2 = sparse_tensor.reduce %a, %a, %init : f64 {
  ^bb0(%x: f64, %y: f64):
    %s = arith.addf %x, %y : f64
    sparse_tensor.yield %s : f64
  }
  %3 = sparse_tensor.select %a : f64 {
  ^bb0(%x: f64):
    %c = arith.cmpf ogt, %x, %init : f64
    sparse_tensor.yield %c : i1
  }
  sparse_tensor.foreach in %t : tensor<8xf64, #SV> do {
  ^bb0(%i: index, %v: f64):
  }
  %4 = sparse_tensor.foreach in %t init(%init) : tensor<8xf64, #SV>, f64 -> f64 do {
  ^bb0(%i: index, %v: f64, %acc: f64):
    %s = arith.addf %v, %acc : f64
    sparse_tensor.yield %s : f64
  }
  return %4 : f64
}`, printed: []string{
			"sparse_tensor.binary %a, %b : f64, i64 to f64",
			"left = identity",
			"sparse_tensor.reduce %a, %a, %init : f64 {",
			"sparse_tensor.foreach in %t init(%init) : tensor<8xf64, #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>>, f64 -> f64 do {",
		}},
		{name: "iteration spaces", src: `#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @f(%sp: tensor<?x?xf64, #CSR>, %it: !sparse_tensor.iterator<#CSR, lvls = 1>, %it0: !sparse_tensor.iterator<#CSR, lvls = 0>) -> (f64, !sparse_tensor.iter_space<#CSR, lvls = 0 to 2>, !sparse_tensor.iter_space<#CSR, lvls = 1>) {
  %v = sparse_tensor.extract_value %sp at %it : tensor<?x?xf64, #CSR>, !sparse_tensor.iterator<#CSR, lvls = 1>
  %l = sparse_tensor.extract_iteration_space %sp lvls = 0 to 2 : tensor<?x?xf64, #CSR> -> !sparse_tensor.iter_space<#CSR, lvls = 0 to 2>
  %m = sparse_tensor.extract_iteration_space %sp at %it0 lvls = 1 to 2 {x} : tensor<?x?xf64, #CSR>, !sparse_tensor.iterator<#CSR, lvls = 0> -> !sparse_tensor.iter_space<#CSR, lvls = 1>
  return %v, %l, %m : f64, !sparse_tensor.iter_space<#CSR, lvls = 0 to 2>, !sparse_tensor.iter_space<#CSR, lvls = 1>
}
func.func @g(%sp: tensor<?x?xf64, #CSR>, %i: index, %x: f32) -> (index, f32, index) {
  %l = sparse_tensor.extract_iteration_space %sp lvls = 0 to 2 : tensor<?x?xf64, #CSR> -> !sparse_tensor.iter_space<#CSR, lvls = 0 to 2>
  %r:2 = sparse_tensor.iterate %it in %l at(_, %c1) iter_args(%a = %i, %b = %x) : !sparse_tensor.iter_space<#CSR, lvls = 0 to 2> -> (index, f32) {
    sparse_tensor.yield %c1, %b : index, f32
  }
  sparse_tensor.iterate %it2 in %l : !sparse_tensor.iter_space<#CSR, lvls = 0 to 2> {
  }
  %one = sparse_tensor.extract_iteration_space %sp lvls = 0 : tensor<?x?xf64, #CSR> -> !sparse_tensor.iter_space<#CSR, lvls = 0>
  %s = sparse_tensor.iterate %it3 in %one at(%c0) iter_args(%d = %i) : !sparse_tensor.iter_space<#CSR, lvls = 0 to 1> -> index {
    sparse_tensor.yield %c0 : index
  }
  return %r#0, %r#1, %s : index, f32, index
}`, printed: []string{
			"sparse_tensor.iterate %it in %l at(_, %c1) iter_args(%a = %i, %b = %x) : !sparse_tensor.iter_space<#CSR, lvls = 0 to 2> -> (index, f32) {",
			"sparse_tensor.iterate %it2 in %l : !sparse_tensor.iter_space<#CSR, lvls = 0 to 2> {\n    }",
			// One level is written alone, in the type too.
			"sparse_tensor.iterate %it3 in %one at(%c0) iter_args(%d = %i) : !sparse_tensor.iter_space<#CSR, lvls = 0> -> index {",
			"sparse_tensor.extract_value %sp at %it :",
			"sparse_tensor.extract_iteration_space %sp lvls = 0 to 2 :",
			// One level is written alone.
			"sparse_tensor.extract_iteration_space %sp at %it0 lvls = 1 {x} :",
		}},
	}, "sparse_tensor.")
}

// TestSparseTensorSyntaxErrors checks that malformed sparse_tensor ops
// give a located diagnostic rather than a panic.
func TestSparseTensorSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"unknown specifier kind", "func.func @f(%s: !sparse_tensor.storage_specifier<#sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>>) {\n  %0 = sparse_tensor.storage_specifier.get %s size : !sparse_tensor.storage_specifier<#sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>>\n  return\n}\n"},
		{"sort without algorithm", "func.func @f(%n: index, %xy: memref<?xindex>) {\n  sparse_tensor.sort %n, %xy : memref<?xindex>\n  return\n}\n"},
		{"iterate over a tensor", "func.func @f(%t: tensor<4xf32>) {\n  sparse_tensor.iterate %it in %t : tensor<4xf32> {\n  }\n  return\n}\n"},
		{"iterate with fewer results than iter_args", "func.func @f(%s: !sparse_tensor.iter_space<#sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>, lvls = 0>, %i: index) {\n  sparse_tensor.iterate %it in %s iter_args(%a = %i) : !sparse_tensor.iter_space<#sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>, lvls = 0> {\n  }\n  return\n}\n"},
		{"binary without overlap", "func.func @f(%a: f64) {\n  %0 = sparse_tensor.binary %a, %a : f64, f64 to f64\n  left = identity\n  return\n}\n"},
	})
}
