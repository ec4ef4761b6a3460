package rewrite_test

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"bufferlog/ir"
	"bufferlog/rewrite"
)

// fixedPlan is a Plan written by hand, so that Bufferize is tested apart
// from the analysis: every operand is in place except those named in out
// ("OPNAME#OPERAND"), whose contents are copied if copies says so, and
// the loop operands named in drop lose their iter_arg.
type fixedPlan struct {
	out, drop map[string]bool
	copies    bool
}

func operandKey(op *ir.Operation, i int) string { return op.Name + "#" + strconv.Itoa(i) }

func (p fixedPlan) InPlace(op *ir.Operation, i int) bool { return !p.out[operandKey(op, i)] }
func (p fixedPlan) CopiesContents(op *ir.Operation, i int) bool {
	return p.copies && p.out[operandKey(op, i)]
}
func (p fixedPlan) DropsIterArg(op *ir.Operation, i int) bool { return p.drop[operandKey(op, i)] }

// TestBufferize rewrites small tensor functions under plans written by
// hand: each output must verify and hold the lines of want in order and
// none of avoid.
func TestBufferize(t *testing.T) {
	for _, tc := range []struct {
		name, body  string
		plan        fixedPlan
		opt         rewrite.Options
		want, avoid []string
	}{
		{"in place: the store goes into the argument's buffer", `func.func @f(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = tensor.insert %v into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}`, fixedPlan{}, rewrite.Options{},
			[]string{"func.func @f(%t: memref<4xf32, strided<[?], offset: ?>>", "memref.store %v, %t[%c0]", "return %t"},
			[]string{"memref.alloc", "memref.copy", "tensor."}},
		{"out of place: a new buffer receives the contents", `func.func @f(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = tensor.insert %v into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}`, fixedPlan{out: map[string]bool{"tensor.insert#1": true}, copies: true}, rewrite.Options{Alignment: 64},
			[]string{"memref.alloc() {alignment = 64 : i64} : memref<4xf32>", "memref.copy %t,", "memref.store %v,"},
			nil},
		{"out of place without contents: no copy", `func.func @f(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %r = linalg.fill ins(%v : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}`, fixedPlan{out: map[string]bool{"linalg.fill#1": true}}, rewrite.Options{},
			[]string{"memref.alloc() : memref<4xf32>", "linalg.fill ins(%v : f32) outs("},
			[]string{"memref.copy"}},
		{"identity layout at the boundary", `func.func @f(%t: tensor<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %t[%c0] : tensor<4xf32>
  return %x : f32
}`, fixedPlan{}, rewrite.Options{Layout: rewrite.IdentityLayout},
			[]string{"func.func @f(%t: memref<4xf32>) -> f32", "memref.load %t[%c0] : memref<4xf32>"},
			[]string{"strided"}},
		{"a slice read becomes a subview; an unread slice becomes nothing", `func.func @f(%t: tensor<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %u = tensor.extract_slice %t[0] [2] [1] : tensor<8xf32> to tensor<2xf32>
  %x = tensor.extract %s[%c0] : tensor<4xf32>
  return %x : f32
}`, fixedPlan{}, rewrite.Options{},
			[]string{"memref.subview %t[2] [4] [1]", "memref.load"},
			[]string{"[0] [2] [1]"}},
		{"a loop whose iter_arg is one buffer with its result drops it", `func.func @f(%t: tensor<4xf32>, %v: f32, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<4xf32>) {
    %b = tensor.insert %v into %a[%c0] : tensor<4xf32>
    scf.yield %b : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}`, fixedPlan{drop: map[string]bool{"scf.for#3": true}}, rewrite.Options{},
			[]string{"scf.for %i = %c0 to %n step %c1 {", "memref.store %v, %t[%c0]", "return %t"},
			[]string{"iter_args"}},
		{"an unknown op is kept with conversions at its boundary", `func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = "my.op"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}`, fixedPlan{}, rewrite.Options{AllowUnknownOps: true},
			[]string{"bufferization.to_tensor %t", "\"my.op\"(", "bufferization.to_buffer"},
			nil},
		{"a branch to one block twice: the second edge gets a block of its own", `func.func @f(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  cf.cond_br %c, ^bb1(%a : tensor<4xf32>), ^bb1(%b : tensor<4xf32>)
^bb1(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}`, fixedPlan{}, rewrite.Options{},
			[]string{"cf.cond_br %c, ^bb2(%a", "), ^bb1(%b", "^bb1(%arg0", "cf.br ^bb2(%arg0", "^bb2(%r", "return %r"},
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkLines(t, bufferized(t, tc.body, tc.plan, tc.opt), tc.want, tc.avoid)
		})
	}
}

// TestBufferizeUnknownOp: without AllowUnknownOps, an op on tensors that
// has no bufferization is an error naming it.
func TestBufferizeUnknownOp(t *testing.T) {
	m, err := ir.Parse("in.mlir", []byte(`func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = "my.op"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}`))
	if err != nil {
		t.Fatal(err)
	}
	err = rewrite.Bufferize(m, fixedPlan{}, rewrite.Options{})
	var re *rewrite.Error
	if !errors.As(err, &re) || re.Op == nil || re.Op.Name != "my.op" {
		t.Fatalf("Bufferize = %v, want an error at my.op", err)
	}
}

// TestBufferizeMemorySpaces: a buffer cannot be converted into another
// memory space; where a carrier would need it, the error says so. A cf
// block argument takes the space of the first branch rewritten that
// passes it a buffer (testdata/bufferize/memory_space.txtar), wherever
// its block is listed (block_order.txtar).
func TestBufferizeMemorySpaces(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"cf block argument passed two spaces", `func.func @f(%v: f32, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %t = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  cf.cond_br %c, ^a, ^b(%t : tensor<4xf32>)
^a:
  %d = bufferization.alloc_tensor() : tensor<4xf32>
  %u = linalg.fill ins(%v : f32) outs(%d : tensor<4xf32>) -> tensor<4xf32>
  cf.br ^b(%u : tensor<4xf32>)
^b(%x: tensor<4xf32>):
  %e = tensor.extract %x[%c0] : tensor<4xf32>
  return %e : f32
}`, "it is in memory space default, not 1"},
		{"returns in two spaces", `func.func @f(%c: i1) -> tensor<4xf32> {
  cf.cond_br %c, ^a, ^b
^a:
  %t = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  return %t : tensor<4xf32>
^b:
  %u = bufferization.alloc_tensor() : tensor<4xf32>
  return %u : tensor<4xf32>
}`, "result #0 is returned in memory space default here and 1 elsewhere"},
		{"scf.if arms in two spaces", `func.func @f(%c: i1) -> tensor<4xf32> {
  %r = scf.if %c -> tensor<4xf32> {
    %t = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
    scf.yield %t : tensor<4xf32>
  } else {
    %u = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}`, "it is in memory space 2, not 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ir.Parse("in.mlir", []byte(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			err = rewrite.Bufferize(m, fixedPlan{}, rewrite.Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Bufferize = %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

// bufferized parses body, bufferizes it under plan and opt, verifies the
// result and prints it.
func bufferized(t *testing.T, body string, plan rewrite.Plan, opt rewrite.Options) string {
	t.Helper()
	m, err := ir.Parse("in.mlir", []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	if err := rewrite.Bufferize(m, plan, opt); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := ir.Print(&b, m, ir.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("the result does not verify: %v\n%s", err, b.String())
	}
	return b.String()
}
