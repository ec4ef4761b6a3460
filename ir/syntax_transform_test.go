package ir_test

import "testing"

// TestTransformSyntax round-trips a transform script through
// mlir-opt-22: sequences with and without operands and results, ops
// written without the dialect prefix inside them, the implied yield, and
// the declared ops, every one in its custom form.
func TestTransformSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "script", src: `transform.sequence failures(propagate) {
^bb0(%root: !transform.any_op, %v: !transform.any_value, %p: !transform.any_param):
  %0 = sequence %root : !transform.any_op -> !transform.any_op failures(suppress) {
  ^bb1(%a: !transform.any_op):
    yield %a : !transform.any_op
  }
  transform.sequence %root, %v, %p : (!transform.any_op, !transform.any_value, !transform.any_param) failures(propagate) attributes {tag} {
  ^bb1(%a: !transform.any_op, %b: !transform.any_value, %c: !transform.any_param):
  }
  %1:2 = transform.foreach %root, %v, %p : !transform.any_op, !transform.any_value, !transform.any_param -> !transform.any_param, !transform.any_value {
  ^bb1(%a: !transform.any_op, %b: !transform.any_value, %c: !transform.any_param):
    transform.yield %c, %b : !transform.any_param, !transform.any_value
  }
  transform.foreach %root : !transform.any_op {
  ^bb1(%a: !transform.any_op):
  }
  %2 = cast %0 : !transform.any_op to !transform.op<"builtin.module">
  transform.print %root {name = "test"} : !transform.any_op
  transform.print {assume_verified}
  %3 = transform.structured.match ops{["linalg.matmul", "linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
  %4 = transform.structured.match attributes {tag} in %root : (!transform.any_op) -> !transform.any_op
  %5:4 = transform.structured.tile_using_for %3 tile_sizes [4, 4, [4]] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
  %6 = transform.param.constant 4 : i64 -> !transform.any_param
  %7:3 = transform.structured.tile_using_for %4 tile_sizes [%6, 8] : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
}
transform.with_pdl_patterns {
^bb0(%arg0: !transform.any_op):
  sequence %arg0 : !transform.any_op failures(propagate) {
  ^bb1(%arg1: !transform.any_op):
  }
}`, printed: []string{
			"transform.sequence %root, %v, %p : (!transform.any_op, !transform.any_value, !transform.any_param) failures(propagate) attributes {tag} {",
			"transform.sequence %root : !transform.any_op -> !transform.any_op failures(suppress) {",
			"transform.foreach %root, %v, %p : !transform.any_op, !transform.any_value, !transform.any_param -> !transform.any_param, !transform.any_value {",
			"transform.structured.tile_using_for %3 tile_sizes [4, 4, [4]] :",
			"transform.structured.tile_using_for %4 tile_sizes [%6, 8] :",
			`transform.structured.match ops{["linalg.matmul", "linalg.fill"]} in %root`,
			"transform.print {assume_verified}",
		}},
	}, "transform.")
	testSyntaxErrors(t, []errorCase{
		{"sequence without failures", "transform.sequence {\n^bb0(%a: !transform.any_op):\n}\n"},
		{"sequence unknown mode", "transform.sequence failures(ignore) {\n^bb0(%a: !transform.any_op):\n}\n"},
		{"sequence type count", "transform.sequence failures(propagate) {\n^bb0(%a: !transform.any_op):\n  transform.sequence %a, %a : !transform.any_op failures(propagate) {\n  ^bb1(%b: !transform.any_op):\n  }\n}\n"},
		{"tile sizes unclosed", "transform.sequence failures(propagate) {\n^bb0(%a: !transform.any_op):\n  %0:2 = transform.structured.tile_using_for %a tile_sizes [4, [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)\n}\n"},
		{"cast without to", "transform.sequence failures(propagate) {\n^bb0(%a: !transform.any_op):\n  %0 = transform.cast %a : !transform.any_op !transform.any_op\n}\n"},
	})
}
