package ir_test

import "testing"

// TestArithSyntax round-trips the arith dialect's custom forms through
// mlir-opt-22, with their flags, the defaults MLIR fills in and the lenient
// spellings it accepts.
func TestArithSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "int binary", src: `func.func @f(%a: i32, %b: i32, %i: index) -> (i32, index) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %0, %b overflow<nsw> : i32
  %2 = arith.muli %1, %a overflow<nuw, nsw> {tag} : i32
  %3 = arith.shli %2, %b overflow<none> : i32
  %4 = arith.divsi %3, %b exact : i32
  %5 = arith.shrui %4, %b exact {tag = 1} : i32
  %6 = arith.ceildivsi %5, %a : i32
  %7 = arith.floordivsi %6, %a : i32
  %8 = arith.maxui %7, %a : i32
  %9 = arith.remui %i, %i : index
  %10 = arith.addi %a, %b {overflowFlags = #arith.overflow<nsw>} : i32
  return %8, %9 : i32, index
}`},
		{name: "float binary", src: `func.func @f(%a: f32, %b: vector<[4]xbf16>) -> (f32, vector<[4]xbf16>) {
  %0 = arith.addf %a, %a fastmath<fast> : f32
  %1 = arith.subf %0, %a fastmath<ninf, nnan> : f32
  %2 = arith.mulf %1, %a fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %3 = arith.maximumf %2, %a fastmath<none> : f32
  %4 = arith.negf %3 {fastmath = #arith.fastmath<nsz>} : f32
  %5 = arith.minnumf %b, %b : vector<[4]xbf16>
  return %4, %5 : f32, vector<[4]xbf16>
}`},
		{name: "extended", src: `func.func @f(%a: i32, %v: vector<4xi8>) {
  %0:2 = arith.addui_extended %a, %a : i32, i1
  %s, %o = arith.addui_extended %v, %v {tag} : vector<4xi8>, vector<4xi1>
  %l, %h = arith.mulsi_extended %a, %a : i32
  %1:2 = arith.mului_extended %v, %v : vector<4xi8>
  return
}`},
		{name: "compare", src: `func.func @f(%a: i64, %x: f64, %t: tensor<2x?xf64, "enc">, %u: tensor<*xi8>, %v: vector<2x[4]xf32>) {
  %0 = arith.cmpi uge, %a, %a : i64
  %1 = arith.cmpi "ne", %a, %a {tag} : i64
  %2 = arith.cmpi slt, %u, %u : tensor<*xi8>
  %3 = arith.cmpf uno, %x, %x fastmath<nnan> : f64
  %4 = arith.cmpf true, %t, %t : tensor<2x?xf64, "enc">
  %5 = arith.cmpf false, %v, %v : vector<2x[4]xf32>
  return
}`},
		{name: "casts", src: `func.func @f(%a: i32, %x: f32, %t: tensor<?xi32>, %m: memref<4xi32>) {
  %0 = arith.extsi %a : i32 to i64
  %1 = arith.trunci %a overflow<nsw, nuw> : i32 to i8
  %2 = arith.sitofp %t {tag} : tensor<?xi32> to tensor<?xf32>
  %3 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  %4 = arith.truncf %x downward fastmath<fast> : f32 to bf16
  %5 = arith.truncf %x : f32 to f16
  %6 = arith.extf %x fastmath<contract> : f32 to f64
  %7 = arith.scaling_truncf %x, %x toward_zero : f32, f32 to f16
  %8 = arith.scaling_extf %x, %x : f32, f32 to f64
  %9 = arith.bitcast %x : f32 to i32
  return
}`},
		{name: "select", src: `func.func @f(%c: i1, %m: vector<4xi1>, %a: vector<4xf32>, %t: tensor<2xi1>, %u: tensor<2xi32>) {
  %0 = arith.select %c, %a, %a : vector<4xf32>
  %1 = arith.select %m, %a, %a {tag} : vector<4xi1>, vector<4xf32>
  %2 = arith.select %t, %u, %u : tensor<2xi1>, tensor<2xi32>
  return
}`},
		{name: "constants", src: `#cst = dense<[1.5, 2.0]> : tensor<2xf32>
func.func @f() {
  %0 = arith.constant 42
  %1 = arith.constant -1.5
  %2 = arith.constant true
  %3 = arith.constant {tag} 0x7FC00000 : f32
  %4 = arith.constant #cst
  %5 = arith.constant dense<> : tensor<0xi32>
  %6 = arith.constant dense_resource<blob> : tensor<2xi32>
  %7 = arith.constant 170141183460469231731687303715884105727 : i128
  return
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000100000002000000"
    }
  }
#-}`},
		{name: "generic with inherent attributes in the dictionary", src: `func.func @f(%x: f64) {
  %0 = "arith.cmpf"(%x, %x) {predicate = 13 : i64} : (f64, f64) -> i1
  %1 = "arith.constant"() {value = 3 : index} : () -> index
  %2 = "arith.addf"(%x, %x) : (f64, f64) -> f64
  return
}`},
	}, "arith.")
}

// TestArithSyntaxErrors checks that malformed arith ops give located
// errors, not panics.
func TestArithSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"unknown predicate", "func.func @f(%a: i32) {\n  %0 = arith.cmpi lt, %a, %a : i32\n  return\n}\n"},
		{"predicate not keyword", "func.func @f(%a: i32) {\n  %0 = arith.cmpi 3, %a, %a : i32\n  return\n}\n"},
		{"unknown fastmath flag", "func.func @f(%a: f32) {\n  %0 = arith.addf %a, %a fastmath<quick> : f32\n  return\n}\n"},
		{"unclosed flags", "func.func @f(%a: i32) {\n  %0 = arith.addi %a, %a overflow<nsw : i32\n  return\n}\n"},
		{"missing operand", "func.func @f(%a: i32) {\n  %0 = arith.addi %a : i32\n  return\n}\n"},
		{"cast without to", "func.func @f(%a: i32) {\n  %0 = arith.extsi %a : i32 i64\n  return\n}\n"},
		{"untyped constant", "func.func @f() {\n  %0 = arith.constant [1, 2]\n  return\n}\n"},
		{"extended one type", "func.func @f(%a: i32) {\n  %0:2 = arith.addui_extended %a, %a : i32\n  return\n}\n"},
		{"select two operands", "func.func @f(%c: i1, %a: i32) {\n  %0 = arith.select %c, %a : i32\n  return\n}\n"},
		{"truncated", "func.func @f(%a: f32) {\n  %0 = arith.negf %a fastmath<"},
	})
}
