package ir_test

import "testing"

// TestAffineSyntax round-trips the affine dialect's custom forms through
// mlir-opt-22: loop bounds in their constant, symbol and map forms,
// implicit yields, and subscripts that MLIR turns into maps.
func TestAffineSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "for", src: `#lb = affine_map<(d0)[s0] -> (d0 + s0, 3)>
#ub = affine_map<(d0) -> (d0 * 2)>
func.func @f(%a: index, %b: index, %s: index, %x: f32) -> f32 {
  affine.for %i = 0 to 10 {
    "x.use"(%i) : (index) -> ()
  }
  affine.for %i = max #lb(%a)[%s] to min #ub(%b) step 2 {
  } {tag}
  affine.for %i = %a to %b step 0x3 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0)[s0] -> (d0 + 4, s0)>(%i)[%s] {
    }
  }
  affine.for %i = -4 to #ub(%a) {
    affine.yield
  }
  %r = affine.for %i = 0 to 10 iter_args(%acc = %x) -> f32 {
    affine.yield %acc : f32
  }
  %q:2 = affine.for %i = 0 to 10 step 2 iter_args(%u = %x, %v = %r) -> (f32, f32) {
    affine.yield {tag} %v, %u : f32, f32
  }
  return %q#1 : f32
}`},
		{name: "for generic bounds", src: `func.func @f(%a: index, %b: index, %s: index) {
  "affine.for"() <{lowerBoundMap = affine_map<() -> (2 + 3)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (-4)>}> ({
  ^bb0(%i: index):
    "affine.yield"() {tag} : () -> ()
  }) : () -> ()
  "affine.for"(%s, %a, %b) <{lowerBoundMap = affine_map<()[s0] -> ((s0))>, operandSegmentSizes = array<i32: 1, 2, 0>, step = 3 : index, upperBoundMap = affine_map<()[s0, s1] -> (s0, s1 floordiv 4)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}`},
		{name: "if", src: `#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
func.func @f(%a: index, %s: index, %x: f32, %y: f32) -> f32 {
  affine.if #set(%a)[%s] {
    "x.then"() : () -> ()
  }
  affine.if affine_set<() : (0 >= 0)>() {
  } else {
    "x.else"() : () -> ()
  } {tag}
  %r = affine.if #set(%a)[%s] -> f32 {
    affine.yield %x : f32
  } else {
    affine.yield %y : f32
  }
  %q:2 = affine.if #set(%a)[%s] -> (f32, f32) {
    affine.yield %x, %r : f32, f32
  } else {
    affine.yield %y, %y : f32, f32
  }
  "affine.if"() <{condition = affine_set<() : (0 >= 0)>}> ({
    "affine.yield"() {t} : () -> ()
  }, {
  }) : () -> ()
  return %q#0 : f32
}`},
		{name: "load store", src: `func.func @f(%A: memref<?x?xf32>, %B: memref<f32>, %i: index, %j: index, %n: index) {
  %v = affine.load %A[%i + 1, symbol(%n) * 2] : memref<?x?xf32>
  affine.store %v, %A[%i floordiv 2, %j mod 3 + symbol(%n) ceildiv 4] {tag} : memref<?x?xf32>
  %w = affine.load %B[] : memref<f32>
  affine.store %w, %B[] : memref<f32>
  %0 = affine.load %A[symbol(%n), -(%i - 1) + -2] : memref<?x?xf32>
  %1 = affine.load %A[%i + %i, symbol(%n) + %i] : memref<?x?xf32>
  %2 = affine.load %A[symbol(%n) * %i, %i mod symbol(%j)] : memref<?x?xf32>
  %3 = affine.load %A[%n, symbol(%n)] : memref<?x?xf32>
  %4 = affine.load %A[((%i)), 0x10] : memref<?x?xf32>
  return
}`},
		{name: "load store generic maps", src: `#swap = affine_map<(d0, d1) -> (d1, d0)>
func.func @f(%A: memref<?x?xf32>, %C: memref<?xf32>, %a: index, %b: index, %s: index) {
  %r:2 = "x.two"() : () -> (index, index)
  %0 = "affine.load"(%A, %a, %b) <{map = #swap}> : (memref<?x?xf32>, index, index) -> f32
  %1 = "affine.load"(%A, %a, %a) <{map = affine_map<(d0, d1) -> (d0, d1)>}> : (memref<?x?xf32>, index, index) -> f32
  %2 = "affine.load"(%A, %a, %b, %s) <{map = affine_map<(i, j)[N] -> (i + N, (j - 2) * -3)>}> : (memref<?x?xf32>, index, index, index) -> f32
  %3 = "affine.load"(%A, %r#0, %r#1) <{map = affine_map<(d0, d1) -> (d0, d1)>}> : (memref<?x?xf32>, index, index) -> f32
  %4 = "affine.load"(%A, %r#1) <{map = affine_map<(d0) -> (d0, d0 + 1)>}> : (memref<?x?xf32>, index) -> f32
  %5 = "affine.load"(%A, %r#1) <{map = affine_map<(d0) -> (d0, 0)>}> {tag} : (memref<?x?xf32>, index) -> f32
  %6 = "affine.load"(%C, %a, %b) <{map = affine_map<(d0, d1) -> (d1)>}> : (memref<?xf32>, index, index) -> f32
  %7 = "affine.load"(%C, %a, %b) <{map = affine_map<(d0, d1) -> (d0 * 0 + d1)>}> : (memref<?xf32>, index, index) -> f32
  "affine.store"(%0, %A, %s, %a) <{map = affine_map<(d0)[s0] -> (s0, d0)>}> : (f32, memref<?x?xf32>, index, index) -> ()
  return
}`},
		// Only maps that MLIR reads back into the same map and operands print
		// as subscripts.
		{name: "subscript printing", src: `func.func @f(%A: memref<?x?xf32>, %a: index, %b: index, %s: index) {
  %r:2 = "x.two"() : () -> (index, index)
  %0 = "affine.load"(%A, %a, %s) <{map = affine_map<(i)[N] -> (i + N, (i - 2) * -3)>}> : (memref<?x?xf32>, index, index) -> f32
  %1 = "affine.load"(%A, %a, %b) <{map = affine_map<(d0, d1) -> (d1, d0)>}> : (memref<?x?xf32>, index, index) -> f32
  %2 = "affine.load"(%A, %a, %a) <{map = affine_map<(d0, d1) -> (d0, d1)>}> : (memref<?x?xf32>, index, index) -> f32
  %3 = "affine.load"(%A, %r#1) <{map = affine_map<(d0) -> (d0, d0 + 1)>}> : (memref<?x?xf32>, index) -> f32
  %4 = "affine.load"(%A, %r#1) <{map = affine_map<(d0) -> (d0, 0)>}> : (memref<?x?xf32>, index) -> f32
  return
}`, printed: []string{
			"affine.load %A[%a + symbol(%s), (%a - 2) * -3] : memref<?x?xf32>",
			`"affine.load"(%A, %a, %b)`,
			`"affine.load"(%A, %a, %a)`,
			`"affine.load"(%A, %r#1) <{map = affine_map<(d0) -> (d0, d0 + 1)>}>`,
			"affine.load %A[%r#1, 0] : memref<?x?xf32>",
		}},
		{name: "parallel", src: `func.func @f(%A: memref<100x100xf32>, %N: index, %a: index, %b: index, %c: index, %d: index) -> f32 {
  affine.parallel (%i0, %j0) = (0, 0) to (symbol(%N), 100) step (10, 10) {
    %0:2 = affine.parallel (%i1, %j1) = (%i0, %j0) to (%i0 + 10, %j0 + 10) reduce ("minimumf", "maximumf") -> (f32, f32) {
      %2 = affine.load %A[%i0 + %i0, %j0 + %j1] : memref<100x100xf32>
      affine.yield %2, %2 : f32, f32
    }
  }
  affine.parallel (%i, %j, %k) = (max(%a, %b), %b, max(%a, %c)) to (%c, min(%c, %d), %b) {
    affine.yield
  } {tag}
  affine.parallel () = () to () {
  }
  %r = affine.parallel (%i) = (max(0)) to (symbol(%N) floordiv 2) step (3) reduce ("addf") -> f32 {
    %x = affine.load %A[%i, %i] : memref<100x100xf32>
    affine.yield %x : f32
  }
  return %r : f32
}`, printed: []string{
			"affine.parallel (%i0, %j0) = (0, 0) to (symbol(%N), 100) step (10, 10) {",
			`reduce ("minimumf", "maximumf") -> (f32, f32) {`,
			"= (max(%a, %b), %b, max(%a, %c)) to (%c, min(%c, %d), %b) {",
			"affine.parallel () = () to () {",
		}},
		{name: "parallel generic", src: `#lb = affine_map<(d0, d1, d2) -> (d0, d1, d1, d0, d2)>
#ub = affine_map<(d0, d1) -> (d0, d1, d1)>
#swapped = affine_map<(d0, d1) -> (d1, d0)>
func.func @f(%a: index, %b: index, %c: index) {
  "affine.parallel"(%a, %b, %c, %a, %b) <{lowerBoundsGroups = dense<[2, 1, 2]> : tensor<3xi32>, lowerBoundsMap = #lb, reductions = [], steps = [1, 2, 1], upperBoundsGroups = dense<1> : tensor<3xi32>, upperBoundsMap = #ub}> ({
  ^bb0(%i: index, %j: index, %k: index):
    "affine.yield"() : () -> ()
  }) : (index, index, index, index, index) -> ()
  "affine.parallel"(%a, %b) <{lowerBoundsGroups = dense<1> : tensor<2xi32>, lowerBoundsMap = #swapped, reductions = [], steps = [1, 1], upperBoundsGroups = dense<1> : tensor<2xi32>, upperBoundsMap = affine_map<() -> (4, 4)>}> ({
  ^bb0(%i: index, %j: index):
    "affine.yield"() : () -> ()
  }) : (index, index) -> ()
  "affine.parallel"() <{lowerBoundsGroups = dense<> : tensor<0xi32>, lowerBoundsMap = affine_map<() -> ()>, reductions = [], steps = [], upperBoundsGroups = dense<> : tensor<0xi32>, upperBoundsMap = affine_map<() -> ()>}> ({
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}`, printed: []string{
			"affine.parallel (%i, %j, %k) = (max(%a, %b), %b, max(%a, %c)) to (%a, %b, %b) step (1, 2, 1) {",
			// MLIR would number %b first: the map is another.
			`"affine.parallel"(%a, %b) <{`,
			"affine.parallel () = () to () {",
		}},
		{name: "linearize", src: `func.func @f(%i: index, %b: index) -> (index, index, index, index) {
  %r:3 = affine.delinearize_index %i into (%b, 3, 4) : index, index, index
  %m:2 = affine.delinearize_index %i into (3) {tag} : index, index
  %l = affine.linearize_index disjoint [%r#0, %r#1] by (%b, 3) : index
  %n = affine.linearize_index [%m#0, %m#1, %i] by (2, %b, %b) {tag} : index
  return %r#0, %l, %m#1, %n : index, index, index, index
}`},
	}, "affine.")
}

// TestAffineSyntaxErrors checks that malformed affine ops give a located
// diagnostic rather than a panic.
func TestAffineSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"for without to", "func.func @f(%a: index) {\n  affine.for %i = 0 10 {\n  }\n  return\n}\n"},
		{"for negative step", "func.func @f() {\n  affine.for %i = 0 to 10 step -1 {\n  }\n  return\n}\n"},
		{"for bound not a map", "func.func @f() {\n  affine.for %i = \"x\" to 10 {\n  }\n  return\n}\n"},
		{"for bound dim count", "func.func @f(%a: index) {\n  affine.for %i = affine_map<(d0, d1) -> (d0)>(%a) to 10 {\n  }\n  return\n}\n"},
		{"for bound symbol count", "func.func @f(%a: index) {\n  affine.for %i = affine_map<(d0) -> (d0)>(%a)[%a] to 10 {\n  }\n  return\n}\n"},
		{"for multi-result bound without max", "func.func @f(%a: index) {\n  affine.for %i = affine_map<(d0) -> (d0, 0)>(%a) to 10 {\n  }\n  return\n}\n"},
		{"for iter_args count", "func.func @f(%x: f32) {\n  %r = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32, f32) {\n  }\n  return\n}\n"},
		{"if not a set", "func.func @f(%a: index) {\n  affine.if affine_map<(d0) -> (d0)>(%a) {\n  }\n  return\n}\n"},
		{"if dim count", "func.func @f(%a: index) {\n  affine.if affine_set<(d0) : (d0 >= 0)>() {\n  }\n  return\n}\n"},
		{"load unclosed subscripts", "func.func @f(%A: memref<4xf32>, %i: index) {\n  %0 = affine.load %A[%i + 1 : memref<4xf32>\n  return\n}\n"},
		{"load dangling operator", "func.func @f(%A: memref<4xf32>, %i: index) {\n  %0 = affine.load %A[%i +] : memref<4xf32>\n  return\n}\n"},
		{"load bare identifier", "func.func @f(%A: memref<4xf32>, %i: index) {\n  %0 = affine.load %A[d0] : memref<4xf32>\n  return\n}\n"},
		{"load symbol without value", "func.func @f(%A: memref<4xf32>, %i: index) {\n  %0 = affine.load %A[symbol(3)] : memref<4xf32>\n  return\n}\n"},
		{"load repeated result number", "func.func @f(%A: memref<4x4xf32>) {\n  %r:2 = \"x.two\"() : () -> (index, index)\n  %0 = affine.load %A[%r#0, %r#1] : memref<4x4xf32>\n  return\n}\n"},
		{"load tensor", "func.func @f(%A: tensor<4xf32>, %i: index) {\n  %0 = affine.load %A[%i] : tensor<4xf32>\n  return\n}\n"},
		{"delinearize without into", "func.func @f(%i: index) {\n  %r:2 = affine.delinearize_index %i (3) : index, index\n  return\n}\n"},
		{"linearize without by", "func.func @f(%i: index) {\n  %l = affine.linearize_index [%i, %i] (3) : index\n  return\n}\n"},
		{"parallel bound count", "func.func @f(%a: index) {\n  affine.parallel (%i, %j) = (0) to (%a, %a) {\n  }\n  return\n}\n"},
		{"parallel min in lower bound", "func.func @f(%a: index) {\n  affine.parallel (%i) = (min(%a, 0)) to (%a) {\n  }\n  return\n}\n"},
		{"parallel empty max", "func.func @f(%a: index) {\n  affine.parallel (%i) = (max()) to (%a) {\n  }\n  return\n}\n"},
		{"parallel step count", "func.func @f(%a: index) {\n  affine.parallel (%i) = (0) to (%a) step (1, 2) {\n  }\n  return\n}\n"},
		{"parallel unknown reduction", "func.func @f(%a: index) {\n  %r = affine.parallel (%i) = (0) to (%a) reduce (\"plus\") -> f32 {\n  }\n  return\n}\n"},
		{"store without comma", "func.func @f(%A: memref<4xf32>, %i: index, %x: f32) {\n  affine.store %x %A[%i] : memref<4xf32>\n  return\n}\n"},
	})
}
