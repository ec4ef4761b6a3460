package rewrite_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/rules"
	"bufferlog/rules/contract"
	"bufferlog/solve"
)

// moveBody copies %a into a new buffer %b at %a's last use: a move.
const moveBody = `func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  %b = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  memref.store %v, %b[%c0] : memref<4xf32>
  %x = memref.load %b[%c0] : memref<4xf32>
  return %x : f32
}`

// TestDeallocate plans the frees of small memref functions with the
// built-in rules, hoisting allocations out of loops where they ask, and
// inserts them: each case's body, printed after, must hold the lines of
// want in order and none of avoid.
func TestDeallocate(t *testing.T) {
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, body string
		want       []string
		avoid      []string
		stack      int64 // MaxStackBytes
	}{
		{"freed after its last use", `func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  %x = memref.load %a[%c0] : memref<4xf32>
  %y = arith.addf %x, %v : f32
  return %y : f32
}`, []string{"%x = memref.load %a", "memref.dealloc %a", "%y = arith.addf"}, nil, 0},
		{"returned, not freed", `func.func @f(%v: f32) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  return %a : memref<4xf32>
}`, []string{"return %a"}, []string{"memref.dealloc"}, 0},
		{"a global is never freed", `memref.global "private" constant @k : memref<4xf32> = dense<1.0>
func.func @f() -> f32 {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @k : memref<4xf32>
  %x = memref.load %g[%c0] : memref<4xf32>
  return %x : f32
}`, []string{"memref.load %g"}, []string{"memref.dealloc"}, 0},
		{"a copy into a new buffer before the free is a move", moveBody, []string{"memref.store %v, %a[%c0]", "memref.load %a[%c0]", "memref.dealloc %a"}, []string{"memref.copy", "%b = memref.alloc"}, 0},
		{"a move between buffers on the stack", moveBody, []string{"%a = memref.alloca()", "memref.store %v, %a[%c0]", "memref.load %a[%c0]"}, []string{"memref.copy", "%b =", "memref.dealloc"}, 1024},
		{"a copy whose source is used after it leaves both to the stack", `func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  %b = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %x = memref.load %a[%c0] : memref<4xf32>
  %y = memref.load %b[%c0] : memref<4xf32>
  %z = arith.addf %x, %y : f32
  return %z : f32
}`, []string{"%a = memref.alloca()", "%b = memref.alloca()", "memref.copy %a, %b"}, []string{"memref.dealloc"}, 1024},
		{"buffers yielded by both arms of an scf.if go on the stack together", `func.func @f(%c: i1, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  %x = memref.load %r[%c0] : memref<4xf32>
  return %x : f32
}`, []string{"%a = memref.alloca()", "%b = memref.alloca()", "memref.load %r"}, []string{"memref.dealloc", "memref.alloc()"}, 1024},
		{"a buffer yielded beside a heap buffer stays on the heap", `func.func @f(%c: i1, %v: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (memref<?xf32>) {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    %d = memref.cast %a : memref<4xf32> to memref<?xf32>
    scf.yield %d : memref<?xf32>
  } else {
    %b = memref.alloc(%n) : memref<?xf32>
    scf.yield %b : memref<?xf32>
  }
  %x = memref.load %r[%c0] : memref<?xf32>
  return %x : f32
}`, []string{"%a = memref.alloc()", "%b = memref.alloc(%n)", "memref.load %r", "memref.dealloc %r"}, []string{"alloca"}, 1024},
		{"an iter_arg's buffer goes on the stack, unless the loop's result is returned", `func.func @f(%v: f32, %n: index) -> (f32, memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (memref<4xf32>) {
    memref.store %v, %acc[%c0] : memref<4xf32>
    scf.yield %acc : memref<4xf32>
  }
  %x = memref.load %r[%c0] : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %b) -> (memref<4xf32>) {
    memref.store %v, %acc[%c0] : memref<4xf32>
    scf.yield %acc : memref<4xf32>
  }
  return %x, %s : f32, memref<4xf32>
}`, []string{"%a = memref.alloca()", "%r = scf.for", "%b = memref.alloc()", "%s = scf.for", "return %x, %s"}, []string{"memref.dealloc"}, 1024},
		{"both arms of a branch free what they do not hand on", `func.func @f(%c: i1, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = memref.load %a[%c0] : memref<4xf32>
  return %x : f32
^bb2:
  return %v : f32
}`, []string{"^bb1:", "%x = memref.load %a", "memref.dealloc %a", "^bb2:", "memref.dealloc %a", "return %v"}, nil, 0},
		{"a buffer that dies within each trip is hoisted out of the loop nest", `func.func @f(%v: f32, %n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %a = memref.alloc() : memref<4xf32>
      linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
      memref.copy %a, %out : memref<4xf32> to memref<4xf32>
    }
  }
  return
}`, []string{"%a = memref.alloc()", "scf.for %i", "scf.for %j", "linalg.fill", "memref.copy %a, %out", "}", "}", "memref.dealloc %a", "return"}, nil, 0},
		{"a buffer of an scf.if arm of a trip is allocated once, before the loop", `func.func @f(%v: f32, %n: index, %c: i1, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      %a = memref.alloc() : memref<4xf32>
      linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
      memref.copy %a, %out : memref<4xf32> to memref<4xf32>
    }
  }
  return
}`, []string{"%a = memref.alloc()", "scf.for %i", "scf.if %c", "linalg.fill", "memref.copy %a, %out", "}", "}", "memref.dealloc %a", "return"}, nil, 0},
		{"buffers freed one after the other share one storage; a call between, or another type, stops it", `func.func private @g()
func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  %x = memref.load %a[%c0] : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%x : f32) outs(%b : memref<4xf32>)
  %y = memref.load %b[%c0] : memref<4xf32>
  %s = arith.addf %x, %y : f32
  %d = memref.alloc() : memref<4xf32>
  linalg.fill ins(%s : f32) outs(%d : memref<4xf32>)
  %z = memref.load %d[%c0] : memref<4xf32>
  func.call @g() : () -> ()
  %e = memref.alloc() : memref<4xf32>
  linalg.fill ins(%z : f32) outs(%e : memref<4xf32>)
  %w = memref.load %e[%c0] : memref<4xf32>
  %h = memref.alloc() : memref<8xf32>
  linalg.fill ins(%w : f32) outs(%h : memref<8xf32>)
  %u = memref.load %h[%c0] : memref<8xf32>
  return %u : f32
}`, []string{"%a = memref.alloc()", "linalg.fill ins(%v : f32) outs(%a", "linalg.fill ins(%x : f32) outs(%a", "linalg.fill ins(%s : f32) outs(%a",
			"memref.dealloc %a", "func.call @g()", "%e = memref.alloc()", "memref.dealloc %e", "%h = memref.alloc()", "memref.dealloc %h"},
			[]string{"%b = memref.alloc", "%d = memref.alloc", "alloca"}, 0},
		{"an inner loop that carries a trip's buffer unchanged lets it be hoisted", `func.func @f(%v: f32, %n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %a) -> (memref<4xf32>) {
      memref.store %v, %acc[%c0] : memref<4xf32>
      scf.yield %acc : memref<4xf32>
    }
    memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  }
  return
}`, []string{"%a = memref.alloc()", "scf.for %i", "%r = scf.for %j", "memref.copy %r, %out", "}", "memref.dealloc %a", "return"},
			[]string{"memref.dealloc %r"}, 0},
		{"a buffer yielded to the next trip stays in the loop", `func.func @f(%v: f32, %n: index, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    scf.yield %a : memref<4xf32>
  }
  %x = memref.load %r[%c0] : memref<4xf32>
  return %x : f32
}`, []string{"scf.for %i", "%a = memref.alloc()"}, nil, 0},
		{"buffers handed on nowhere go on the stack when those handed to an scf.if result would not fit", `func.func @f(%c: i1, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (memref<256xf32>) {
    %a = memref.alloc() : memref<256xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<256xf32>)
    scf.yield %a : memref<256xf32>
  } else {
    %b = memref.alloc() : memref<256xf32>
    linalg.fill ins(%v : f32) outs(%b : memref<256xf32>)
    scf.yield %b : memref<256xf32>
  }
  %d = memref.alloc() : memref<16xf32>
  linalg.fill ins(%v : f32) outs(%d : memref<16xf32>)
  %x = memref.load %r[%c0] : memref<256xf32>
  %y = memref.load %d[%c0] : memref<16xf32>
  %z = arith.addf %x, %y : f32
  return %z : f32
}`, []string{"%a = memref.alloc()", "%b = memref.alloc()", "%d = memref.alloca()", "memref.dealloc %r"}, []string{"memref.dealloc %d"}, 1024},
		{"a call allocates one arm's buffer of an scf.if result, which counts once", `func.func @f(%c: i1, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (memref<128xf32>) {
    %a = memref.alloc() : memref<128xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<128xf32>)
    scf.yield %a : memref<128xf32>
  } else {
    %b = memref.alloc() : memref<128xf32>
    linalg.fill ins(%v : f32) outs(%b : memref<128xf32>)
    scf.yield %b : memref<128xf32>
  }
  %d = memref.alloc() : memref<16xf32>
  linalg.fill ins(%v : f32) outs(%d : memref<16xf32>)
  %x = memref.load %r[%c0] : memref<128xf32>
  %y = memref.load %d[%c0] : memref<16xf32>
  %z = arith.addf %x, %y : f32
  return %z : f32
}`, []string{"%a = memref.alloca()", "%b = memref.alloca()", "%d = memref.alloca()"}, []string{"memref.dealloc"}, 1024},
		{"the smallest buffers go on the stack until the next would not fit", `func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%b : memref<8xf32>)
  %d = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%d : memref<4xf32>)
  %x = memref.load %a[%c0] : memref<64xf32>
  %y = memref.load %b[%c0] : memref<8xf32>
  %z = memref.load %d[%c0] : memref<4xf32>
  %s = arith.addf %x, %y : f32
  %t = arith.addf %s, %z : f32
  return %t : f32
}`, []string{"%a = memref.alloc()", "%b = memref.alloca()", "%d = memref.alloca()", "memref.dealloc %a"}, []string{"memref.dealloc %b", "memref.dealloc %d"}, 64},
		{"a buffer of a block that no branch returns to goes on the stack, one in a cf loop stays", `func.func @f(%c: i1, %v: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.cond_br %c, ^bb1, ^bb2(%c0 : index)
^bb1:
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  %x = memref.load %a[%c0] : memref<4xf32>
  return %x : f32
^bb2(%i: index):
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
  %y = memref.load %b[%c0] : memref<4xf32>
  %j = arith.addi %i, %c1 : index
  %more = arith.cmpi ult, %j, %n : index
  cf.cond_br %more, ^bb2(%j : index), ^bb3(%y : f32)
^bb3(%r: f32):
  return %r : f32
}`, []string{"^bb1:", "%a = memref.alloca()", "^bb2(%i: index):", "%b = memref.alloc()", "memref.dealloc %b"}, []string{"memref.dealloc %a"}, 1024},
		{"a buffer sized in the loop, or in a parallel loop, stays", `func.func @f(%v: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc(%i) : memref<?xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<?xf32>)
  }
  scf.forall (%j) in (%n) {
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
  }
  return
}`, []string{"scf.for %i", "%a = memref.alloc(%i)", "memref.dealloc %a", "scf.forall", "%b = memref.alloc()", "memref.dealloc %b"}, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := driver.Deallocation{Optimize: []string{"hoist", "stack", "move", "reuse"}, MaxStackBytes: tc.stack}
			checkLines(t, deallocated(t, prog, tc.body, d), tc.want, tc.avoid)
		})
	}
}

// optimizeBody gives each buffer optimization one chance: %a dies within
// each trip of its loop (hoist), all but %e and %f are small and stay in
// the function (stack), %c is copied into %d at its last use (move), and
// %f, too large for the stack, is allocated right after %e, of its type,
// is freed (reuse).
const optimizeBody = `func.func @f(%v: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  }
  %c = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%c : memref<4xf32>)
  %d = memref.alloc() : memref<4xf32>
  memref.copy %c, %d : memref<4xf32> to memref<4xf32>
  %x = memref.load %d[%c0] : memref<4xf32>
  %e = memref.alloc() : memref<512xf32>
  linalg.fill ins(%x : f32) outs(%e : memref<512xf32>)
  %y = memref.load %e[%c0] : memref<512xf32>
  %f = memref.alloc() : memref<512xf32>
  linalg.fill ins(%y : f32) outs(%f : memref<512xf32>)
  %z = memref.load %f[%c0] : memref<512xf32>
  return %z : f32
}`

// TestOptimize checks that each buffer optimization happens exactly when
// Deallocation.Optimize names it (the rules' optimization facts).
func TestOptimize(t *testing.T) {
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		optimize    []string
		want, avoid []string
	}{
		{[]string{"hoist", "stack", "move", "reuse"}, []string{"%a = memref.alloca()", "scf.for", "%c = memref.alloca()", "memref.load %c",
			"%e = memref.alloc()", "outs(%e", "outs(%e", "memref.dealloc %e"}, []string{"memref.copy", "memref.dealloc %a", "memref.dealloc %c", "%f = memref.alloc"}},
		{nil, []string{"scf.for", "%a = memref.alloc()", "memref.dealloc %a", "memref.copy %c, %d", "memref.dealloc %c", "memref.dealloc %d",
			"%e = memref.alloc()", "memref.dealloc %e", "%f = memref.alloc()", "memref.dealloc %f"}, []string{"alloca"}},
		{[]string{"stack", "move"}, []string{"scf.for", "%a = memref.alloc()", "memref.dealloc %a", "%c = memref.alloca()", "memref.load %c", "%f = memref.alloc()"}, []string{"memref.copy"}},
		{[]string{"hoist", "move"}, []string{"%a = memref.alloc()", "scf.for", "memref.dealloc %a", "%c = memref.alloc()", "memref.load %c", "memref.dealloc %c", "%f = memref.alloc()"}, []string{"alloca", "memref.copy"}},
		{[]string{"hoist", "stack"}, []string{"%a = memref.alloca()", "scf.for", "memref.copy %c, %d", "memref.load %d", "%f = memref.alloc()"}, []string{"memref.dealloc %a", "memref.dealloc %c", "memref.dealloc %d"}},
		{[]string{"reuse"}, []string{"%a = memref.alloc()", "memref.dealloc %a", "%e = memref.alloc()", "outs(%e", "outs(%e", "memref.dealloc %e"}, []string{"alloca", "%f = memref.alloc"}},
	} {
		name := strings.Join(tc.optimize, ",")
		if name == "" {
			name = "none"
		}
		t.Run(name, func(t *testing.T) {
			d := driver.Deallocation{Optimize: tc.optimize, MaxStackBytes: 1024}
			checkLines(t, deallocated(t, prog, optimizeBody, d), tc.want, tc.avoid)
		})
	}
}

// TestStackClausesMatchComputed plans the deallocation of memref
// programs twice, with the stack rules' computed predicates (stack_fill,
// stack_slot_of) computed natively and evaluated from the clauses that
// define them (solve.Options.Reference): the outputs must be the same.
// The programs are those of the stack golden cases, with their budgets,
// and a chain of buffers that pass their slots on.
func TestStackClausesMatchComputed(t *testing.T) {
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	var chain strings.Builder
	chain.WriteString("func.func @chain(%v: f32, %out: memref<4xf32>) {\n")
	for i := range 40 {
		fmt.Fprintf(&chain, "  %%a%d = memref.alloc() : memref<4xf32>\n  linalg.fill ins(%%v : f32) outs(%%a%d : memref<4xf32>)\n", i, i)
		if i >= 3 {
			fmt.Fprintf(&chain, "  memref.copy %%a%d, %%out : memref<4xf32> to memref<4xf32>\n", i-1-i%3)
		}
	}
	chain.WriteString("  return\n}\n")
	inputs := []struct {
		name  string
		body  string
		stack int64
	}{{"chain", chain.String(), 64}}
	for _, c := range []struct {
		file  string
		stack int64
	}{{"stack_slots", 16}, {"stack_slots_budget", 48}, {"dealloc_paths", 1024}, {"dealloc_paths", 64}} {
		ar, err := txtar.ParseFile("../testdata/bufferize/" + c.file + ".txtar")
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name == "input.mlir" {
				inputs = append(inputs, struct {
					name  string
					body  string
					stack int64
				}{fmt.Sprint(c.file, "/", c.stack), string(f.Data), c.stack})
			}
		}
	}
	slots := 0
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			d := driver.Deallocation{Optimize: []string{"hoist", "stack", "move", "reuse"}, MaxStackBytes: in.stack}
			native := deallocatedWith(t, driver.Rules{Program: prog}, in.body, d)
			reference := deallocatedWith(t, driver.Rules{Program: prog, Limits: solve.Options{Reference: true}}, in.body, d)
			if native != reference {
				t.Fatalf("computed natively:\n%s\nfrom the clauses:\n%s", native, reference)
			}
			slots += strings.Count(native, "memref.alloca") - strings.Count(in.body, "memref.alloca")
		})
	}
	if slots < 20 {
		t.Errorf("only %d buffers went on the stack in all", slots)
	}
}

// deallocated plans the frees of body with prog's deallocation rules as d
// says, copying and hoisting where they ask, inserts them, checks that the
// result verifies, and returns it printed.
func deallocated(t *testing.T, prog *solve.Program, body string, d driver.Deallocation) string {
	t.Helper()
	return deallocatedWith(t, driver.Rules{Program: prog}, body, d)
}

// deallocatedWith is deallocated with the rules and limits of rs.
func deallocatedWith(t *testing.T, rs driver.Rules, body string, d driver.Deallocation) string {
	t.Helper()
	m, err := ir.Parse("in.mlir", []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	d.Clone, d.Hoist = rewrite.Options{}.Clone, rewrite.HoistAllocs
	d.Extract = func(m *ir.Module) (*facts.DB, *extract.Names, error) { return extract.Module(m, extract.Options{}) }
	plan, err := driver.PlanDeallocation(context.Background(), rs, m, d)
	if err != nil {
		t.Fatal(err)
	}
	rewrite.Deallocate(plan.Names, plan.DB)
	if err := ir.Verify(m); err != nil {
		t.Fatalf("the result does not verify: %v", err)
	}
	var b bytes.Buffer
	if err := ir.Print(&b, m, ir.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// checkLines checks that text holds the lines of want in order and none
// of avoid.
func checkLines(t *testing.T, text string, want, avoid []string) {
	t.Helper()
	at := 0
	for _, w := range want {
		k := strings.Index(text[at:], w)
		if k < 0 {
			t.Fatalf("lacks %q after offset %d:\n%s", w, at, text)
		}
		at += k + len(w)
	}
	for _, a := range avoid {
		if strings.Contains(text, a) {
			t.Errorf("has %q:\n%s", a, text)
		}
	}
}

// TestHoistAllocsRejectsOthers: a hoist_alloc fact (from a user's rule
// file) naming an op outside the loop, or one that is no allocation of
// static size, moves nothing and is an error.
func TestHoistAllocsRejectsOthers(t *testing.T) {
	m, err := ir.Parse("in.mlir", []byte(`func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloc(%i) : memref<?xf32>
  }
  return
}`))
	if err != nil {
		t.Fatal(err)
	}
	var allocs []*ir.Operation
	var loop *ir.Operation
	ir.WalkPost(m.Op, func(op *ir.Operation) {
		switch op.Name {
		case "memref.alloc":
			allocs = append(allocs, op)
		case "scf.for":
			loop = op
		}
	})
	for _, alloc := range allocs {
		block := alloc.Block()
		db, names, err := extract.Module(m, extract.Options{})
		if err != nil {
			t.Fatal(err)
		}
		opID := func(op *ir.Operation) facts.Value {
			id, ok := names.OpID(op)
			if !ok {
				t.Fatal("no id")
			}
			return facts.Number(int64(id))
		}
		contract.HoistAlloc.In(db).Add([]facts.Value{opID(alloc), opID(loop)})
		hoists, err := rewrite.HoistAllocs(names, db)
		if err == nil || !strings.Contains(err.Error(), "which does not hold it as an allocation of static size") || hoists != nil {
			t.Errorf("hoisting %s: %v, %v", alloc.Name, hoists, err)
		}
		if alloc.Block() != block {
			t.Errorf("%s moved", alloc.Name)
		}
	}
}

// TestReuseOverlapFails: a rule that lets a buffer take the storage of
// one still live (here, any earlier allocation's) is caught by
// reuse_overlap, and the deallocation fails naming it.
func TestReuseOverlapFails(t *testing.T) {
	srcs := append(rules.Builtin(), solve.Source{Name: "greedy.mg", Text: "reuses(B, A) :- new_buffer(A), new_buffer(B), A < B.\n"})
	prog, err := solve.Compile(srcs...)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ir.Parse("in.mlir", []byte(`func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<512xf32>
  %b = memref.alloc() : memref<512xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<512xf32>)
  linalg.fill ins(%v : f32) outs(%b : memref<512xf32>)
  %x = memref.load %a[%c0] : memref<512xf32>
  %y = memref.load %b[%c0] : memref<512xf32>
  %z = arith.addf %x, %y : f32
  return %z : f32
}`))
	if err != nil {
		t.Fatal(err)
	}
	d := driver.Deallocation{Optimize: []string{"reuse"},
		Extract: func(m *ir.Module) (*facts.DB, *extract.Names, error) { return extract.Module(m, extract.Options{}) }}
	_, err = driver.PlanDeallocation(context.Background(), driver.Rules{Program: prog}, m, d)
	if err == nil || !strings.Contains(err.Error(), "reuse_overlap") || !strings.Contains(err.Error(), "%b take the storage of %a") {
		t.Fatalf("PlanDeallocation: %v, want the reuse_overlap error", err)
	}
}
