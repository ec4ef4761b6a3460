package workload

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// execType is the type of every whole tensor an executable program handles.
const execType = "tensor<16xf32>"

// execLen is the number of elements of execType.
const execLen = 16

// execCap bounds every value an executable program computes. All values are
// sums of small non-negative integers, so they stay exact in f32, and below
// 10^6 printMemrefF32 prints them exactly (it uses 6 significant digits).
const execCap = 1 << 16

// execMaxNest is how deep loops and ifs may nest.
const execMaxNest = 2

// Executable returns a random tensor program that can be bufferized, lowered
// and run: a module whose @main takes no arguments, builds two or three
// input tensors of type tensor<16xf32> with distinct values, runs units
// random steps that read and write earlier tensors, and prints the inputs,
// a selection of later tensors and a few extracted scalars with
// printMemrefF32. See the package documentation. The same seed gives the
// same program.
func Executable(seed uint64, units int) string {
	text, _ := executable(seed, units)
	return text
}

// executable returns the program of Executable and the values it prints,
// in order, as computed by the generator's own model of tensor semantics.
func executable(seed uint64, units int) (string, [][]float64) {
	g := &execGen{rnd: rand.New(rand.NewPCG(seed, 0xe8ec)), env: newExecEnv()}
	text := g.program(units)
	return text, g.env.printed
}

// execEnv holds the values of one run of the model.
type execEnv struct {
	t        map[string][]float64
	s        map[string]float64
	i        map[string]int
	printed  [][]float64
	overflow bool
}

func newExecEnv() *execEnv {
	return &execEnv{t: map[string][]float64{}, s: map[string]float64{}, i: map[string]int{}}
}

func (e *execEnv) setT(name string, v []float64) {
	for _, x := range v {
		if x > execCap || x < -execCap {
			e.overflow = true
		}
	}
	e.t[name] = v
}

func (e *execEnv) setS(name string, v float64) {
	if v > execCap || v < -execCap {
		e.overflow = true
	}
	e.s[name] = v
}

// evalFn evaluates one generated op (or nest) in the model.
type evalFn func(e *execEnv)

// runTop runs the ops of @main that env has not run yet.
func (g *execGen) runTop(top *execScope) {
	runBlock(g.env, top.block[g.ran:])
	g.ran = len(top.block)
}

func runBlock(e *execEnv, block []evalFn) {
	for _, f := range block {
		if e.overflow {
			return
		}
		f(e)
	}
}

// index is an index operand: a constant or a loop induction variable.
type index struct {
	name  string
	value int // the constant; -1 for an induction variable
}

func (x index) eval(e *execEnv) int {
	if x.value >= 0 {
		return x.value
	}
	return e.i[x.name]
}

// execScope is a block of the program being generated: the body of @main,
// of a loop or of an if branch.
//
// Loop bodies are chain scopes. scf.for is only accepted by one-shot
// bufferization when each yielded tensor is equivalent to its iter_arg, so
// in a chain scope every iter_arg starts a chain: heads holds, per
// iter_arg, the latest value derived from it in place, and that is what the
// loop yields. A write into a head replaces it; its old value is dead and
// never read again, so the write stays in place. The heads of enclosing
// scopes are neither read nor written, and a write into any other tensor
// makes a fresh value of this scope.
type execScope struct {
	parent  *execScope
	chain   bool
	nest    int
	depth   int // indentation
	heads   []string
	tensors []string // tensors defined in this scope, heads excluded
	scalars []string
	smalls  []string // tensor<8xf32> values of Boundary programs
	indices []index  // induction variables defined by this scope's op
	block   []evalFn
}

func (s *execScope) isHead(name string) bool {
	for _, h := range s.heads {
		if h == name {
			return true
		}
	}
	return false
}

// readable lists the tensors s may read and write: its own heads and
// tensors and the non-head tensors of the enclosing scopes.
func (s *execScope) readable() []string {
	return append(append([]string(nil), s.heads...), s.borrowable()...)
}

// borrowable lists the readable tensors that are not heads: those a step
// may alias (pass to a function, take a view of) without breaking a chain.
func (s *execScope) borrowable() []string {
	var vals []string
	for sc := s; sc != nil; sc = sc.parent {
		vals = append(vals, sc.tensors...)
	}
	return vals
}

// visibleScalars lists the scalars s can use, outermost scope first, so
// the ten constants of @main come first.
func (s *execScope) visibleScalars() []string {
	if s.parent == nil {
		return append([]string(nil), s.scalars...)
	}
	return append(s.parent.visibleScalars(), s.scalars...)
}

func (s *execScope) visibleIndices() []index {
	var vals []index
	for sc := s; sc != nil; sc = sc.parent {
		vals = append(vals, sc.indices...)
	}
	return vals
}

type execGen struct {
	rnd *rand.Rand
	out *bytes.Buffer
	n   int
	// env runs the model alongside generation: after each step of @main
	// the new ops are evaluated, and a step whose values would pass
	// execCap is taken back.
	env *execEnv
	ran int // how much of the top scope's block env has run

	// wide turns on the steps of Boundary programs; the other fields
	// below serve only them.
	wide bool
	// prefix starts every function name of the program.
	prefix string
	// funcs holds the generated functions the entry calls.
	funcs bytes.Buffer
	// nfunc numbers the generated functions.
	nfunc int
	// consts are the dense constants of the entry function.
	consts map[string]bool
	// needs records what mlir-opt's reference pipeline needs to accept
	// the program.
	needs referenceNeeds
}

func (g *execGen) fresh(prefix string) string {
	g.n++
	return fmt.Sprintf("%%%s%d", prefix, g.n)
}

func (g *execGen) emit(s *execScope, format string, args ...any) {
	g.out.WriteString(strings.Repeat("  ", s.depth))
	fmt.Fprintf(g.out, format, args...)
	g.out.WriteByte('\n')
}

func (g *execGen) eval(s *execScope, f evalFn) { s.block = append(s.block, f) }

// define records r, the result of writing into dest: it replaces dest if
// dest is a head of s, and is a fresh tensor of s otherwise.
func (g *execGen) define(s *execScope, dest, r string) {
	for i, h := range s.heads {
		if h == dest {
			s.heads[i] = r
			return
		}
	}
	s.tensors = append(s.tensors, r)
}

// pickRead picks a readable tensor: in a chain scope half the time a head,
// otherwise mostly one of the last four tensors of s, so that chains form,
// and else any readable tensor.
func (g *execGen) pickRead(s *execScope) string {
	if len(s.heads) > 0 && g.rnd.IntN(2) == 0 {
		return s.heads[g.rnd.IntN(len(s.heads))]
	}
	if g.rnd.IntN(3) > 0 && len(s.tensors) > 0 {
		k := min(len(s.tensors), 4)
		return s.tensors[len(s.tensors)-1-g.rnd.IntN(k)]
	}
	vals := s.readable()
	return vals[g.rnd.IntN(len(vals))]
}

// pickWrite picks a tensor to write into; in a chain scope mostly a head.
func (g *execGen) pickWrite(s *execScope) string {
	if len(s.heads) > 0 && g.rnd.IntN(10) < 7 {
		return s.heads[g.rnd.IntN(len(s.heads))]
	}
	return g.pickRead(s)
}

func (g *execGen) pickScalar(s *execScope) string {
	vals := s.visibleScalars()
	// Extracted and computed scalars come after the constants; favour them.
	if len(vals) > 10 && g.rnd.IntN(2) == 0 {
		return vals[10+g.rnd.IntN(len(vals)-10)]
	}
	return vals[g.rnd.IntN(len(vals))]
}

// pickIndex picks an index in [0, 16): a constant or an induction variable
// (whose trip count is at most 4).
func (g *execGen) pickIndex(s *execScope) index {
	if ivs := s.visibleIndices(); len(ivs) > 0 && g.rnd.IntN(3) == 0 {
		return ivs[g.rnd.IntN(len(ivs))]
	}
	k := g.rnd.IntN(execLen)
	return index{name: fmt.Sprintf("%%c%d", k), value: k}
}

func cloneT(v []float64) []float64 { return append([]float64(nil), v...) }

func f32(v int) string { return strconv.Itoa(v) + ".0" }

// stepRetries is how many random steps program tries before it falls back
// to a fill, which cannot overflow.
const stepRetries = 5

func (g *execGen) program(units int) string {
	body := g.entryBody(units)
	var b strings.Builder
	b.WriteString("#map = affine_map<(d0) -> (d0)>\n")
	b.WriteString(`func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

`)
	b.WriteString(g.fixedHelpers())
	b.WriteString("func.func @main() {\n")
	g.writeEntry(&b, body)
	return b.String()
}

// entryBody generates the body of the entry function: units steps and
// the prints, without the index and f32 constants of writeEntry.
func (g *execGen) entryBody(units int) []byte {
	var body bytes.Buffer
	g.out = &body
	top := &execScope{depth: 1}
	for k := range 10 {
		name := fmt.Sprintf("%%f%d", k)
		top.scalars = append(top.scalars, name)
		g.eval(top, func(e *execEnv) { e.setS(name, float64(k)) })
	}
	inputs := g.inputs(top)
	g.runTop(top)
	for range units {
		for try := 0; ; try++ {
			mark, nt, ns, nb := body.Len(), len(top.tensors), len(top.scalars), len(top.block)
			nsm, nf, needs := len(top.smalls), g.funcs.Len(), g.needs
			if try < stepRetries {
				g.step(top)
			} else {
				g.fill(top)
			}
			g.runTop(top)
			if !g.env.overflow {
				break
			}
			// Take the step back. Its names stay used, so the env's
			// stale entries are never read.
			body.Truncate(mark)
			top.tensors, top.scalars, top.block = top.tensors[:nt], top.scalars[:ns], top.block[:nb]
			top.smalls, g.needs = top.smalls[:nsm], needs
			g.funcs.Truncate(nf)
			g.ran = nb
			g.env.overflow = false
		}
	}
	g.printResults(top, inputs)
	g.runTop(top)
	return body.Bytes()
}

// sym is the name of the program's function name.
func (g *execGen) sym(name string) string { return g.prefix + name }

// fixedHelpers is the text of the helpers every program has: @bump and
// @accum, which update their first argument in place.
func (g *execGen) fixedHelpers() string {
	return fmt.Sprintf(`func.func @%s(%%t: tensor<16xf32>, %%v: f32, %%i: index) -> tensor<16xf32> {
  %%r = tensor.insert %%v into %%t[%%i] : tensor<16xf32>
  return %%r : tensor<16xf32>
}

func.func @%s(%%acc: tensor<16xf32>, %%x: tensor<16xf32>) -> tensor<16xf32> {
  %%r = linalg.add ins(%%acc, %%x : tensor<16xf32>, tensor<16xf32>) outs(%%acc : tensor<16xf32>) -> tensor<16xf32>
  return %%r : tensor<16xf32>
}

`, g.sym("bump"), g.sym("accum"))
}

// writeEntry writes the rest of the entry function after its opening
// line: the constants every step may use, body and the return.
func (g *execGen) writeEntry(b *strings.Builder, body []byte) {
	for k := 0; k <= execLen; k++ {
		fmt.Fprintf(b, "  %%c%d = arith.constant %d : index\n", k, k)
	}
	for k := range 10 {
		fmt.Fprintf(b, "  %%f%d = arith.constant %s : f32\n", k, f32(k))
	}
	b.Write(body)
	b.WriteString("  return\n}\n")
}

// inputs builds the two or three input tensors and returns their names.
func (g *execGen) inputs(s *execScope) []string {
	var names []string

	// A filled tensor with three distinct values inserted.
	e, f := g.fresh("e"), g.fresh("in")
	g.emit(s, "%s = tensor.empty() : %s", e, execType)
	g.emit(s, "%s = linalg.fill ins(%%f1 : f32) outs(%s : %s) -> %s", f, e, execType, execType)
	g.eval(s, func(env *execEnv) {
		v := make([]float64, execLen)
		for k := range v {
			v[k] = 1
		}
		env.setT(f, v)
	})
	cur := f
	vals := g.rnd.Perm(8) // distinct values 2..9 for three distinct slots
	for j, k := range g.rnd.Perm(execLen)[:3] {
		r, val := g.fresh("in"), 2+vals[j]
		g.emit(s, "%s = tensor.insert %%f%d into %s[%%c%d] : %s", r, val, cur, k, execType)
		src := cur
		g.eval(s, func(env *execEnv) {
			v := cloneT(env.t[src])
			v[k] = float64(val)
			env.setT(r, v)
		})
		cur = r
	}
	names = append(names, cur)

	// A dense constant.
	names = append(names, g.dense(s))

	// Sometimes an iota built by scf.for.
	if g.rnd.IntN(2) == 0 {
		e, init := g.fresh("e"), g.fresh("in")
		g.emit(s, "%s = tensor.empty() : %s", e, execType)
		g.emit(s, "%s = linalg.fill ins(%%f0 : f32) outs(%s : %s) -> %s", init, e, execType, execType)
		iv, acc, ii, x, upd, r := g.fresh("i"), g.fresh("acc"), g.fresh("ii"), g.fresh("x"), g.fresh("in"), g.fresh("in")
		g.emit(s, "%s = scf.for %s = %%c0 to %%c16 step %%c1 iter_args(%s = %s) -> (%s) {", r, iv, acc, init, execType)
		g.emit(s, "  %s = arith.index_cast %s : index to i32", ii, iv)
		g.emit(s, "  %s = arith.sitofp %s : i32 to f32", x, ii)
		g.emit(s, "  %s = tensor.insert %s into %s[%s] : %s", upd, x, acc, iv, execType)
		g.emit(s, "  scf.yield %s : %s", upd, execType)
		g.emit(s, "}")
		g.eval(s, func(env *execEnv) {
			v := make([]float64, execLen)
			for k := range v {
				v[k] = float64(k)
			}
			env.setT(r, v)
		})
		names = append(names, r)
	}
	s.tensors = append(s.tensors, names...)
	return names
}

// dense emits a dense constant of small integers and returns its name.
func (g *execGen) dense(s *execScope) string {
	r := g.fresh("cst")
	lit, v := g.denseLiteral()
	g.emit(s, "%s = arith.constant %s : %s", r, lit, execType)
	g.eval(s, func(e *execEnv) { e.setT(r, v) })
	if g.wide {
		g.consts[r] = true
	}
	return r
}

// denseLiteral returns a random dense<...> attribute of execType, a splat
// or not, of small integers, and its values.
func (g *execGen) denseLiteral() (string, []float64) {
	v := make([]float64, execLen)
	if g.rnd.IntN(4) == 0 {
		k := g.rnd.IntN(10)
		for i := range v {
			v[i] = float64(k)
		}
		return "dense<" + f32(k) + ">", v
	}
	elems := make([]string, execLen)
	for i := range v {
		k := g.rnd.IntN(10)
		v[i] = float64(k)
		elems[i] = f32(k)
	}
	return "dense<[" + strings.Join(elems, ", ") + "]>", v
}

// step emits one random step into s.
func (g *execGen) step(s *execScope) {
	if g.wide && g.rnd.IntN(2) == 0 {
		g.wideStep(s)
		return
	}
	kinds := 12
	if s.nest < execMaxNest {
		kinds = 15
	}
	switch g.rnd.IntN(kinds) {
	case 0, 1:
		g.insert(s)
	case 2:
		g.extract(s)
	case 3:
		g.fill(s)
	case 4:
		g.add(s)
	case 5:
		g.copy(s)
	case 6:
		g.generic(s)
	case 7, 8:
		g.slice(s)
	case 9:
		g.empty(s)
	case 10:
		if s.chain && g.rnd.IntN(2) == 0 {
			g.insert(s)
		} else {
			s.tensors = append(s.tensors, g.dense(s))
		}
	case 11:
		g.call(s)
	case 12, 13:
		g.loop(s)
	case 14:
		g.branch(s)
	}
}

func (g *execGen) insert(s *execScope) { g.insertInto(s, g.pickWrite(s)) }

func (g *execGen) insertInto(s *execScope, dest string) {
	v, idx, r := g.pickScalar(s), g.pickIndex(s), g.fresh("t")
	g.emit(s, "%s = tensor.insert %s into %s[%s] : %s", r, v, dest, idx.name, execType)
	g.eval(s, func(e *execEnv) {
		t := cloneT(e.t[dest])
		t[idx.eval(e)] = e.s[v]
		e.setT(r, t)
	})
	g.define(s, dest, r)
}

func (g *execGen) extract(s *execScope) {
	src, idx, r := g.pickRead(s), g.pickIndex(s), g.fresh("x")
	g.emit(s, "%s = tensor.extract %s[%s] : %s", r, src, idx.name, execType)
	g.eval(s, func(e *execEnv) { e.setS(r, e.t[src][idx.eval(e)]) })
	s.scalars = append(s.scalars, r)
	if g.rnd.IntN(2) == 0 {
		other, sum := g.pickScalar(s), g.fresh("x")
		g.emit(s, "%s = arith.addf %s, %s : f32", sum, r, other)
		g.eval(s, func(e *execEnv) { e.setS(sum, e.s[r]+e.s[other]) })
		s.scalars = append(s.scalars, sum)
	}
}

func (g *execGen) fill(s *execScope) { g.fillInto(s, g.pickWrite(s)) }

func (g *execGen) fillInto(s *execScope, dest string) {
	v, r := g.pickScalar(s), g.fresh("t")
	g.emit(s, "%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s", r, v, dest, execType, execType)
	g.eval(s, func(e *execEnv) {
		e.setT(r, filledT(execLen, e.s[v]))
	})
	g.define(s, dest, r)
}

func (g *execGen) add(s *execScope) {
	a, b, dest, r := g.pickRead(s), g.pickRead(s), g.pickWrite(s), g.fresh("t")
	g.emit(s, "%s = linalg.add ins(%s, %s : %s, %s) outs(%s : %s) -> %s", r, a, b, execType, execType, dest, execType, execType)
	g.eval(s, func(e *execEnv) { e.setT(r, addT(e.t[a], e.t[b])) })
	g.define(s, dest, r)
}

// filledT is the model of a tensor of n elements, all x (linalg.fill).
func filledT(n int, x float64) []float64 {
	t := make([]float64, n)
	for k := range t {
		t[k] = x
	}
	return t
}

func addT(a, b []float64) []float64 {
	t := make([]float64, len(a))
	for k := range t {
		t[k] = a[k] + b[k]
	}
	return t
}

func (g *execGen) copy(s *execScope) {
	src, dest, r := g.pickRead(s), g.pickWrite(s), g.fresh("t")
	g.emit(s, "%s = linalg.copy ins(%s : %s) outs(%s : %s) -> %s", r, src, execType, dest, execType, execType)
	g.eval(s, func(e *execEnv) { e.setT(r, e.t[src]) })
	g.define(s, dest, r)
}

// generic emits an elementwise linalg.generic adding two inputs, one input
// and the output's old value, or a scalar and the output's old value.
func (g *execGen) generic(s *execScope) {
	r, dest := g.fresh("t"), g.pickWrite(s)
	p, q, o, y := g.fresh("p"), g.fresh("q"), g.fresh("o"), g.fresh("y")
	switch g.rnd.IntN(3) {
	case 0:
		a, b := g.pickRead(s), g.pickRead(s)
		g.emit(s, "%s = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = [\"parallel\"]} ins(%s, %s : %s, %s) outs(%s : %s) {", r, a, b, execType, execType, dest, execType)
		g.emit(s, "^bb0(%s: f32, %s: f32, %s: f32):", p, q, o)
		g.emit(s, "  %s = arith.addf %s, %s : f32", y, p, q)
		g.eval(s, func(e *execEnv) { e.setT(r, addT(e.t[a], e.t[b])) })
	case 1:
		a := g.pickRead(s)
		g.emit(s, "%s = linalg.generic {indexing_maps = [#map, #map], iterator_types = [\"parallel\"]} ins(%s : %s) outs(%s : %s) {", r, a, execType, dest, execType)
		g.emit(s, "^bb0(%s: f32, %s: f32):", p, o)
		g.emit(s, "  %s = arith.addf %s, %s : f32", y, p, o)
		g.eval(s, func(e *execEnv) { e.setT(r, addT(e.t[a], e.t[dest])) })
	default:
		v := g.pickScalar(s)
		g.emit(s, "%s = linalg.generic {indexing_maps = [#map], iterator_types = [\"parallel\"]} outs(%s : %s) {", r, dest, execType)
		g.emit(s, "^bb0(%s: f32):", o)
		g.emit(s, "  %s = arith.addf %s, %s : f32", y, o, v)
		g.eval(s, func(e *execEnv) {
			t := cloneT(e.t[dest])
			for k := range t {
				t[k] += e.s[v]
			}
			e.setT(r, t)
		})
	}
	g.emit(s, "  linalg.yield %s : f32", y)
	g.emit(s, "} -> %s", execType)
	g.define(s, dest, r)
}

// addScalar emits r = dest + v elementwise, a linalg.generic on dest of
// type ty whose block argument is o and sum y.
func (g *execGen) addScalar(s *execScope, r, dest, v, ty, o, y string) {
	g.emit(s, "%s = linalg.generic {indexing_maps = [#map], iterator_types = [\"parallel\"]} outs(%s : %s) {", r, dest, ty)
	g.emit(s, "^bb0(%s: f32):", o)
	g.emit(s, "  %s = arith.addf %s, %s : f32", y, o, v)
	g.emit(s, "  linalg.yield %s : f32", y)
	g.emit(s, "} -> %s", ty)
	g.eval(s, func(e *execEnv) {
		t := cloneT(e.t[dest])
		for k := range t {
			t[k] += e.s[v]
		}
		e.setT(r, t)
	})
}

// sliceShape picks a slice size, stride and an offset that fits.
func (g *execGen) sliceShape() (size, stride int) {
	size = []int{2, 3, 4, 8}[g.rnd.IntN(4)]
	stride = 1
	if size <= 4 && g.rnd.IntN(3) == 0 {
		stride = 2
	}
	return size, stride
}

func (g *execGen) sliceOffset(size, stride int) int {
	return g.rnd.IntN(execLen - (size-1)*stride)
}

func sliceOf(t []float64, off, size, stride int) []float64 {
	v := make([]float64, size)
	for k := range v {
		v[k] = t[off+k*stride]
	}
	return v
}

// slice emits extract_slice, an op on the slice, and insert_slice.
func (g *execGen) slice(s *execScope) {
	size, stride := g.sliceShape()
	sty := fmt.Sprintf("tensor<%dxf32>", size)
	src := g.pickRead(s)
	off := g.sliceOffset(size, stride)
	sl := g.fresh("sl")
	g.emit(s, "%s = tensor.extract_slice %s[%d] [%d] [%d] : %s to %s", sl, src, off, size, stride, execType, sty)
	g.eval(s, func(e *execEnv) { e.setT(sl, sliceOf(e.t[src], off, size, stride)) })
	val := sl
	switch g.rnd.IntN(4) {
	case 0:
		v, r := g.pickScalar(s), g.fresh("sl")
		g.emit(s, "%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s", r, v, sl, sty, sty)
		g.eval(s, func(e *execEnv) {
			e.setT(r, filledT(size, e.s[v]))
		})
		val = r
	case 1:
		v, r, o, y := g.pickScalar(s), g.fresh("sl"), g.fresh("o"), g.fresh("y")
		g.addScalar(s, r, sl, v, sty, o, y)
		val = r
	case 2:
		other, off2, sl2, r := g.pickRead(s), g.sliceOffset(size, stride), g.fresh("sl"), g.fresh("sl")
		g.emit(s, "%s = tensor.extract_slice %s[%d] [%d] [%d] : %s to %s", sl2, other, off2, size, stride, execType, sty)
		g.emit(s, "%s = linalg.add ins(%s, %s : %s, %s) outs(%s : %s) -> %s", r, sl, sl2, sty, sty, sl, sty, sty)
		g.eval(s, func(e *execEnv) { e.setT(r, addT(e.t[sl], sliceOf(e.t[other], off2, size, stride))) })
		val = r
	}
	// Mostly back into the source, as tiling does; sometimes elsewhere.
	dest := src
	if g.rnd.IntN(3) == 0 || (s.chain && !s.isHead(src) && g.rnd.IntN(2) == 0) {
		dest = g.pickWrite(s)
	}
	off2, stride2 := off, stride
	if g.rnd.IntN(3) == 0 {
		stride2 = 1 + g.rnd.IntN(2)
		off2 = g.sliceOffset(size, stride2)
	}
	g.insertSlice(s, val, dest, off2, size, stride2, sty)
}

// insertSlice emits the insert_slice of val, of type sty and size
// elements, into dest at off with stride.
func (g *execGen) insertSlice(s *execScope, val, dest string, off, size, stride int, sty string) {
	r := g.fresh("t")
	g.emit(s, "%s = tensor.insert_slice %s into %s[%d] [%d] [%d] : %s into %s", r, val, dest, off, size, stride, sty, execType)
	g.eval(s, func(e *execEnv) {
		t := cloneT(e.t[dest])
		for k, x := range e.t[val] {
			t[off+k*stride] = x
		}
		e.setT(r, t)
	})
	g.define(s, dest, r)
}

// empty emits tensor.empty and initialises it at once (by fill or copy):
// an uninitialised tensor is never read.
func (g *execGen) empty(s *execScope) {
	e, r := g.fresh("e"), g.fresh("t")
	g.emit(s, "%s = tensor.empty() : %s", e, execType)
	if g.rnd.IntN(2) == 0 {
		v := g.pickScalar(s)
		g.emit(s, "%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s", r, v, e, execType, execType)
		g.eval(s, func(env *execEnv) {
			env.setT(r, filledT(execLen, env.s[v]))
		})
	} else {
		src := g.pickRead(s)
		g.emit(s, "%s = linalg.copy ins(%s : %s) outs(%s : %s) -> %s", r, src, execType, e, execType, execType)
		g.eval(s, func(env *execEnv) { env.setT(r, env.t[src]) })
	}
	s.tensors = append(s.tensors, r)
}

// call emits a call of @bump or @accum, which both return their first
// argument updated in place; @accum also reads its second argument.
func (g *execGen) call(s *execScope) {
	dest, r := g.pickWrite(s), g.fresh("t")
	x := g.pickRead(s)
	if s.isHead(dest) && x == dest {
		// The callee reads its second argument while it writes its
		// first: passing a head twice would put the call out of place
		// and break the chain. (At the top level it is a fine test.)
		x = ""
	}
	if x == "" || g.rnd.IntN(2) == 0 {
		v, idx := g.pickScalar(s), g.pickIndex(s)
		g.emit(s, "%s = func.call @%s(%s, %s, %s) : (%s, f32, index) -> %s", r, g.sym("bump"), dest, v, idx.name, execType, execType)
		g.eval(s, func(e *execEnv) {
			t := cloneT(e.t[dest])
			t[idx.eval(e)] = e.s[v]
			e.setT(r, t)
		})
	} else {
		g.emit(s, "%s = func.call @%s(%s, %s) : (%s, %s) -> %s", r, g.sym("accum"), dest, x, execType, execType, execType)
		g.eval(s, func(e *execEnv) { e.setT(r, addT(e.t[dest], e.t[x])) })
	}
	g.define(s, dest, r)
}

// loop emits an scf.for with one or two tensor iter_args and sometimes a
// scalar accumulator. Each tensor iter_arg starts a chain in the body.
func (g *execGen) loop(s *execScope) {
	trips := 2 + g.rnd.IntN(3)
	nt := 1
	if g.rnd.IntN(3) == 0 {
		nt = 2
	}
	withScalar := g.rnd.IntN(3) == 0

	// Inits. In a chain scope two inits must differ, or one of them could
	// not stay in place and the enclosing loop would yield a copy.
	var inits []string
	for len(inits) < nt {
		v := g.pickRead(s)
		if s.chain && len(inits) > 0 && inits[0] == v {
			if len(s.readable()) < 2 {
				break
			}
			continue
		}
		inits = append(inits, v)
	}
	nt = len(inits)
	var sInit string
	if withScalar {
		sInit = g.pickScalar(s)
	}

	iv := g.fresh("i")
	body := &execScope{parent: s, chain: true, nest: s.nest + 1, depth: s.depth + 1, indices: []index{{name: iv, value: -1}}}
	var args, results, types, header []string
	for _, init := range inits {
		a := g.fresh("a")
		body.heads = append(body.heads, a)
		args = append(args, a)
		results = append(results, g.fresh("t"))
		types = append(types, execType)
		header = append(header, fmt.Sprintf("%s = %s", a, init))
	}
	var sArg, sRes string
	if withScalar {
		sArg, sRes = g.fresh("sa"), g.fresh("x")
		body.scalars = append(body.scalars, sArg)
		results = append(results, sRes)
		types = append(types, "f32")
		header = append(header, fmt.Sprintf("%s = %s", sArg, sInit))
	}
	g.emit(s, "%s = scf.for %s = %%c0 to %%c%d step %%c1 iter_args(%s) -> (%s) {",
		strings.Join(results, ", "), iv, trips, strings.Join(header, ", "), strings.Join(types, ", "))
	for range 1 + g.rnd.IntN(3) {
		g.step(body)
	}
	yields := append([]string(nil), body.heads...)
	var sNext string
	if withScalar {
		x := g.pickScalar(body)
		sNext = g.fresh("x")
		g.emit(body, "%s = arith.addf %s, %s : f32", sNext, sArg, x)
		g.eval(body, func(e *execEnv) { e.setS(sNext, e.s[sArg]+e.s[x]) })
		yields = append(yields, sNext)
	}
	g.emit(body, "scf.yield %s : %s", strings.Join(yields, ", "), strings.Join(types, ", "))
	g.emit(s, "}")

	bodyBlock := body.block
	g.eval(s, func(e *execEnv) {
		cur := make([][]float64, nt)
		for j, init := range inits {
			cur[j] = e.t[init]
		}
		var curS float64
		if withScalar {
			curS = e.s[sInit]
		}
		for k := range trips {
			e.i[iv] = k
			for j, a := range args {
				e.t[a] = cur[j]
			}
			if withScalar {
				e.s[sArg] = curS
			}
			runBlock(e, bodyBlock)
			if e.overflow {
				return
			}
			for j := range args {
				cur[j] = e.t[yields[j]]
			}
			if withScalar {
				curS = e.s[sNext]
			}
		}
		for j := range args {
			e.setT(results[j], cur[j])
		}
		if withScalar {
			e.setS(sRes, curS)
		}
	})
	for j, init := range inits {
		g.define(s, init, results[j])
	}
	if withScalar {
		s.scalars = append(s.scalars, sRes)
	}
}

// branch emits an scf.if on a condition computed from tensor data. In a
// chain scope both branches continue the chain of one head; elsewhere each
// branch yields any tensor it can see, often one it made.
func (g *execGen) branch(s *execScope) {
	a, ia, x := g.pickRead(s), g.pickIndex(s), g.fresh("x")
	g.emit(s, "%s = tensor.extract %s[%s] : %s", x, a, ia.name, execType)
	g.eval(s, func(e *execEnv) { e.setS(x, e.t[a][ia.eval(e)]) })
	y := g.pickScalar(s)
	preds := []string{"olt", "ole", "ogt", "oge"}
	pred, cond := preds[g.rnd.IntN(len(preds))], g.fresh("cond")
	g.emit(s, "%s = arith.cmpf %s, %s, %s : f32", cond, pred, x, y)
	s.scalars = append(s.scalars, x)

	var head string
	if s.chain {
		head = s.heads[g.rnd.IntN(len(s.heads))]
	}
	r := g.fresh("t")
	g.emit(s, "%s = scf.if %s -> (%s) {", r, cond, execType)
	thenScope := g.arm(s, head, 1+g.rnd.IntN(2))
	g.emit(s, "} else {")
	elseScope := g.arm(s, head, g.rnd.IntN(3))
	g.emit(s, "}")
	thenY, elseY := thenScope.yielded, elseScope.yielded
	thenB, elseB := thenScope.block, elseScope.block
	g.eval(s, func(e *execEnv) {
		xv, yv := e.s[x], e.s[y]
		var c bool
		switch pred {
		case "olt":
			c = xv < yv
		case "ole":
			c = xv <= yv
		case "ogt":
			c = xv > yv
		default:
			c = xv >= yv
		}
		if c {
			runBlock(e, thenB)
			e.setT(r, e.t[thenY])
		} else {
			runBlock(e, elseB)
			e.setT(r, e.t[elseY])
		}
	})
	if s.chain {
		g.define(s, head, r)
	} else {
		s.tensors = append(s.tensors, r)
	}
}

type armResult struct {
	block   []evalFn
	yielded string
}

// arm emits n steps of an if branch and its yield.
func (g *execGen) arm(s *execScope, head string, n int) armResult {
	arm := &execScope{parent: s, chain: s.chain, nest: s.nest + 1, depth: s.depth + 1}
	if head != "" {
		arm.heads = []string{head}
	}
	for range n {
		g.step(arm)
	}
	var y string
	switch {
	case head != "":
		y = arm.heads[0]
	case len(arm.tensors) > 0 && g.rnd.IntN(4) > 0:
		y = arm.tensors[len(arm.tensors)-1]
	default:
		y = g.pickRead(arm)
	}
	g.emit(arm, "scf.yield %s : %s", y, execType)
	return armResult{block: arm.block, yielded: y}
}

// printResults prints the inputs, the last tensor and up to three others,
// and a tensor of extracted scalars.
func (g *execGen) printResults(s *execScope, inputs []string) {
	printed := map[string]bool{}
	var list []string
	add := func(t string) {
		if !printed[t] {
			printed[t] = true
			list = append(list, t)
		}
	}
	for _, t := range inputs {
		add(t)
	}
	add(s.tensors[len(s.tensors)-1])
	others := 3
	if g.wide {
		// More prints catch more writes into a buffer another value
		// still uses.
		others = 6
	}
	for range others {
		add(s.tensors[g.rnd.IntN(len(s.tensors))])
	}
	for _, t := range list {
		g.printTensor(s, t, execType)
	}
	if g.wide {
		g.printSmalls(s)
	}

	last := s.tensors[len(s.tensors)-1]
	idx, x := g.pickIndex(s), g.fresh("x")
	g.emit(s, "%s = tensor.extract %s[%s] : %s", x, last, idx.name, execType)
	g.eval(s, func(e *execEnv) { e.setS(x, e.t[last][idx.eval(e)]) })
	scalars := []string{x}
	if len(s.scalars) > 10 {
		scalars = append(scalars, s.scalars[len(s.scalars)-1])
	}
	r := g.fresh("t")
	ty := fmt.Sprintf("tensor<%dxf32>", len(scalars))
	g.emit(s, "%s = tensor.from_elements %s : %s", r, strings.Join(scalars, ", "), ty)
	g.eval(s, func(e *execEnv) {
		v := make([]float64, len(scalars))
		for k, name := range scalars {
			v[k] = e.s[name]
		}
		e.setT(r, v)
	})
	g.printTensor(s, r, ty)
}

func (g *execGen) printTensor(s *execScope, t, ty string) {
	u := g.fresh("u")
	g.emit(s, "%s = tensor.cast %s : %s to tensor<*xf32>", u, t, ty)
	g.emit(s, "func.call @printMemrefF32(%s) : (tensor<*xf32>) -> ()", u)
	g.eval(s, func(e *execEnv) { e.printed = append(e.printed, cloneT(e.t[t])) })
}
