package main

import (
	"fmt"
	"strings"
	"testing"

	"bufferlog/internal/tooltest"
	"bufferlog/rules"
	"bufferlog/solve"
)

// callChain is a program whose @main calls @f<depth>, each @fK returning
// the fresh tensor of @f<K-1>, and @f0 filling a new one: every level
// hands its callee's buffer on to its caller, which must free it.
func callChain(depth int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "// A chain of %d calls, each returning its callee's fresh tensor.\n", depth)
	b.WriteString(`func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @f0(%v: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}
`)
	for k := 1; k <= depth; k++ {
		fmt.Fprintf(&b, `func.func private @f%d(%%v: f32) -> tensor<4xf32> {
  %%t = func.call @f%d(%%v) : (f32) -> tensor<4xf32>
  return %%t : tensor<4xf32>
}
`, k, k-1)
	}
	fmt.Fprintf(&b, `func.func @main() {
  %%c1 = arith.constant 1 : index
  %%v = arith.constant 4.0 : f32
  %%w = arith.constant 6.0 : f32
  %%t = func.call @f%d(%%v) : (f32) -> tensor<4xf32>
  %%u = tensor.insert %%w into %%t[%%c1] : tensor<4xf32>
  %%p = tensor.cast %%u : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%%p) : (tensor<*xf32>) -> ()
  return
}
`, depth)
	return []byte(b.String())
}

// recursion is a program whose @build calls itself depth times, the
// deepest call filling a fresh tensor that each level updates and
// returns.
func recursion(depth int) []byte {
	return []byte(fmt.Sprintf(`// @build recurses %d times, returning a fresh tensor updated on the way back.
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @build(%%n: index, %%v: f32) -> tensor<4xf32> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%c4 = arith.constant 4 : index
  %%z = arith.cmpi eq, %%n, %%c0 : index
  %%r = scf.if %%z -> (tensor<4xf32>) {
    %%e = tensor.empty() : tensor<4xf32>
    %%f = linalg.fill ins(%%v : f32) outs(%%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %%f : tensor<4xf32>
  } else {
    %%m = arith.subi %%n, %%c1 : index
    %%t = func.call @build(%%m, %%v) : (index, f32) -> tensor<4xf32>
    %%i = arith.remui %%n, %%c4 : index
    %%x = tensor.extract %%t[%%i] : tensor<4xf32>
    %%y = arith.addf %%x, %%v : f32
    %%u = tensor.insert %%y into %%t[%%i] : tensor<4xf32>
    scf.yield %%u : tensor<4xf32>
  }
  return %%r : tensor<4xf32>
}
func.func @main() {
  %%d = arith.constant %d : index
  %%c2 = arith.constant 2 : index
  %%v = arith.constant 1.0 : f32
  %%w = arith.constant 9.0 : f32
  %%t = func.call @build(%%d, %%v) : (index, f32) -> tensor<4xf32>
  %%u = tensor.insert %%w into %%t[%%c2] : tensor<4xf32>
  %%p = tensor.cast %%t : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%%p) : (tensor<*xf32>) -> ()
  %%q = tensor.cast %%u : tensor<4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%%q) : (tensor<*xf32>) -> ()
  return
}
`, depth, depth))
}

// TestDeepCallChains bufferizes call chains of 20, 200 and 1000
// functions and a function recursing 100 times, each returning a fresh
// buffer that its caller must free, under every policy, and runs them as
// TestExecAgreement does: the printed results must be the reference's,
// no variant may leak or free wrongly, and valgrind must see no invalid
// access and no lost byte.
func TestDeepCallChains(t *testing.T) {
	tooltest.Slow(t)
	requireExecTools(t)
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	progs := []execProgram{
		{name: "chain-20", src: callChain(20)},
		{name: "chain-200", src: callChain(200)},
		{name: "chain-1000", src: callChain(1000)},
		{name: "recursion-100", src: recursion(100)},
	}
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			o := runBoth(prog, p)
			if o.err != nil {
				t.Fatal(o.err)
			}
			if o.ref.Output == "" {
				t.Fatal("the program printed nothing")
			}
			for k, ours := range o.ours {
				name := execVariants[k].name
				if printedData(ours.Output) != printedData(o.ref.Output) {
					t.Errorf("%s: outputs differ\n--- reference\n%s--- bufferlog\n%s", name, o.ref.Output, ours.Output)
				}
				if s := ours.Stats; s.Leaks > 0 || s.BadFrees > 0 {
					t.Errorf("%s: %d buffers leaked (%d B), %d invalid or double frees", name, s.Leaks, s.LeakBytes, s.BadFrees)
				}
			}
			if v := o.vg; !v.Clean() {
				t.Errorf("valgrind: %d errors, %d B lost\n%s", v.Errors, v.DefinitelyLost+v.IndirectlyLost+v.PossiblyLost, v.Log)
			}
		})
	}
}
