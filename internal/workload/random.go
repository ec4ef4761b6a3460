package workload

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Random returns a random tensor program for differential tests of the
// in-place analysis: a module with a helper function and one function of
// about units steps, each step an op or a small nest picked at random
// among tensor.insert/extract, extract_slice/insert_slice, linalg.fill,
// linalg.add, linalg.copy, tensor.empty, dense constants, scf.for with
// iter_args, scf.if, scf.while, scf.forall and calls. Steps read and
// write earlier values at random, so the program has read-after-write
// conflicts, read-only buffers and loop-carried values of every kind. The
// same seed gives the same program.
func Random(seed uint64, units int) string {
	g := &randomGen{rnd: rand.New(rand.NewPCG(seed, 0x5eed))}
	g.tensors = []string{"%arg0", "%arg1"}
	g.scalars = []string{"%s"}
	var body strings.Builder
	g.out = &body
	for range units {
		g.step(1, true)
	}
	var b strings.Builder
	b.WriteString(`func.func @helper(%h: tensor<16xf32>, %v: f32) -> tensor<16xf32> {
  %c3 = arith.constant 3 : index
  %r = tensor.insert %v into %h[%c3] : tensor<16xf32>
  return %r : tensor<16xf32>
}

func.func @reader(%h: tensor<16xf32>) -> f32 {
  %c5 = arith.constant 5 : index
  %x = tensor.extract %h[%c5] : tensor<16xf32>
  return %x : f32
}

`)
	b.WriteString("func.func @main(%arg0: tensor<16xf32>, %arg1: tensor<16xf32> {bufferization.writable = false}, %s: f32, %c: i1) -> (tensor<16xf32>, tensor<16xf32>, f32) {\n")
	b.WriteString("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c4 = arith.constant 4 : index\n")
	b.WriteString(body.String())
	fmt.Fprintf(&b, "  return %s, %s, %s : tensor<16xf32>, tensor<16xf32>, f32\n}\n", g.pick(g.tensors), g.pick(g.tensors), g.pick(g.scalars))
	return b.String()
}

type randomGen struct {
	rnd              *rand.Rand
	out              *strings.Builder
	n                int
	tensors, scalars []string // values in scope
}

func (g *randomGen) fresh(prefix string) string {
	g.n++
	return fmt.Sprintf("%%%s%d", prefix, g.n)
}

func (g *randomGen) pick(vals []string) string { return vals[g.rnd.IntN(len(vals))] }

// recent prefers the last few values, so that chains form.
func (g *randomGen) recent() string {
	k := min(len(g.tensors), 4)
	return g.tensors[len(g.tensors)-1-g.rnd.IntN(k)]
}

func (g *randomGen) index() string { return []string{"%c0", "%c1", "%c4"}[g.rnd.IntN(3)] }

func (g *randomGen) emit(depth int, format string, args ...any) {
	g.out.WriteString(strings.Repeat("  ", depth))
	fmt.Fprintf(g.out, format, args...)
	g.out.WriteByte('\n')
}

// step emits one step at the given indentation; nests only when allowed.
func (g *randomGen) step(depth int, nest bool) {
	kinds := 10
	if nest {
		kinds = 14
	}
	const ty = "tensor<16xf32>"
	switch k := g.rnd.IntN(kinds); k {
	case 0, 1:
		r := g.fresh("ins")
		g.emit(depth, "%s = tensor.insert %s into %s[%s] : %s", r, g.pick(g.scalars), g.recent(), g.index(), ty)
		g.tensors = append(g.tensors, r)
	case 2:
		r := g.fresh("x")
		g.emit(depth, "%s = tensor.extract %s[%s] : %s", r, g.pick(g.tensors), g.index(), ty)
		g.scalars = append(g.scalars, r)
	case 3:
		r := g.fresh("fill")
		g.emit(depth, "%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s", r, g.pick(g.scalars), g.recent(), ty, ty)
		g.tensors = append(g.tensors, r)
	case 4:
		r := g.fresh("add")
		g.emit(depth, "%s = linalg.add ins(%s, %s : %s, %s) outs(%s : %s) -> %s", r, g.pick(g.tensors), g.pick(g.tensors), ty, ty, g.recent(), ty, ty)
		g.tensors = append(g.tensors, r)
	case 5:
		src, sl, f, r := g.recent(), g.fresh("sl"), g.fresh("slf"), g.fresh("back")
		g.emit(depth, "%s = tensor.extract_slice %s[4] [8] [1] : %s to tensor<8xf32>", sl, src, ty)
		g.emit(depth, "%s = linalg.fill ins(%s : f32) outs(%s : tensor<8xf32>) -> tensor<8xf32>", f, g.pick(g.scalars), sl)
		dest := src
		if g.rnd.IntN(3) == 0 {
			dest = g.pick(g.tensors)
		}
		g.emit(depth, "%s = tensor.insert_slice %s into %s[4] [8] [1] : tensor<8xf32> into %s", r, f, dest, ty)
		g.tensors = append(g.tensors, r)
	case 6:
		r := g.fresh("empty")
		g.emit(depth, "%s = tensor.empty() : %s", r, ty)
		g.tensors = append(g.tensors, r)
	case 7:
		r := g.fresh("cst")
		g.emit(depth, "%s = arith.constant dense<1.5> : %s", r, ty)
		g.tensors = append(g.tensors, r)
	case 8:
		r := g.fresh("copy")
		g.emit(depth, "%s = linalg.copy ins(%s : %s) outs(%s : %s) -> %s", r, g.pick(g.tensors), ty, g.recent(), ty, ty)
		g.tensors = append(g.tensors, r)
	case 9:
		if g.rnd.IntN(2) == 0 {
			r := g.fresh("call")
			g.emit(depth, "%s = func.call @helper(%s, %s) : (%s, f32) -> %s", r, g.recent(), g.pick(g.scalars), ty, ty)
			g.tensors = append(g.tensors, r)
		} else {
			r := g.fresh("rd")
			g.emit(depth, "%s = func.call @reader(%s) : (%s) -> f32", r, g.pick(g.tensors), ty)
			g.scalars = append(g.scalars, r)
		}
	case 10, 11:
		g.loop(depth)
	case 12:
		g.branch(depth)
	case 13:
		if g.rnd.IntN(2) == 0 {
			g.while(depth)
		} else {
			g.forall(depth)
		}
	}
}

// nested runs n steps in a new scope and returns the tensors it made.
func (g *randomGen) nested(depth, n int, extra ...string) (made []string) {
	saveT, saveS := g.tensors, g.scalars
	g.tensors = append(append([]string(nil), saveT...), extra...)
	g.scalars = append([]string(nil), saveS...)
	for range n {
		g.step(depth, false)
	}
	made = g.tensors
	g.tensors, g.scalars = saveT, saveS
	return made
}

func (g *randomGen) loop(depth int) {
	const ty = "tensor<16xf32>"
	init, iv, acc, r := g.recent(), g.fresh("i"), g.fresh("acc"), g.fresh("loop")
	g.emit(depth, "%s = scf.for %s = %%c0 to %%c4 step %%c1 iter_args(%s = %s) -> (%s) {", r, iv, acc, init, ty)
	made := g.nested(depth+1, 1+g.rnd.IntN(3), acc)
	yield := made[len(made)-1]
	if g.rnd.IntN(4) == 0 {
		yield = made[g.rnd.IntN(len(made))]
	}
	g.emit(depth+1, "scf.yield %s : %s", yield, ty)
	g.emit(depth, "}")
	g.tensors = append(g.tensors, r)
}

func (g *randomGen) branch(depth int) {
	const ty = "tensor<16xf32>"
	r := g.fresh("if")
	g.emit(depth, "%s = scf.if %%c -> (%s) {", r, ty)
	g.yieldLast(depth+1, g.nested(depth+1, 1+g.rnd.IntN(2)))
	g.emit(depth, "} else {")
	g.yieldLast(depth+1, g.nested(depth+1, g.rnd.IntN(2)))
	g.emit(depth, "}")
	g.tensors = append(g.tensors, r)
}

// yieldLast yields the last of the tensors a nested scope made.
func (g *randomGen) yieldLast(depth int, made []string) {
	g.emit(depth, "scf.yield %s : tensor<16xf32>", made[len(made)-1])
}

func (g *randomGen) while(depth int) {
	const ty = "tensor<16xf32>"
	init, b, a, r := g.recent(), g.fresh("wb"), g.fresh("wa"), g.fresh("while")
	g.emit(depth, "%s = scf.while (%s = %s) : (%s) -> %s {", r, b, init, ty, ty)
	x := g.fresh("wx")
	g.emit(depth+1, "%s = tensor.extract %s[%%c0] : %s", x, b, ty)
	cond := g.fresh("wc")
	g.emit(depth+1, "%s = arith.cmpf olt, %s, %s : f32", cond, x, g.pick(g.scalars))
	g.emit(depth+1, "scf.condition(%s) %s : %s", cond, b, ty)
	g.emit(depth, "} do {")
	g.emit(depth, "^bb0(%s: %s):", a, ty)
	g.yieldLast(depth+1, g.nested(depth+1, 1+g.rnd.IntN(2), a))
	g.emit(depth, "}")
	g.tensors = append(g.tensors, r)
}

func (g *randomGen) forall(depth int) {
	const ty = "tensor<16xf32>"
	out, iv, o, r := g.recent(), g.fresh("j"), g.fresh("o"), g.fresh("forall")
	g.emit(depth, "%s = scf.forall (%s) in (2) shared_outs(%s = %s) -> (%s) {", r, iv, o, out, ty)
	sl, f := g.fresh("fs"), g.fresh("ff")
	src := o
	if g.rnd.IntN(3) == 0 {
		src = g.pick(g.tensors)
	}
	g.emit(depth+1, "%s = tensor.extract_slice %s[%s] [8] [1] : %s to tensor<8xf32>", sl, src, iv, ty)
	g.emit(depth+1, "%s = linalg.fill ins(%s : f32) outs(%s : tensor<8xf32>) -> tensor<8xf32>", f, g.pick(g.scalars), sl)
	g.emit(depth+1, "scf.forall.in_parallel {")
	g.emit(depth+2, "tensor.parallel_insert_slice %s into %s[%s] [8] [1] : tensor<8xf32> into %s", f, o, iv, ty)
	g.emit(depth+1, "}")
	g.emit(depth, "}")
	g.tensors = append(g.tensors, r)
}
