package ir_test

import "testing"

// TestMLProgramSyntax round-trips the ml_program dialect through
// mlir-opt-22: functions and subgraphs (whose bodies are graphs),
// globals with and without initial values, typed extern attributes, and
// the loads and stores that tokens order.
func TestMLProgramSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "functions and globals", src: `ml_program.global private mutable @g : tensor<?xi32>
ml_program.global public @h(dense<1> : tensor<2xi32>) : tensor<2xi32> {foo}
ml_program.global nested mutable @e(#ml_program.extern : tensor<4xi32>) : tensor<?xi32>
ml_program.func private @decl(i32) -> i32
ml_program.func @f(%a: i32) -> tensor<2xi32> {
  %0 = ml_program.global_load @g : tensor<?xi32> {b}
  ml_program.global_store @g = %0 : tensor<?xi32> {c}
  %1 = ml_program.global_load_const @h : tensor<2xi32>
  ml_program.return %1 : tensor<2xi32>
}
ml_program.subgraph @s(%t: !ml_program.token) -> (tensor<?xi32>, !ml_program.token) {
  %k3 = ml_program.global_store_graph @g = %0 ordering(%k, %t -> !ml_program.token) : tensor<?xi32>
  %0, %k = ml_program.global_load_graph @g ordering(%t -> !ml_program.token) : tensor<?xi32> {a}
  %k2 = ml_program.global_store_graph @g = %0 ordering(() -> !ml_program.token) : tensor<?xi32>
  %t2 = ml_program.token {d}
  ml_program.output %0, %k3 : tensor<?xi32>, !ml_program.token
}`, printed: []string{
			"ml_program.global nested mutable @e(#ml_program.extern : tensor<4xi32>) : tensor<?xi32>",
			"ml_program.global_store_graph @g = %0 ordering(%k, %t -> !ml_program.token) : tensor<?xi32>",
			"ml_program.func private @decl(i32) -> i32",
		}},
	}, "ml_program.")
	testSyntaxErrors(t, []errorCase{
		{"global without visibility", "ml_program.global @g : tensor<?xi32>\n"},
		{"global without type", "ml_program.global private mutable @g\n"},
		{"store graph without ordering", "ml_program.subgraph @s(%x: tensor<?xi32>) {\n  %k = ml_program.global_store_graph @g = %x : tensor<?xi32>\n  ml_program.output\n}\n"},
		{"ordering without arrow", "ml_program.subgraph @s(%x: tensor<?xi32>) {\n  %k = ml_program.global_store_graph @g = %x ordering(()) : tensor<?xi32>\n  ml_program.output\n}\n"},
	})
}
