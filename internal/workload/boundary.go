package workload

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
)

// BoundaryProgram is a program of [Boundary]: the functions of one
// program, ready to be linked with others by [Link].
type BoundaryProgram struct {
	Seed uint64
	// Entry names the function that runs the program: no arguments, no
	// results.
	Entry string
	// Funcs is the text of the program's functions, the entry last. All
	// their names start with "s<seed>_", so programs of distinct seeds
	// link into one module.
	Funcs string
	// Want is what the entry prints, tensor by tensor, as the generator's
	// model of tensor semantics computes it.
	Want [][]float64
	// OneShotOptions are the options mlir-opt-22's one-shot bufferization
	// needs for this program besides bufferize-function-boundaries: a
	// loop that yields a new buffer needs allow-return-allocs-from-loops;
	// a recursive function (whose recursive call gets a fully dynamic
	// layout where the function returns another: "'func.call' op result
	// type mismatch") and a function returning a view (whose clone in
	// the deallocation pipeline cannot be lowered: "failed to legalize
	// operation 'bufferization.clone'") need
	// function-boundary-type-conversion=identity-layout-map.
	OneShotOptions []string
	// NoDealloc is set when mlir-opt-22's deallocation pipeline rejects
	// the program (a cf loop: "Only structured control-flow loops are
	// supported").
	NoDealloc bool
}

// referenceNeeds is what a generated program needs of mlir-opt's
// reference pipeline.
type referenceNeeds struct {
	loopAllocs     bool // allow-return-allocs-from-loops
	identityLayout bool // function-boundary-type-conversion=identity-layout-map
	cfLoops        bool // no deallocation pipeline
}

// Boundary returns a random executable program whose buffers cross
// function boundaries, built like [Executable]'s (the same steps in its
// entry) plus steps that call generated functions and write into what
// they return:
//
//   - helpers returning up to three results, each a dense constant, an
//     argument, an argument with one element replaced, a view
//     (extract_slice) of an argument, of a constant or of a fresh
//     tensor, a fresh tensor, or an scf.if, scf.for, scf.while or
//     arith.select that mixes these; a result may repeat an earlier one;
//   - chains of 1 to 1,000 private functions, each calling the next and
//     returning its result, written or not, down to one that returns a
//     fresh tensor, a constant, its argument (written or copied or not)
//     or an scf.if between them;
//   - self-recursive functions counting an index down to 0, writing
//     their tensor argument before the call and the call's result after
//     it, with any of those bases;
//   - cf functions whose two branches make the tensor a loop then writes
//     through block arguments (a fresh tensor, a copy of the argument,
//     the argument, a constant), with early exits and early returns that
//     hand over the loop's tensor, the argument or a fresh tensor;
//   - views (tensor<8xf32>) of constants and other tensors, written
//     later and inserted back.
//
// The caller writes into most results (tensor.insert, linalg.fill,
// linalg.add, insert_slice) and may read every result and argument
// afterwards. Each generated function starts with a comment that says
// what it does. The model computes what the program prints; the result
// says what mlir-opt-22's reference pipeline needs to accept it. The
// same seed gives the same program.
func Boundary(seed uint64, units int) BoundaryProgram {
	g := &execGen{rnd: rand.New(rand.NewPCG(seed, 0xb0da)), env: newExecEnv(), wide: true,
		prefix: fmt.Sprintf("s%d_", seed), consts: map[string]bool{}}
	body := g.entryBody(units)
	var b strings.Builder
	b.WriteString(g.fixedHelpers())
	b.Write(g.funcs.Bytes())
	entry := g.sym("main")
	fmt.Fprintf(&b, "func.func @%s() {\n", entry)
	g.writeEntry(&b, body)
	p := BoundaryProgram{Seed: seed, Entry: entry, Funcs: b.String(), Want: g.env.printed, NoDealloc: g.needs.cfLoops}
	if g.needs.loopAllocs {
		p.OneShotOptions = append(p.OneShotOptions, "allow-return-allocs-from-loops")
	}
	if g.needs.identityLayout {
		p.OneShotOptions = append(p.OneShotOptions, "function-boundary-type-conversion=identity-layout-map")
	}
	return p
}

// Link returns a module that runs progs in turn: its @main prints each
// program's seed on a line of its own (printI64, printNewline) and calls
// its entry. It starts with the REFERENCE-OPTIONS and REFERENCE-NO-DEALLOC
// markers (see testdata/exec/README.md) that any of progs needs.
func Link(progs ...BoundaryProgram) string {
	var b strings.Builder
	var opts []string
	noDealloc := false
	for _, p := range progs {
		for _, o := range p.OneShotOptions {
			if !strings.Contains(" "+strings.Join(opts, " ")+" ", " "+o+" ") {
				opts = append(opts, o)
			}
		}
		noDealloc = noDealloc || p.NoDealloc
	}
	if len(opts) > 0 {
		fmt.Fprintf(&b, "// REFERENCE-OPTIONS: %s\n", strings.Join(opts, " "))
	}
	if noDealloc {
		b.WriteString("// REFERENCE-NO-DEALLOC\n")
	}
	b.WriteString(`#map = affine_map<(d0) -> (d0)>
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @printI64(i64)
func.func private @printNewline()

`)
	for _, p := range progs {
		b.WriteString(p.Funcs)
		b.WriteString("\n")
	}
	b.WriteString("func.func @main() {\n")
	for k, p := range progs {
		fmt.Fprintf(&b, "  %%seed%d = arith.constant %d : i64\n", k, p.Seed)
		fmt.Fprintf(&b, "  func.call @printI64(%%seed%d) : (i64) -> ()\n", k)
		b.WriteString("  func.call @printNewline() : () -> ()\n")
		fmt.Fprintf(&b, "  func.call @%s() : () -> ()\n", p.Entry)
	}
	b.WriteString("  return\n}\n")
	return b.String()
}

// boundaryFunc matches the names of a Boundary program's functions:
// s<seed>_main, s<seed>_bump and s<seed>_accum, helpers s<seed>_h<n>,
// chains s<seed>_c<n>_<level>, recursive functions s<seed>_r<n> and cf
// functions s<seed>_f<n>.
var boundaryFunc = regexp.MustCompile(`^s(\d+)_(?:(main)|(bump|accum)|(h)\d+|(c)\d+_\d+|(r)\d+|(f)\d+)$`)

var boundaryKinds = []string{"the entry", "@bump or @accum", "a helper", "a chain", "a recursive function", "a cf function"}

// BoundaryFunction says which program of Boundary a function of that
// name belongs to, and what kind of function it is ("the entry", "a
// helper", "a chain", "a recursive function", "a cf function", "@bump or
// @accum").
func BoundaryFunction(name string) (seed uint64, kind string, ok bool) {
	m := boundaryFunc.FindStringSubmatch(name)
	if m == nil {
		return 0, "", false
	}
	seed, err := strconv.ParseUint(m[1], 10, 64)
	if err != nil {
		return 0, "", false
	}
	for k, sub := range m[2:] {
		if sub != "" {
			kind = boundaryKinds[k]
		}
	}
	return seed, kind, true
}

// smallLen is the length of the views Boundary programs take, of type
// sliceType.
const smallLen = 8

// tensorFn models a value computed in a generated function from its
// tensor arguments and its f32 argument.
type tensorFn func(args [][]float64, v float64) []float64

// fnText is the text of a generated function being written.
type fnText struct {
	g     *execGen
	b     strings.Builder
	depth int
}

func (f *fnText) line(format string, args ...any) {
	f.b.WriteString(strings.Repeat("  ", f.depth))
	fmt.Fprintf(&f.b, format, args...)
	f.b.WriteByte('\n')
}

// index emits an index constant and returns its name.
func (f *fnText) index(k int) string {
	name := f.g.fresh("k")
	f.line("%s = arith.constant %d : index", name, k)
	return name
}

// wideStep emits one of the steps only Boundary programs have. They pass
// and view only tensors that are not heads (borrowable), so every loop
// of the entry still yields its iter_args' buffers.
func (g *execGen) wideStep(s *execScope) {
	switch g.rnd.IntN(10) {
	case 0, 1, 2:
		g.helperCall(s)
	case 3:
		g.chainCall(s)
	case 4:
		g.recursiveCall(s)
	case 5, 6:
		g.cfCall(s)
	case 7:
		g.view(s)
	case 8:
		if sm := s.visibleSmalls(); len(sm) > 0 {
			g.writeSmall(s, sm[g.rnd.IntN(len(sm))])
		} else {
			g.view(s)
		}
	default:
		if sm := s.visibleSmalls(); len(sm) > 0 {
			g.insertSmall(s, sm[g.rnd.IntN(len(sm))])
		} else {
			g.view(s)
		}
	}
}

func (s *execScope) visibleSmalls() []string {
	var vals []string
	for sc := s; sc != nil; sc = sc.parent {
		vals = append(vals, sc.smalls...)
	}
	return vals
}

// pickBorrow picks a tensor that is not a head, mostly a recent one.
func (g *execGen) pickBorrow(s *execScope) string {
	if len(s.tensors) > 0 && g.rnd.IntN(3) > 0 {
		k := min(len(s.tensors), 4)
		return s.tensors[len(s.tensors)-1-g.rnd.IntN(k)]
	}
	vals := s.borrowable()
	return vals[g.rnd.IntN(len(vals))]
}

// nextFunc numbers a new generated function.
func (g *execGen) nextFunc() int {
	g.nfunc++
	return g.nfunc
}

// smallView picks the offset and stride of a tensor<8xf32> view of a
// tensor<16xf32>.
func (g *execGen) smallView() (off, stride int) {
	if g.rnd.IntN(3) == 0 {
		return g.rnd.IntN(2), 2
	}
	return g.rnd.IntN(execLen - smallLen + 1), 1
}

// view takes a tensor<8xf32> view of a dense constant (often) or another
// tensor; later steps write into it (writeSmall) and insert it back
// (insertSmall).
func (g *execGen) view(s *execScope) {
	var src string
	var consts []string
	for _, t := range s.borrowable() {
		if g.consts[t] {
			consts = append(consts, t)
		}
	}
	switch g.rnd.IntN(3) {
	case 0:
		src = g.dense(s)
	case 1:
		if len(consts) > 0 {
			src = consts[g.rnd.IntN(len(consts))]
			break
		}
		fallthrough
	default:
		src = g.pickBorrow(s)
	}
	off, stride := g.smallView()
	r := g.fresh("v")
	g.emit(s, "%s = tensor.extract_slice %s[%d] [%d] [%d] : %s to %s", r, src, off, smallLen, stride, execType, sliceType)
	g.eval(s, func(e *execEnv) { e.setT(r, sliceOf(e.t[src], off, smallLen, stride)) })
	s.smalls = append(s.smalls, r)
}

// writeSmall writes into the tensor<8xf32> dest: one element, a fill or
// an elementwise add of a scalar.
func (g *execGen) writeSmall(s *execScope, dest string) string {
	v, r := g.pickScalar(s), g.fresh("v")
	switch g.rnd.IntN(3) {
	case 0:
		k := g.rnd.IntN(smallLen)
		g.emit(s, "%s = tensor.insert %s into %s[%%c%d] : %s", r, v, dest, k, sliceType)
		g.eval(s, func(e *execEnv) {
			t := cloneT(e.t[dest])
			t[k] = e.s[v]
			e.setT(r, t)
		})
	case 1:
		g.emit(s, "%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s", r, v, dest, sliceType, sliceType)
		g.eval(s, func(e *execEnv) { e.setT(r, filledT(smallLen, e.s[v])) })
	default:
		o, y := g.fresh("o"), g.fresh("y")
		g.addScalar(s, r, dest, v, sliceType, o, y)
	}
	s.smalls = append(s.smalls, r)
	return r
}

// insertSmall inserts the tensor<8xf32> src into a tensor<16xf32>.
func (g *execGen) insertSmall(s *execScope, src string) {
	g.insertSmallInto(s, src, g.pickWrite(s))
}

func (g *execGen) insertSmallInto(s *execScope, src, dest string) {
	off, stride := g.smallView()
	g.insertSlice(s, src, dest, off, smallLen, stride, sliceType)
}

// writeResult often writes into r, a result of a generated function of
// length n: the write the caller must not let reach a constant or a
// buffer something else still reads.
func (g *execGen) writeResult(s *execScope, r string, n int) {
	if g.rnd.IntN(4) == 0 {
		return
	}
	if n == smallLen {
		w := g.writeSmall(s, r)
		if g.rnd.IntN(2) == 0 {
			g.insertSmall(s, w)
		}
		return
	}
	switch g.rnd.IntN(4) {
	case 0:
		g.insertInto(s, r)
	case 1:
		g.fillInto(s, r)
	case 2:
		x, w := g.pickRead(s), g.fresh("t")
		g.emit(s, "%s = linalg.add ins(%s, %s : %s, %s) outs(%s : %s) -> %s", w, r, x, execType, execType, r, execType, execType)
		g.eval(s, func(e *execEnv) { e.setT(w, addT(e.t[r], e.t[x])) })
		g.define(s, r, w)
	default:
		if sm := s.visibleSmalls(); len(sm) > 0 && g.rnd.IntN(2) == 0 {
			g.insertSmallInto(s, sm[g.rnd.IntN(len(sm))], r)
			return
		}
		src := g.pickBorrow(s)
		off, stride := g.smallView()
		v := g.fresh("v")
		g.emit(s, "%s = tensor.extract_slice %s[%d] [%d] [%d] : %s to %s", v, src, off, smallLen, stride, execType, sliceType)
		g.eval(s, func(e *execEnv) { e.setT(v, sliceOf(e.t[src], off, smallLen, stride)) })
		g.insertSmallInto(s, v, r)
	}
}

// addResult records r, a result of length n of a call, as a value the
// later steps of s may use, and maybe writes into it.
func (g *execGen) addResult(s *execScope, r string, n int) {
	if n == smallLen {
		s.smalls = append(s.smalls, r)
	} else {
		s.tensors = append(s.tensors, r)
	}
	g.writeResult(s, r, n)
}

// printSmalls prints up to two tensor<8xf32> values of s.
func (g *execGen) printSmalls(s *execScope) {
	if len(s.smalls) == 0 {
		return
	}
	printed := map[string]bool{}
	for range 2 {
		v := s.smalls[g.rnd.IntN(len(s.smalls))]
		if !printed[v] {
			printed[v] = true
			g.printTensor(s, v, sliceType)
		}
	}
}

// resKind is what a result of a generated helper function is.
type resKind int

const (
	resConst      resKind = iota // a dense constant
	resArg                       // a tensor argument
	resArgUpdated                // an argument with one element replaced
	resFresh                     // a new tensor: filled, a copy of an argument, or a sum
	resArgView                   // a tensor<8xf32> view of an argument
	resConstView                 // a view of a constant
	resFreshView                 // a view of a fresh tensor
	resIf                        // an scf.if yielding two of the kinds above
	resFor                       // an scf.for carrying a tensor of the kinds above
	resWhile                     // an scf.while carrying one
	resSelect                    // an arith.select between two values of the kinds above
	numResKinds
)

// resKindNames start the descriptions of the values of each kind in the
// functions' comments.
var resKindNames = [numResKinds]string{
	"constant", "argument", "updated argument", "fresh", "view of argument",
	"view of constant", "view of fresh", "scf.if", "scf.for", "scf.while", "arith.select",
}

func (k resKind) String() string { return resKindNames[k] }

// helperValue is a value computed in a generated function.
type helperValue struct {
	name  string
	n     int // length: execLen or smallLen
	model tensorFn
	what  string // for the function's comment
}

// simpleKinds are the kinds of tensor<16xf32> values that scf.if, the
// loops and the other generated functions start from.
var simpleKinds = []resKind{resConst, resArg, resArgUpdated, resFresh}

func (g *execGen) pickSimple() resKind { return simpleKinds[g.rnd.IntN(len(simpleKinds))] }

// value emits the code of a value of kind k in f, from the tensor
// arguments args and the f32 argument v.
func (g *execGen) value(f *fnText, k resKind, args []string, v string) helperValue {
	switch k {
	case resConst:
		r := g.fresh("cst")
		lit, vals := g.denseLiteral()
		f.line("%s = arith.constant %s : %s", r, lit, execType)
		return helperValue{r, execLen, func([][]float64, float64) []float64 { return vals }, k.String()}
	case resArg:
		j := g.rnd.IntN(len(args))
		return helperValue{args[j], execLen, func(a [][]float64, _ float64) []float64 { return a[j] }, fmt.Sprintf("argument %d", j)}
	case resArgUpdated:
		j, at := g.rnd.IntN(len(args)), g.rnd.IntN(execLen)
		idx, r := f.index(at), g.fresh("u")
		f.line("%s = tensor.insert %s into %s[%s] : %s", r, v, args[j], idx, execType)
		return helperValue{r, execLen, func(a [][]float64, x float64) []float64 {
			t := cloneT(a[j])
			t[at] = x
			return t
		}, fmt.Sprintf("updated argument %d", j)}
	case resFresh:
		return g.freshValue(f, args, v)
	case resArgView, resConstView, resFreshView:
		var src helperValue
		switch k {
		case resArgView:
			src = g.value(f, resArg, args, v)
		case resConstView:
			src = g.value(f, resConst, args, v)
		default:
			src = g.freshValue(f, args, v)
		}
		off, stride := g.smallView()
		r := g.fresh("w")
		f.line("%s = tensor.extract_slice %s[%d] [%d] [%d] : %s to %s", r, src.name, off, smallLen, stride, execType, sliceType)
		return helperValue{r, smallLen, func(a [][]float64, x float64) []float64 {
			return sliceOf(src.model(a, x), off, smallLen, stride)
		}, "view of " + src.what}
	case resIf:
		return g.ifValue(f, args, v)
	case resFor:
		return g.forValue(f, args, v)
	case resSelect:
		return g.selectValue(f, args, v)
	default:
		return g.whileValue(f, args, v)
	}
}

// freshValue emits a new tensor: tensor.empty filled with v, or a copy of
// an argument, or an argument plus a constant.
func (g *execGen) freshValue(f *fnText, args []string, v string) helperValue {
	e, r := g.fresh("e"), g.fresh("n")
	switch g.rnd.IntN(3) {
	case 0:
		f.line("%s = tensor.empty() : %s", e, execType)
		f.line("%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s", r, v, e, execType, execType)
		return helperValue{r, execLen, func(_ [][]float64, x float64) []float64 { return filledT(execLen, x) }, "fresh (filled)"}
	case 1:
		j := g.rnd.IntN(len(args))
		f.line("%s = tensor.empty() : %s", e, execType)
		f.line("%s = linalg.copy ins(%s : %s) outs(%s : %s) -> %s", r, args[j], execType, e, execType, execType)
		return helperValue{r, execLen, func(a [][]float64, _ float64) []float64 { return a[j] }, fmt.Sprintf("fresh (copy of argument %d)", j)}
	default:
		j := g.rnd.IntN(len(args))
		c := g.value(f, resConst, args, v)
		f.line("%s = tensor.empty() : %s", e, execType)
		f.line("%s = linalg.add ins(%s, %s : %s, %s) outs(%s : %s) -> %s", r, args[j], c.name, execType, execType, e, execType, execType)
		return helperValue{r, execLen, func(a [][]float64, x float64) []float64 { return addT(a[j], c.model(a, x)) }, fmt.Sprintf("fresh (argument %d plus a constant)", j)}
	}
}

var cmpPreds = []string{"olt", "ole", "ogt", "oge"}

func cmpF(pred string, x, y float64) bool {
	switch pred {
	case "olt":
		return x < y
	case "ole":
		return x <= y
	case "ogt":
		return x > y
	default:
		return x >= y
	}
}

// condition emits a comparison of an element of an argument with v.
func (g *execGen) condition(f *fnText, args []string, v string) (string, func([][]float64, float64) bool) {
	j, at, pred := g.rnd.IntN(len(args)), g.rnd.IntN(execLen), cmpPreds[g.rnd.IntN(len(cmpPreds))]
	idx, x, c := f.index(at), g.fresh("x"), g.fresh("p")
	f.line("%s = tensor.extract %s[%s] : %s", x, args[j], idx, execType)
	f.line("%s = arith.cmpf %s, %s, %s : f32", c, pred, x, v)
	return c, func(a [][]float64, y float64) bool { return cmpF(pred, a[j][at], y) }
}

// twoSimple picks two distinct simple kinds.
func (g *execGen) twoSimple() (resKind, resKind) {
	k1, k2 := g.pickSimple(), g.pickSimple()
	for k2 == k1 {
		k2 = g.pickSimple()
	}
	return k1, k2
}

// selectValue emits an arith.select between a value of one simple kind
// and one of another, both computed before it.
func (g *execGen) selectValue(f *fnText, args []string, v string) helperValue {
	cond, holds := g.condition(f, args, v)
	k1, k2 := g.twoSimple()
	a, b := g.value(f, k1, args, v), g.value(f, k2, args, v)
	r := g.fresh("s")
	f.line("%s = arith.select %s, %s, %s : %s", r, cond, a.name, b.name, execType)
	return helperValue{r, execLen, func(as [][]float64, x float64) []float64 {
		if holds(as, x) {
			return a.model(as, x)
		}
		return b.model(as, x)
	}, fmt.Sprintf("arith.select (%s or %s)", a.what, b.what)}
}

// ifValue emits an scf.if that yields a value of one simple kind in one
// branch and of another in the other.
func (g *execGen) ifValue(f *fnText, args []string, v string) helperValue {
	cond, holds := g.condition(f, args, v)
	k1, k2 := g.twoSimple()
	r := g.fresh("i")
	f.line("%s = scf.if %s -> (%s) {", r, cond, execType)
	f.depth++
	a := g.value(f, k1, args, v)
	f.line("scf.yield %s : %s", a.name, execType)
	f.depth--
	f.line("} else {")
	f.depth++
	b := g.value(f, k2, args, v)
	f.line("scf.yield %s : %s", b.name, execType)
	f.depth--
	f.line("}")
	return helperValue{r, execLen, func(as [][]float64, x float64) []float64 {
		if holds(as, x) {
			return a.model(as, x)
		}
		return b.model(as, x)
	}, fmt.Sprintf("scf.if (%s or %s)", a.what, b.what)}
}

// writtenTrips models a loop that starts from init and writes i + v at
// index i on trips 0 .. trips-1.
func writtenTrips(init tensorFn, trips int) tensorFn {
	return func(a [][]float64, x float64) []float64 {
		t := cloneT(init(a, x))
		for i := range trips {
			t[i] = float64(i) + x
		}
		return t
	}
}

// copyOf emits a copy of t into a new tensor and returns its name.
func (f *fnText) copyOf(t string) string {
	e, cp := f.g.fresh("e"), f.g.fresh("n")
	f.line("%s = tensor.empty() : %s", e, execType)
	f.line("%s = linalg.copy ins(%s : %s) outs(%s : %s) -> %s", cp, t, execType, e, execType, execType)
	return cp
}

// tripValue emits y = i + v, the value a loop writes at index i.
func (g *execGen) tripValue(f *fnText, iv, v string) string {
	ii, xf, y := g.fresh("ii"), g.fresh("xf"), g.fresh("y")
	f.line("%s = arith.index_cast %s : index to i32", ii, iv)
	f.line("%s = arith.sitofp %s : i32 to f32", xf, ii)
	f.line("%s = arith.addf %s, %s : f32", y, xf, v)
	return y
}

// forValue emits an scf.for whose iter_arg starts as a simple value and
// gets y written at index i each trip: in place, into a new copy made
// each trip, or, with a second iter_arg, swapped with it each trip. The
// last two yield buffers that are not their iter_arg's, which mlir-opt
// accepts with allow-return-allocs-from-loops.
func (g *execGen) forValue(f *fnText, args []string, v string) helperValue {
	trips := 1 + g.rnd.IntN(4)
	init := g.value(f, g.pickSimple(), args, v)
	lo, hi, one := f.index(0), f.index(trips), f.index(1)
	iv, acc, r := g.fresh("i"), g.fresh("acc"), g.fresh("l")
	mode := g.rnd.IntN(3)
	switch mode {
	case 0, 1:
		f.line("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {", r, iv, lo, hi, one, acc, init.name, execType)
	default:
		other := g.value(f, g.pickSimple(), args, v)
		acc2, r2 := g.fresh("acc"), g.fresh("l")
		f.line("%s, %s = scf.for %s = %s to %s step %s iter_args(%s = %s, %s = %s) -> (%s, %s) {", r, r2, iv, lo, hi, one, acc, init.name, acc2, other.name, execType, execType)
		f.depth++
		y := g.tripValue(f, iv, v)
		u := g.fresh("u")
		f.line("%s = tensor.insert %s into %s[%s] : %s", u, y, acc, iv, execType)
		f.line("scf.yield %s, %s : %s, %s", acc2, u, execType, execType)
		f.depth--
		f.line("}")
		g.needs.loopAllocs = true
		return helperValue{r, execLen, func(a [][]float64, x float64) []float64 {
			p, q := init.model(a, x), other.model(a, x)
			for i := range trips {
				u := cloneT(p)
				u[i] = float64(i) + x
				p, q = q, u
			}
			return p
		}, fmt.Sprintf("scf.for swapping %s and %s", init.what, other.what)}
	}
	f.depth++
	y := g.tripValue(f, iv, v)
	dest, what := acc, "in place"
	if mode == 1 {
		dest, what = f.copyOf(acc), "copied each trip"
		g.needs.loopAllocs = true
	}
	u := g.fresh("u")
	f.line("%s = tensor.insert %s into %s[%s] : %s", u, y, dest, iv, execType)
	f.line("scf.yield %s : %s", u, execType)
	f.depth--
	f.line("}")
	return helperValue{r, execLen, writtenTrips(init.model, trips), fmt.Sprintf("scf.for on %s, %s", init.what, what)}
}

// whileValue emits an scf.while that carries a simple value and an index
// and writes y at the index each trip, in place or into a copy.
func (g *execGen) whileValue(f *fnText, args []string, v string) helperValue {
	trips := g.rnd.IntN(5)
	init := g.value(f, g.pickSimple(), args, v)
	lo, hi, one := f.index(0), f.index(trips), f.index(1)
	t, i, more := g.fresh("wt"), g.fresh("wi"), g.fresh("more")
	t2, i2, i3, u, r, rn := g.fresh("wt"), g.fresh("wi"), g.fresh("wi"), g.fresh("u"), g.fresh("l"), g.fresh("ln")
	f.line("%s, %s = scf.while (%s = %s, %s = %s) : (%s, index) -> (%s, index) {", r, rn, t, init.name, i, lo, execType, execType)
	f.line("  %s = arith.cmpi ult, %s, %s : index", more, i, hi)
	f.line("  scf.condition(%s) %s, %s : %s, index", more, t, i, execType)
	f.line("} do {")
	f.line("^bb0(%s: %s, %s: index):", t2, execType, i2)
	f.depth++
	y := g.tripValue(f, i2, v)
	dest, what := t2, "in place"
	if g.rnd.IntN(3) == 0 {
		dest, what = f.copyOf(t2), "copied each trip"
		g.needs.loopAllocs = true
	}
	f.line("%s = tensor.insert %s into %s[%s] : %s", u, y, dest, i2, execType)
	f.line("%s = arith.addi %s, %s : index", i3, i2, one)
	f.line("scf.yield %s, %s : %s, index", u, i3, execType)
	f.depth--
	f.line("}")
	return helperValue{r, execLen, writtenTrips(init.model, trips), fmt.Sprintf("scf.while on %s, %s", init.what, what)}
}

// tensorArgs returns n fresh names for tensor arguments, and their
// declaration.
func (g *execGen) tensorArgs(n int) ([]string, []string) {
	var names, decls []string
	for range n {
		a := g.fresh("a")
		names = append(names, a)
		decls = append(decls, a+": "+execType)
	}
	return names, decls
}

// resultTypes is the result type list of a function or op.
func resultTypes(vals []helperValue) string {
	var tys []string
	for _, v := range vals {
		tys = append(tys, typeOfLen(v.n))
	}
	if len(tys) == 1 {
		return tys[0]
	}
	return "(" + strings.Join(tys, ", ") + ")"
}

func typeOfLen(n int) string {
	if n == smallLen {
		return sliceType
	}
	return execType
}

// helperCall generates a helper function returning one to three values
// of random kinds, calls it on tensors of s and writes into its results.
func (g *execGen) helperCall(s *execScope) {
	name := g.sym(fmt.Sprintf("h%d", g.nextFunc()))
	args, decls := g.tensorArgs(1 + g.rnd.IntN(2))
	v := g.fresh("v")
	f := &fnText{g: g, depth: 1}
	var vals []helperValue
	var whats []string
	for k := range 1 + g.rnd.IntN(3) {
		if k > 0 && g.rnd.IntN(6) == 0 {
			j := g.rnd.IntN(len(vals))
			vals = append(vals, vals[j])
			whats = append(whats, fmt.Sprintf("result %d again", j))
			continue
		}
		val := g.value(f, resKind(g.rnd.IntN(int(numResKinds))), args, v)
		vals = append(vals, val)
		whats = append(whats, val.what)
	}
	var names, tys []string
	for _, val := range vals {
		names = append(names, val.name)
		tys = append(tys, typeOfLen(val.n))
		g.needs.identityLayout = g.needs.identityLayout || val.n == smallLen
	}
	fmt.Fprintf(&g.funcs, "// @%s returns: %s.\n", name, strings.Join(whats, "; "))
	fmt.Fprintf(&g.funcs, "func.func private @%s(%s, %s: f32) -> %s {\n", name, strings.Join(decls, ", "), v, resultTypes(vals))
	g.funcs.WriteString(f.b.String())
	fmt.Fprintf(&g.funcs, "  return %s : %s\n}\n\n", strings.Join(names, ", "), strings.Join(tys, ", "))

	var ops, opTys []string
	for range args {
		ops = append(ops, g.pickBorrow(s))
		opTys = append(opTys, execType)
	}
	x := g.pickScalar(s)
	var rs []string
	for range vals {
		rs = append(rs, g.fresh("r"))
	}
	g.emit(s, "%s = func.call @%s(%s, %s) : (%s, f32) -> %s", strings.Join(rs, ", "), name, strings.Join(ops, ", "), x, strings.Join(opTys, ", "), resultTypes(vals))
	g.eval(s, func(e *execEnv) {
		var in [][]float64
		for _, o := range ops {
			in = append(in, e.t[o])
		}
		for k, val := range vals {
			e.setT(rs[k], val.model(in, e.s[x]))
		}
	})
	for k, val := range vals {
		g.addResult(s, rs[k], val.n)
	}
}

// chainDepth picks how many functions a chain has: mostly a few, up to
// 1,000. Each function costs the JIT about a millisecond to compile, so
// the longest chains are the rarest.
func (g *execGen) chainDepth() int {
	switch k := g.rnd.IntN(16); {
	case k < 8:
		return 1 + g.rnd.IntN(8)
	case k < 12:
		return 9 + g.rnd.IntN(32)
	case k < 15:
		return 41 + g.rnd.IntN(160)
	default:
		return 201 + g.rnd.IntN(800)
	}
}

// chainCall generates a chain of functions c<N>_<depth-1> ... c<N>_0,
// each calling the next with its arguments and returning its result,
// some writing their tensor argument before the call or the result
// after it; c<N>_0 returns a fresh tensor, a constant, its argument
// (written or copied or not) or an scf.if choosing. The caller calls the
// top and writes into the result.
func (g *execGen) chainCall(s *execScope) {
	id, depth := g.nextFunc(), g.chainDepth()
	fn := func(level int) string { return g.sym(fmt.Sprintf("c%d_%d", id, level)) }
	withTensor := g.rnd.IntN(2) == 0
	leafKinds := []resKind{resFresh, resConst}
	if withTensor {
		leafKinds = []resKind{resArg, resArgUpdated, resFresh, resIf}
	}
	leafKind := leafKinds[g.rnd.IntN(len(leafKinds))]
	t, v := g.fresh("a"), g.fresh("v")
	params, callTys := v+": f32", "f32"
	var args []string
	if withTensor {
		params, callTys, args = t+": "+execType+", "+params, execType+", f32", []string{t}
	}

	f := &fnText{g: g, depth: 1}
	var leaf helperValue
	if leafKind == resFresh && !withTensor {
		e, r := g.fresh("e"), g.fresh("n")
		f.line("%s = tensor.empty() : %s", e, execType)
		f.line("%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s", r, v, e, execType, execType)
		leaf = helperValue{r, execLen, func(_ [][]float64, x float64) []float64 { return filledT(execLen, x) }, "fresh (filled)"}
	} else {
		leaf = g.value(f, leafKind, args, v)
	}
	fmt.Fprintf(&g.funcs, "// @%s ... @%s: a chain of %d calls down to one that returns %s.\n", fn(depth-1), fn(0), depth, leaf.what)
	fmt.Fprintf(&g.funcs, "func.func private @%s(%s) -> %s {\n", fn(0), params, execType)
	g.funcs.WriteString(f.b.String())
	fmt.Fprintf(&g.funcs, "  return %s : %s\n}\n\n", leaf.name, execType)

	// Each level may write its argument before the call (pre) and the
	// callee's result after it (post): value level%50 at an index.
	pre, post := make([]int, depth), make([]int, depth)
	for level := 1; level < depth; level++ {
		pre[level], post[level] = -1, -1
		if withTensor && g.rnd.IntN(4) == 0 {
			pre[level] = g.rnd.IntN(execLen)
		}
		if g.rnd.IntN(4) == 0 {
			post[level] = g.rnd.IntN(execLen)
		}
		fmt.Fprintf(&g.funcs, "func.func private @%s(%s) -> %s {\n", fn(level), params, execType)
		var w string
		if pre[level] >= 0 || post[level] >= 0 {
			w = g.fresh("w")
			fmt.Fprintf(&g.funcs, "  %s = arith.constant %s : f32\n", w, f32(level%50))
		}
		callArgs := v
		if withTensor {
			arg := t
			if pre[level] >= 0 {
				k, u := g.fresh("k"), g.fresh("u")
				fmt.Fprintf(&g.funcs, "  %s = arith.constant %d : index\n", k, pre[level])
				fmt.Fprintf(&g.funcs, "  %s = tensor.insert %s into %s[%s] : %s\n", u, w, t, k, execType)
				arg = u
			}
			callArgs = arg + ", " + v
		}
		r := g.fresh("r")
		fmt.Fprintf(&g.funcs, "  %s = func.call @%s(%s) : (%s) -> %s\n", r, fn(level-1), callArgs, callTys, execType)
		if post[level] >= 0 {
			k, u := g.fresh("k"), g.fresh("u")
			fmt.Fprintf(&g.funcs, "  %s = arith.constant %d : index\n", k, post[level])
			fmt.Fprintf(&g.funcs, "  %s = tensor.insert %s into %s[%s] : %s\n", u, w, r, k, execType)
			r = u
		}
		fmt.Fprintf(&g.funcs, "  return %s : %s\n}\n\n", r, execType)
	}
	model := func(a []float64, x float64) []float64 {
		for level := depth - 1; level >= 1; level-- {
			if pre[level] >= 0 {
				a = cloneT(a)
				a[pre[level]] = float64(level % 50)
			}
		}
		r := leaf.model([][]float64{a}, x)
		for level := 1; level < depth; level++ {
			if post[level] >= 0 {
				r = cloneT(r)
				r[post[level]] = float64(level % 50)
			}
		}
		return r
	}

	x, r := g.pickScalar(s), g.fresh("r")
	var src string
	callArgs := x
	if withTensor {
		src = g.pickBorrow(s)
		callArgs = src + ", " + x
	}
	g.emit(s, "%s = func.call @%s(%s) : (%s) -> %s", r, fn(depth-1), callArgs, callTys, execType)
	g.eval(s, func(e *execEnv) { e.setT(r, model(e.t[src], e.s[x])) })
	g.addResult(s, r, execLen)
}

// recursiveCall generates a function r<N>(%n, %t, %v) that returns a
// base value when %n is 0 and otherwise calls itself with %n - 1, maybe
// writing %t before the call and the call's result after it; the caller
// calls it with %n in [0, 16) and writes into the result.
func (g *execGen) recursiveCall(s *execScope) {
	name := g.sym(fmt.Sprintf("r%d", g.nextFunc()))
	n, t, v := g.fresh("n"), g.fresh("a"), g.fresh("v")
	pre, post := g.rnd.IntN(2) == 0, g.rnd.IntN(2) == 0
	f := &fnText{g: g, depth: 1}
	zero, one := f.index(0), f.index(1)
	z, r := g.fresh("z"), g.fresh("rr")
	f.line("%s = arith.cmpi eq, %s, %s : index", z, n, zero)
	f.line("%s = scf.if %s -> (%s) {", r, z, execType)
	f.depth++
	base := g.value(f, g.pickSimple(), []string{t}, v)
	f.line("scf.yield %s : %s", base.name, execType)
	f.depth--
	f.line("} else {")
	f.depth++
	ni, x := g.fresh("ni"), g.fresh("x")
	f.line("%s = arith.index_cast %s : index to i32", ni, n)
	f.line("%s = arith.sitofp %s : i32 to f32", x, ni)
	arg := t
	if pre {
		arg = g.fresh("u")
		f.line("%s = tensor.insert %s into %s[%s] : %s", arg, x, t, n, execType)
	}
	m, rec := g.fresh("m"), g.fresh("rr")
	f.line("%s = arith.subi %s, %s : index", m, n, one)
	f.line("%s = func.call @%s(%s, %s, %s) : (index, %s, f32) -> %s", rec, name, m, arg, v, execType, execType)
	res := rec
	if post {
		y := g.fresh("y")
		res = g.fresh("u")
		f.line("%s = arith.addf %s, %s : f32", y, x, v)
		f.line("%s = tensor.insert %s into %s[%s] : %s", res, y, rec, n, execType)
	}
	f.line("scf.yield %s : %s", res, execType)
	f.depth--
	f.line("}")
	var writes []string
	if pre {
		writes = append(writes, "writes its argument before the call")
	}
	if post {
		writes = append(writes, "writes the call's result")
	}
	if len(writes) == 0 {
		writes = append(writes, "writes nothing")
	}
	g.needs.identityLayout = true
	fmt.Fprintf(&g.funcs, "// @%s recurses down to a base that returns %s; it %s.\n", name, base.what, strings.Join(writes, " and "))
	fmt.Fprintf(&g.funcs, "func.func private @%s(%s: index, %s: %s, %s: f32) -> %s {\n", name, n, t, execType, v, execType)
	g.funcs.WriteString(f.b.String())
	fmt.Fprintf(&g.funcs, "  return %s : %s\n}\n\n", r, execType)

	var model func(k int, a []float64, x float64) []float64
	model = func(k int, a []float64, x float64) []float64 {
		if k == 0 {
			return base.model([][]float64{a}, x)
		}
		if pre {
			a = cloneT(a)
			a[k] = float64(k)
		}
		r := model(k-1, a, x)
		if post {
			r = cloneT(r)
			r[k] = float64(k) + x
		}
		return r
	}
	depth, src, sx, out := g.rnd.IntN(execLen), g.pickBorrow(s), g.pickScalar(s), g.fresh("r")
	g.emit(s, "%s = func.call @%s(%%c%d, %s, %s) : (index, %s, f32) -> %s", out, name, depth, src, sx, execType, execType)
	g.eval(s, func(e *execEnv) { e.setT(out, model(depth, e.t[src], e.s[sx])) })
	g.addResult(s, out, execLen)
}

// cfCall generates a function in the cf dialect: a cf.cond_br on its
// argument's data to two blocks that each make the starting tensor (or
// one returns at once), then maybe a loop of blocks carrying the tensor
// and an index as block arguments, writing y at the index each trip
// (into the tensor or a copy made each trip) for %n trips, maybe leaving
// early with the tensor, the argument or a fresh tensor; the exit block
// returns its block argument. The caller writes into the result.
func (g *execGen) cfCall(s *execScope) {
	name := g.sym(fmt.Sprintf("f%d", g.nextFunc()))
	a, v, n := g.fresh("a"), g.fresh("v"), g.fresh("n")
	args := []string{a}
	loop := g.rnd.IntN(4) > 0
	earlyReturn := g.rnd.IntN(4) == 0
	var what []string

	f := &fnText{g: g, depth: 1}
	zero, one := f.index(0), f.index(1)
	cond, holds := g.condition(f, args, v)
	f.line("cf.cond_br %s, ^bb1, ^bb2", cond)
	// Where the starting tensor goes: the loop's header, or the exit.
	enter := func(t string) string {
		if loop {
			return fmt.Sprintf("^bb3(%s, %s : %s, index)", t, zero, execType)
		}
		return fmt.Sprintf("^bb5(%s : %s)", t, execType)
	}
	f.depth = 0
	f.line("^bb1:")
	f.depth = 1
	first := g.value(f, g.pickSimple(), args, v)
	f.line("cf.br %s", enter(first.name))
	f.depth = 0
	f.line("^bb2:")
	f.depth = 1
	second := g.value(f, g.pickSimple(), args, v)
	if earlyReturn {
		f.line("return %s : %s", second.name, execType)
		what = append(what, fmt.Sprintf("starts from %s, or returns %s at once", first.what, second.what))
	} else {
		f.line("cf.br %s", enter(second.name))
		what = append(what, fmt.Sprintf("starts from %s or %s", first.what, second.what))
	}

	perTrip := loop && g.rnd.IntN(3) == 0
	early := loop && g.rnd.IntN(2) == 0
	stopAt := 1 + g.rnd.IntN(execLen)
	exitKind := g.rnd.IntN(3) // the loop's tensor, the argument, a fresh tensor
	if loop {
		g.needs.cfLoops = true
		t, i := g.fresh("t"), g.fresh("i")
		f.depth = 0
		f.line("^bb3(%s: %s, %s: index):", t, execType, i)
		f.depth = 1
		more := g.fresh("more")
		f.line("%s = arith.cmpi ult, %s, %s : index", more, i, n)
		f.line("cf.cond_br %s, ^bb4, ^bb5(%s : %s)", more, t, execType)
		f.depth = 0
		f.line("^bb4:")
		f.depth = 1
		dest := t
		if perTrip {
			dest = f.copyOf(t)
			what = append(what, "loops copying its tensor each trip")
		} else {
			what = append(what, "loops writing its tensor")
		}
		y := g.tripValue(f, i, v)
		u, i2 := g.fresh("u"), g.fresh("i")
		f.line("%s = tensor.insert %s into %s[%s] : %s", u, y, dest, i, execType)
		f.line("%s = arith.addi %s, %s : index", i2, i, one)
		if early {
			ke, stop := g.fresh("k"), g.fresh("stop")
			f.line("%s = arith.constant %d : index", ke, stopAt)
			f.line("%s = arith.cmpi eq, %s, %s : index", stop, i2, ke)
			exit := u
			switch exitKind {
			case 1:
				exit = a
				what = append(what, fmt.Sprintf("leaves with the argument after trip %d", stopAt))
			case 2:
				e, fr := g.fresh("e"), g.fresh("n")
				f.line("%s = tensor.empty() : %s", e, execType)
				f.line("%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s", fr, v, e, execType, execType)
				exit = fr
				what = append(what, fmt.Sprintf("leaves with a fresh tensor after trip %d", stopAt))
			default:
				what = append(what, fmt.Sprintf("leaves with its tensor after trip %d", stopAt))
			}
			f.line("cf.cond_br %s, ^bb5(%s : %s), ^bb3(%s, %s : %s, index)", stop, exit, execType, u, i2, execType)
		} else {
			f.line("cf.br ^bb3(%s, %s : %s, index)", u, i2, execType)
		}
	}
	r := g.fresh("r")
	f.depth = 0
	f.line("^bb5(%s: %s):", r, execType)
	f.depth = 1
	f.line("return %s : %s", r, execType)

	fmt.Fprintf(&g.funcs, "// @%s (cf) %s.\n", name, strings.Join(what, ", "))
	fmt.Fprintf(&g.funcs, "func.func private @%s(%s: %s, %s: f32, %s: index) -> %s {\n", name, a, execType, v, n, execType)
	g.funcs.WriteString(f.b.String())
	g.funcs.WriteString("}\n\n")

	model := func(in []float64, x float64, trips int) []float64 {
		as := [][]float64{in}
		var t []float64
		switch {
		case holds(as, x):
			t = first.model(as, x)
		case earlyReturn:
			return second.model(as, x)
		default:
			t = second.model(as, x)
		}
		if !loop {
			return t
		}
		for i := 0; i < trips; i++ {
			t = cloneT(t)
			t[i] = float64(i) + x
			if early && i+1 == stopAt {
				switch exitKind {
				case 1:
					return in
				case 2:
					return filledT(execLen, x)
				}
				return t
			}
		}
		return t
	}
	trips, src, x, out := g.rnd.IntN(execLen+1), g.pickBorrow(s), g.pickScalar(s), g.fresh("r")
	g.emit(s, "%s = func.call @%s(%s, %s, %%c%d) : (%s, f32, index) -> %s", out, name, src, x, trips, execType, execType)
	g.eval(s, func(e *execEnv) { e.setT(out, model(e.t[src], e.s[x], trips)) })
	g.addResult(s, out, execLen)
}
