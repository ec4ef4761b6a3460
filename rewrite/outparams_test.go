package rewrite_test

import (
	"testing"

	"bufferlog/driver"
	"bufferlog/rewrite"
	"bufferlog/rules"
	"bufferlog/solve"
)

// TestResultsToOutParams plans the deallocation of small memref modules
// with out_param facts asked for (private functions only, or all) and
// applies them: each output must verify and hold the lines of want in
// order and none of avoid.
func TestResultsToOutParams(t *testing.T) {
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	const chain = `func.func private @make(%v: f32) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  return %a : memref<4xf32>
}
func.func private @twice(%v: f32) -> memref<4xf32> {
  %t = func.call @make(%v) : (f32) -> memref<4xf32>
  return %t : memref<4xf32>
}
func.func @pub(%v: f32) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  return %a : memref<4xf32>
}
func.func @main(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = func.call @twice(%v) : (f32) -> memref<4xf32>
  %u = func.call @pub(%v) : (f32) -> memref<4xf32>
  %x = memref.load %t[%c0] : memref<4xf32>
  %y = memref.load %u[%c0] : memref<4xf32>
  %z = arith.addf %x, %y : f32
  return %z : f32
}`
	for _, tc := range []struct {
		name, body  string
		extra       []string
		want, avoid []string
	}{
		{"a chain of private functions: the caller allocates, each callee passes it on", chain, []string{"out_params"},
			[]string{"func.func private @make(%v: f32, %out: memref<4xf32>) {", "linalg.fill ins(%v : f32) outs(%out", "func.return\n",
				"func.func private @twice(%v: f32, %out: memref<4xf32>) {", "func.call @make(%v, %out)", "func.return\n",
				"func.func @pub(%v: f32) -> memref<4xf32>", "%out = memref.alloca()", "func.call @twice(%v, %out)",
				"%u = func.call @pub(%v)", "memref.load %out[%c0]", "memref.dealloc %u"},
			[]string{"memref.copy"}},
		{"all: public functions too", chain, []string{"out_params", "out_params_public"},
			[]string{"func.func @pub(%v: f32, %out: memref<4xf32>) {", "func.call @twice(%v, %out)", "func.call @pub(%v, %out_0)"},
			[]string{"memref.alloc()", "memref.dealloc"}},
		{"not asked: nothing changes", chain, nil,
			[]string{"func.func private @make(%v: f32) -> memref<4xf32>", "%t = func.call @twice(%v)"},
			[]string{"%out"}},
		{"two allocations returned: each return copies into the argument", `func.func private @pick(%c: i1, %v: f32) -> memref<4xf32> {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  return %a : memref<4xf32>
^bb2:
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
  return %b : memref<4xf32>
}
func.func @main(%c: i1, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = func.call @pick(%c, %v) : (i1, f32) -> memref<4xf32>
  %x = memref.load %t[%c0] : memref<4xf32>
  return %x : f32
}`, []string{"out_params"},
			[]string{"func.func private @pick(%c: i1, %v: f32, %out: memref<4xf32>) {", "memref.copy %a, %out", "func.return\n",
				"memref.copy %b, %out", "func.return\n", "func.call @pick(%c, %v, %out)"},
			nil},
		{"dynamic sizes, views, arguments and functions used by func.constant stay results", `func.func private @dyn(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  return %a : memref<?xf32>
}
func.func private @arg(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}
func.func private @named() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}
func.func @main(%n: index, %m: memref<4xf32>) -> index {
  %c0 = arith.constant 0 : index
  %f = func.constant @named : () -> memref<4xf32>
  %d = func.call @dyn(%n) : (index) -> memref<?xf32>
  %e = func.call @arg(%m) : (memref<4xf32>) -> memref<4xf32>
  %g = func.call @named() : () -> memref<4xf32>
  %k = memref.dim %d, %c0 : memref<?xf32>
  %x = memref.load %e[%c0] : memref<4xf32>
  %y = memref.load %g[%c0] : memref<4xf32>
  return %k : index
}`, []string{"out_params", "out_params_public"},
			[]string{"func.func private @dyn(%n: index) -> memref<?xf32>", "func.func private @arg(%m: memref<4xf32>) -> memref<4xf32>",
				"func.func private @named() -> memref<4xf32>"},
			[]string{"%out"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := driver.Deallocation{Optimize: append([]string{"hoist", "stack", "move"}, tc.extra...), MaxStackBytes: 1024,
				OutParams: rewrite.Options{}.ResultsToOutParams}
			checkLines(t, deallocated(t, prog, tc.body, d), tc.want, tc.avoid)
		})
	}
}
