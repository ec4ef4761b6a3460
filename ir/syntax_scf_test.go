package ir_test

import "testing"

// TestSCFSyntax round-trips the scf dialect's custom forms through
// mlir-opt-22, with the implicit terminators MLIR's parser adds and its
// printer leaves out.
func TestSCFSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "for", src: `func.func @f(%lb: index, %ub: index, %s: index, %t: tensor<4xf32>, %x: i32) -> (tensor<4xf32>, i32) {
  scf.for %i = %lb to %ub step %s {
    "x.use"(%i) : (index) -> ()
  } {tag}
  scf.for %i = %lb to %ub step %s {
  }
  %r:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %t, %b = %x) -> (tensor<4xf32>, i32) {
    scf.yield {tag} %a, %b : tensor<4xf32>, i32
  }
  %q = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> i32 {
    scf.yield %a : i32
  }
  return %r#0, %q : tensor<4xf32>, i32
}`},
		{name: "for integer iv", src: `func.func @f(%lb: i32, %ub: i32, %s: i64) {
  scf.for unsigned %i = %lb to %ub step %lb : i32 {
    "x.use"(%i) : (i32) -> ()
  }
  scf.for %i = %s to %s step %s : i64 {
    scf.yield
  }
  return
}`},
		{name: "if", src: `func.func @f(%c: i1, %a: f32, %b: f32) -> (f32, f32) {
  scf.if %c {
    "x.then"() : () -> ()
  }
  scf.if %c {
  } else {
    "x.else"() : () -> ()
  } {tag}
  %r:2 = scf.if %c -> (f32, f32) {
    scf.yield %a, %b : f32, f32
  } else {
    scf.yield %b, %a : f32, f32
  }
  %s = scf.if %c -> f32 {
    scf.yield %a : f32
  } else {
    scf.yield %b : f32
  }
  return %r#1, %s : f32, f32
}`},
		{name: "while", src: `func.func @f(%x: i32, %c: i1) -> f32 {
  %r = scf.while (%a = %x) : (i32) -> f32 {
    %f = "x.conv"(%a) : (i32) -> f32
    scf.condition(%c) {tag} %f : f32
  } do {
  ^bb0(%g: f32):
    %n = "x.conv"(%g) : (f32) -> i32
    scf.yield %n : i32
  } attributes {tag}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return %r : f32
}`},
		{name: "forall", src: `func.func @f(%t: tensor<8xf32>, %n: index, %s: tensor<4xf32>) -> tensor<8xf32> {
  %0 = scf.forall (%i, %j) in (%n, 2) shared_outs(%o = %t) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [4] [1] : tensor<4xf32> into tensor<8xf32>
    }
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  scf.forall (%i) = (%n) to (8) step (%n) {
    "x.use"(%i) : (index) -> ()
  }
  return %0 : tensor<8xf32>
}`},
		{name: "execute region", src: `func.func @f(%a: i32, %c: i1) -> (i32, i32) {
  %r = scf.execute_region -> i32 no_inline {
    "x.cond_br"(%c) [^bb1, ^bb2] : (i1) -> ()
  ^bb1:
    scf.yield %a : i32
  ^bb2:
    scf.yield %a : i32
  } {tag}
  %q:2 = scf.execute_region -> (i32, i32) {
    scf.yield %a, %a : i32, i32
  }
  scf.execute_region {
    scf.yield
  }
  return %r, %q#1 : i32, i32
}`},
		{name: "index switch", src: `func.func @f(%k: index, %a: f32) -> f32 {
  %r = scf.index_switch %k {tag} -> f32
  case -1 {
    scf.yield %a : f32
  }
  case 7 {
    scf.yield %a : f32
  }
  default {
    scf.yield %a : f32
  }
  scf.index_switch %k
  case 2 {
    scf.yield
  }
  default {
  }
  return %r : f32
}`},
		{name: "parallel reduce", src: `func.func @f(%lb: index, %ub: index, %x: f32, %y: i32) -> (f32, i32) {
  %r:2 = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%lb, %lb) init (%x, %y) -> (f32, i32) {
    scf.reduce(%x, %y : f32, i32) {
    ^bb0(%l: f32, %m: f32):
      scf.reduce.return %l : f32
    }, {
    ^bb0(%l: i32, %m: i32):
      scf.reduce.return %m : i32
    }
  } {tag}
  scf.parallel (%i) = (%lb) to (%ub) step (%lb) {
  }
  return %r#0, %r#1 : f32, i32
}`},
	}, "scf.")
}

// TestSCFSyntaxErrors checks that malformed scf ops give a located
// diagnostic rather than a panic.
func TestSCFSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"for without step", "func.func @f(%a: index) {\n  scf.for %i = %a to %a {\n  }\n  return\n}\n"},
		{"for iter_args count", "func.func @f(%a: index) {\n  %r = scf.for %i = %a to %a step %a iter_args(%x = %a) -> (index, index) {\n  }\n  return\n}\n"},
		{"if non-i1 condition", "func.func @f(%a: index) {\n  scf.if %a {\n  }\n  return\n}\n"},
		{"while input count", "func.func @f(%a: index) {\n  scf.while (%x = %a) : () -> () {\n  } do {\n  }\n  return\n}\n"},
		{"forall shared_outs without types", "func.func @f(%a: index, %t: tensor<4xf32>) {\n  scf.forall (%i) in (4) shared_outs(%o = %t) {\n  }\n  return\n}\n"},
		{"parallel bound count", "func.func @f(%a: index) {\n  scf.parallel (%i, %j) = (%a) to (%a, %a) step (%a, %a) {\n  }\n  return\n}\n"},
		{"index switch without default", "func.func @f(%a: index) {\n  scf.index_switch %a\n  case 1 {\n    scf.yield\n  }\n  return\n}\n"},
		{"condition without parens", "func.func @f(%c: i1) {\n  scf.while : () -> () {\n    scf.condition %c\n  } do {\n    scf.yield\n  }\n  return\n}\n"},
	})
}
