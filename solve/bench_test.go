package solve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/RoaringBitmap/roaring/v2"

	"bufferlog/facts"
)

// The benchmarks compare, on the same inputs, our engine (Eval), Mangle's
// engine (EvalMangle; capped at 5000 values: it is ~1000x slower, so the
// 2000-node closure alone takes it about a minute) and
// hand-written Go. Run them with: go test ./solve -run '^$' -bench .

type evalFunc func(*Program, context.Context, *facts.DB, Options) (Stats, error)

var backends = []struct {
	name string
	eval evalFunc
	max  int // largest input size run on this backend
}{
	{"engine", (*Program).Eval, 1 << 30},
	{"mangle", (*Program).EvalMangle, 5000},
}

func benchEval(b *testing.B, prog *Program, eval evalFunc, load func() *facts.DB, check func(*facts.DB)) {
	b.Helper()
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		db := load()
		// Each run starts from a collected heap: the other engine's
		// garbage from the run before must not be charged to this one.
		runtime.GC()
		b.StartTimer()
		start := cpuTime()
		st, err := eval(prog, context.Background(), db, Options{MaxFacts: 50_000_000})
		cpu += cpuTime() - start
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(st.Derived), "facts")
		b.StopTimer()
		check(db)
		b.StartTimer()
	}
	reportCPU(b, cpu)
}

// cpuTime is the CPU time of the whole process (all threads, so the
// garbage collector counts). The machine is shared: wall time varies with
// the load, CPU time much less.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, cpu time.Duration) {
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// benchGo times hand-written Go like benchEval times an evaluation.
func benchGo(b *testing.B, f func()) {
	var cpu time.Duration
	for b.Loop() {
		start := cpuTime()
		f()
		cpu += cpuTime() - start
	}
	reportCPU(b, cpu)
}

// BenchmarkClosure: transitive closure of a chain (n(n-1)/2 facts).
func BenchmarkClosure(b *testing.B) {
	prog := mustCompile(b, closure)
	for _, n := range []int{500, 2000} {
		want := n * (n + 1) / 2
		for _, be := range backends {
			if n > be.max {
				continue
			}
			b.Run(fmt.Sprintf("%s/n=%d", be.name, n), func(b *testing.B) {
				benchEval(b, prog, be.eval, func() *facts.DB { return chain(n) }, func(db *facts.DB) {
					if got := db.Lookup("reach", 2).Len(); got != want {
						b.Fatalf("reach has %d facts, want %d", got, want)
					}
				})
			})
		}
		b.Run(fmt.Sprintf("go/n=%d", n), func(b *testing.B) {
			benchGo(b, func() {
				if got := closureGo(n); got != want {
					b.Fatalf("closure has %d pairs, want %d", got, want)
				}
			})
		})
	}
}

// closureGo computes the closure of the chain 0 -> 1 -> ... -> n by a
// search from every node, keeping each node's reach set as a bitmap.
func closureGo(n int) int {
	succ := make([][]uint32, n+1)
	for i := range n {
		succ[i] = append(succ[i], uint32(i+1))
	}
	total := 0
	stack := []uint32{}
	for src := range n + 1 {
		seen := roaring.New()
		stack = append(stack[:0], succ[src]...)
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen.CheckedAdd(v) {
				stack = append(stack, succ[v]...)
			}
		}
		total += int(seen.GetCardinality())
	}
	return total
}

// aliasEdges returns n values with random union edges: each value joins a
// random value among the 8 before it with probability 1/2, which gives
// classes of about ten values with a long tail.
func aliasEdges(n int) [][2]int64 {
	rnd := rand.New(rand.NewPCG(uint64(n), 1))
	var edges [][2]int64
	for i := 1; i < n; i++ {
		if rnd.IntN(2) == 0 {
			edges = append(edges, [2]int64{int64(i), int64(max(0, i-1-rnd.IntN(8)))})
		}
	}
	return edges
}

// aliasClosure derives each value's class representative (the smallest
// value in its class) from the alias closure, which has sum(size^2) facts.
const aliasClosure = `Decl value(V).
Decl union(X, Y).
same(X, Y) :- union(X, Y).
same(X, Y) :- union(Y, X).
alias(V, V) :- value(V).
alias(V, W) :- alias(V, U), same(U, W).
rep(V, R) :- alias(V, W) |> do fn:group_by(V), let R = fn:min(W).`

// aliasForest is the formulation that fits bufferization: each value is
// written in place into at most one earlier value (its parent), so the
// union edges form a forest and the representative is the root, found in
// one fact per value. (has_parent avoids !parent(V, _), whose wildcard
// Mangle's analysis drops together with the negation.)
const aliasForest = `Decl value(V).
Decl parent(V, P).
has_parent(V) :- parent(V, _).
rep(V, V) :- value(V), !has_parent(V).
rep(V, R) :- parent(V, P), rep(P, R).`

// aliasComputed is aliasClosure with rep declared as computed by the
// engine's union-find: the closure rules become its reference definition,
// which Mangle's engine (and Options.Reference) still evaluates.
const aliasComputed = `Decl rep(V, R)
  descr [doc("R is the least value of V's class."), computed(/union_find, "union", "value")].
` + aliasClosure

func aliasDB(n int, edges [][2]int64, edgePred string) func() *facts.DB {
	return func() *facts.DB {
		db := facts.NewDB(nil)
		vals, rel := db.Relation("value", 1), db.Relation(edgePred, 2)
		for i := range int64(n) {
			vals.Add([]facts.Value{facts.Number(i)})
		}
		for _, e := range edges {
			rel.Add([]facts.Value{facts.Number(e[0]), facts.Number(e[1])})
		}
		return db
	}
}

// forestEdges gives each value a parent among the 16 values before it
// with probability 7/8: classes of about 8 values.
func forestEdges(n int) [][2]int64 {
	rnd := rand.New(rand.NewPCG(uint64(n), 2))
	var edges [][2]int64
	for i := 1; i < n; i++ {
		if rnd.IntN(8) != 0 {
			edges = append(edges, [2]int64{int64(i), int64(max(0, i-1-rnd.IntN(16)))})
		}
	}
	return edges
}

func BenchmarkAliasClasses(b *testing.B) {
	for _, f := range []struct {
		name, src, pred string
		edges           func(int) [][2]int64
	}{
		{"closure", aliasClosure, "union", aliasEdges},
		{"forest", aliasForest, "parent", forestEdges},
		{"computed", aliasComputed, "union", aliasEdges},
	} {
		prog := mustCompile(b, f.src)
		for _, n := range []int{5000, 50_000} {
			edges := f.edges(n)
			want := unionFindGo(n, edges)
			check := func(db *facts.DB) {
				rep := db.Lookup("rep", 2)
				if f.name != "forest" {
					alias, r := db.Lookup("alias", 2).Len(), db.Lookup("same", 2).Len()
					b.ReportMetric(float64(alias+r+rep.Len()), "facts")
				}
				if rep.Len() != n {
					b.Fatalf("rep has %d facts, want %d", rep.Len(), n)
				}
				for id := range uint32(n) {
					row := rep.Row(id)
					if want[row[0].Int()] != int32(row[1].Int()) {
						b.Fatalf("rep(%d) = %d, union-find says %d", row[0].Int(), row[1].Int(), want[row[0].Int()])
					}
				}
			}
			for _, be := range backends {
				if n > be.max {
					continue
				}
				b.Run(fmt.Sprintf("%s/%s/n=%d", f.name, be.name, n), func(b *testing.B) {
					benchEval(b, prog, be.eval, aliasDB(n, edges, f.pred), check)
				})
			}
			b.Run(fmt.Sprintf("%s/go-union-find/n=%d", f.name, n), func(b *testing.B) {
				benchGo(b, func() { unionFindGo(n, edges) })
			})
		}
	}
}

// unionFindGo returns each value's representative, the smallest value of
// its class: union by size with path halving, then a pass for the minima.
func unionFindGo(n int, edges [][2]int64) []int32 {
	parent := make([]int32, n)
	size := make([]int32, n)
	for i := range parent {
		parent[i], size[i] = int32(i), 1
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, e := range edges {
		x, y := find(int32(e[0])), find(int32(e[1]))
		if x == y {
			continue
		}
		if size[x] < size[y] {
			x, y = y, x
		}
		parent[y] = x
		size[x] += size[y]
	}
	minimum := make([]int32, n)
	for i := range minimum {
		minimum[i] = int32(n)
	}
	rep := make([]int32, n)
	for i := range int32(n) {
		r := find(i)
		minimum[r] = min(minimum[r], i)
		rep[i] = r
	}
	for i := range rep {
		rep[i] = minimum[rep[i]]
	}
	return rep
}
