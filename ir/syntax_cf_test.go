package ir_test

import (
	"testing"

	"bufferlog/ir"
)

// TestCFSyntax round-trips the cf dialect's custom forms through
// mlir-opt-22.
func TestCFSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "branches", src: `func.func @f(%c: i1, %x: i32, %t: tensor<?xf32>) -> i32 {
  cf.br ^bb1(%x, %t : i32, tensor<?xf32>) {tag}
^bb1(%a: i32, %b: tensor<?xf32>):
  cf.cond_br %c weights([3, 5]), ^bb2(%a : i32), ^bb3 {tag}
^bb2(%r: i32):
  cf.assert %c, "quote \" and newline \n" {tag}
  cf.cond_br %c, ^bb3, ^bb2(%x : i32)
^bb3:
  return %x : i32
}`},
		{name: "switch", src: `func.func @f(%k: i32, %j: i8, %u: ui16, %x: f32) {
  cf.switch %k : i32, [
    default: ^bb1(%x : f32),
    0: ^bb2,
    -1: ^bb1(%x : f32),
    4294967294: ^bb2
  ] {tag}
^bb1(%a: f32):
  cf.switch %j : i8, [default: ^bb2, 200: ^bb3(%x, %x : f32, f32)]
^bb2:
  cf.switch %u : ui16, [
    default: ^bb3(%x, %x : f32, f32),
    65535: ^bb2
  ]
^bb3(%p: f32, %q: f32):
  cf.switch %k : i32, [
    default: ^bb4
  ]
^bb4:
  return
}`},
	}, "cf.")
}

// TestCFSyntaxErrors checks that malformed cf ops give located errors.
func TestCFSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"br without block", "func.func @f() {\n  cf.br %x\n}\n"},
		{"cond_br one successor", "func.func @f(%c: i1) {\n  cf.cond_br %c, ^bb1\n^bb1:\n  return\n}\n"},
		{"weights not a list", "func.func @f(%c: i1) {\n  cf.cond_br %c weights(3), ^bb1, ^bb1\n^bb1:\n  return\n}\n"},
		{"switch without default", "func.func @f(%k: i32) {\n  cf.switch %k : i32, [\n    0: ^bb1\n  ]\n^bb1:\n  return\n}\n"},
		{"switch on float", "func.func @f(%k: f32) {\n  cf.switch %k : f32, [\n    default: ^bb1\n  ]\n^bb1:\n  return\n}\n"},
		{"case value too large", "func.func @f(%k: i64) {\n  cf.switch %k : i64, [\n    default: ^bb1,\n    99999999999999999999: ^bb1\n  ]\n^bb1:\n  return\n}\n"},
		{"assert without message", "func.func @f(%c: i1) {\n  cf.assert %c\n  return\n}\n"},
		{"undefined block", "func.func @f() {\n  cf.br ^nowhere\n}\n"},
	})
}

// TestSuccessorOperands checks which operands cf terminators forward to
// each successor.
func TestSuccessorOperands(t *testing.T) {
	src := `func.func @f(%c: i1, %k: i32, %x: i32, %y: i32) {
  cf.cond_br %c, ^bb1(%x, %y : i32, i32), ^bb2
^bb1(%a: i32, %b: i32):
  cf.switch %k : i32, [
    default: ^bb2,
    1: ^bb3(%a : i32),
    2: ^bb1(%b, %a : i32, i32)
  ]
^bb2:
  cf.br ^bb3(%y : i32)
^bb3(%r: i32):
  "test.op"()[^bb2] : () -> ()
}`
	m, err := ir.Parse("in.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	blocks := m.Body().Ops()[0].Regions[0].Blocks()
	x, y := blocks[0].Arg(2), blocks[0].Arg(3)
	a, b := blocks[1].Args()[0], blocks[1].Args()[1]
	tests := []struct {
		name string
		op   *ir.Operation
		succ int
		want []*ir.Value
	}{
		{"cond_br true", blocks[0].Terminator(), 0, []*ir.Value{x, y}},
		{"cond_br false", blocks[0].Terminator(), 1, nil},
		{"switch default", blocks[1].Terminator(), 0, nil},
		{"switch case 1", blocks[1].Terminator(), 1, []*ir.Value{a}},
		{"switch case 2", blocks[1].Terminator(), 2, []*ir.Value{b, a}},
		{"switch out of range", blocks[1].Terminator(), 3, nil},
		{"br", blocks[2].Terminator(), 0, []*ir.Value{y}},
		{"unknown op", blocks[3].Terminator(), 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ir.SuccessorOperands(tc.op, tc.succ)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d operands, want %d", len(got), len(tc.want))
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("operand %d is %s, want %s", i, got[i].Name, tc.want[i].Name)
				}
			}
		})
	}
}

// TestForwardedTo checks which successor and block argument each operand
// of a cf terminator is passed to, where one value is passed twice.
func TestForwardedTo(t *testing.T) {
	src := `func.func @f(%c: i1, %k: i32, %x: i32) {
  cf.cond_br %c, ^bb1(%x, %x : i32, i32), ^bb2(%x : i32)
^bb1(%a: i32, %b: i32):
  cf.switch %k : i32, [
    default: ^bb2(%a : i32),
    1: ^bb1(%b, %a : i32, i32)
  ]
^bb2(%r: i32):
  return
}`
	m, err := ir.Parse("in.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	blocks := m.Body().Ops()[0].Regions[0].Blocks()
	condBr, sw := blocks[0].Terminator(), blocks[1].Terminator()
	tests := []struct {
		name      string
		op        *ir.Operation
		operand   int
		succ, arg int
		forwarded bool
	}{
		{"condition", condBr, 0, 0, 0, false},
		{"true, first", condBr, 1, 0, 0, true},
		{"true, second", condBr, 2, 0, 1, true},
		{"false", condBr, 3, 1, 0, true},
		{"switch flag", sw, 0, 0, 0, false},
		{"switch default", sw, 1, 0, 0, true},
		{"switch case, second", sw, 3, 1, 1, true},
		{"out of range", sw, 9, 0, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			succ, arg, ok := ir.ForwardedTo(tc.op, tc.operand)
			if ok != tc.forwarded || ok && (succ != tc.succ || arg != tc.arg) {
				t.Errorf("ForwardedTo(%d) = %d, %d, %v; want %d, %d, %v", tc.operand, succ, arg, ok, tc.succ, tc.arg, tc.forwarded)
			}
		})
	}
}
