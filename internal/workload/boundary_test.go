package workload

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bufferlog/internal/tooltest"
)

// boundaryUnits is the number of steps of the programs these tests
// generate, as in the differential test.
const boundaryUnits = 12

func TestBoundaryDeterministic(t *testing.T) {
	seen := map[string]uint64{}
	for seed := uint64(1); seed <= 60; seed++ {
		p := Boundary(seed, boundaryUnits)
		if again := Boundary(seed, boundaryUnits); p.Funcs != again.Funcs || fmt.Sprint(p.Want) != fmt.Sprint(again.Want) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
		if p.Entry != fmt.Sprintf("s%d_main", seed) || !strings.Contains(p.Funcs, "func.func @"+p.Entry+"() {") {
			t.Errorf("seed %d: no entry %q:\n%s", seed, p.Entry, p.Funcs)
		}
		if other, ok := seen[p.Funcs]; ok {
			t.Errorf("seeds %d and %d give the same program", other, seed)
		}
		seen[p.Funcs] = seed
	}
}

var (
	helperComment = regexp.MustCompile(`(?m)^// @s\d+_h\d+ returns: (.*)\.$`)
	chainComment  = regexp.MustCompile(`(?m)^// @\S+ \.\.\. @\S+: a chain of (\d+) calls down to one that returns (.*)\.$`)
	againResult   = regexp.MustCompile(`^result \d+ again$`)
)

// TestBoundaryMix checks that seeds 1..300 (as many as the differential
// test runs) hold every construct Boundary promises: helpers returning
// every pair of kinds of results (a result repeated included), chains
// from 1 to about 1,000 calls with each kind of end, recursion, cf loops
// with early exits and early returns, views of constants written later.
func TestBoundaryMix(t *testing.T) {
	var all strings.Builder
	for seed := uint64(1); seed <= 300; seed++ {
		all.WriteString(Boundary(seed, boundaryUnits).Funcs)
	}
	text := all.String()

	kindOf := func(what string) string {
		if againResult.MatchString(what) {
			return "result again"
		}
		best := ""
		for _, name := range resKindNames {
			if strings.HasPrefix(what, name) && len(name) > len(best) {
				best = name
			}
		}
		return best
	}
	pairs := map[[2]string]bool{}
	for _, m := range helperComment.FindAllStringSubmatch(text, -1) {
		var kinds []string
		for what := range strings.SplitSeq(m[1], "; ") {
			k := kindOf(what)
			if k == "" {
				t.Fatalf("result %q of no kind", what)
			}
			kinds = append(kinds, k)
		}
		for i := range kinds {
			for j := i + 1; j < len(kinds); j++ {
				a, b := min(kinds[i], kinds[j]), max(kinds[i], kinds[j])
				pairs[[2]string{a, b}] = true
			}
		}
	}
	kinds := append(resKindNames[:], "result again")
	for i, a := range kinds {
		for _, b := range kinds[i:] {
			if a == "result again" && b == "result again" {
				continue
			}
			if !pairs[[2]string{min(a, b), max(a, b)}] {
				t.Errorf("no helper returns both a %s and a %s", a, b)
			}
		}
	}

	shortest, longest := 1<<30, 0
	ends := map[string]bool{}
	for _, m := range chainComment.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[1])
		shortest, longest = min(shortest, n), max(longest, n)
		ends[kindOf(m[2])] = true
	}
	if shortest != 1 || longest < 900 {
		t.Errorf("chains of %d to %d calls, want 1 to at least 900", shortest, longest)
	}
	for _, end := range []string{"constant", "argument", "updated argument", "fresh", "scf.if"} {
		if !ends[end] {
			t.Errorf("no chain ends in a function returning a %s", end)
		}
	}

	for _, want := range []string{
		"recurses down to a base that returns", "writes its argument before the call and writes the call's result",
		"(cf) starts from", "or returns", "loops writing its tensor", "loops copying its tensor each trip",
		"leaves with the argument", "leaves with a fresh tensor", "leaves with its tensor",
		"scf.for swapping", "copied each trip", "scf.while on constant",
		"= tensor.extract_slice %cst", // a view of a constant in an entry
		"tensor.insert_slice %v",      // a view inserted back
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no program of seeds 1..300 contains %q", want)
		}
	}
}

// TestBoundaryValuesStayExact checks the generator's model: every printed
// value is a small non-negative integer, and some programs print views.
func TestBoundaryValuesStayExact(t *testing.T) {
	views := 0
	for seed := uint64(1); seed <= 100; seed++ {
		p := Boundary(seed, boundaryUnits)
		if len(p.Want) < 4 {
			t.Errorf("seed %d prints %d tensors, want at least 4", seed, len(p.Want))
		}
		for _, v := range p.Want {
			if len(v) == smallLen {
				views++
			}
			for _, x := range v {
				if x < 0 || x > 2*execCap || x != float64(int64(x)) {
					t.Errorf("seed %d prints %v", seed, x)
				}
			}
		}
	}
	if views == 0 {
		t.Error("no program of seeds 1..100 prints a view")
	}
}

func TestLink(t *testing.T) {
	a, b := Boundary(1, boundaryUnits), Boundary(2, boundaryUnits)
	a.OneShotOptions, b.OneShotOptions = []string{"x", "y"}, []string{"y", "z"}
	a.NoDealloc, b.NoDealloc = false, true
	text := Link(a, b)
	for _, want := range []string{
		"// REFERENCE-OPTIONS: x y z\n// REFERENCE-NO-DEALLOC\n",
		"func.func private @printI64(i64)", a.Funcs, b.Funcs,
		"  %seed0 = arith.constant 1 : i64\n  func.call @printI64(%seed0) : (i64) -> ()\n  func.call @printNewline() : () -> ()\n  func.call @s1_main() : () -> ()\n" +
			"  %seed1 = arith.constant 2 : i64\n  func.call @printI64(%seed1) : (i64) -> ()\n  func.call @printNewline() : () -> ()\n  func.call @s2_main() : () -> ()\n  return\n}\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Link lacks %q", want)
		}
	}
	a.NoDealloc = false
	if text := Link(a); strings.Contains(text, "REFERENCE-NO-DEALLOC") {
		t.Error("Link of a program that needs no marker has one")
	}
}

func TestBoundaryFunction(t *testing.T) {
	for _, tc := range []struct {
		name string
		seed uint64
		kind string
	}{
		{"s12_main", 12, "the entry"}, {"s3_accum", 3, "@bump or @accum"}, {"s3_h4", 3, "a helper"},
		{"s7_c2_999", 7, "a chain"}, {"s1_r5", 1, "a recursive function"}, {"s9_f10", 9, "a cf function"},
		{"main", 0, ""}, {"s1_x3", 0, ""}, {"s1_c2", 0, ""}, {"printMemrefF32", 0, ""},
	} {
		seed, kind, ok := BoundaryFunction(tc.name)
		if seed != tc.seed || kind != tc.kind || ok != (tc.kind != "") {
			t.Errorf("BoundaryFunction(%q) = %d, %q, %v; want %d, %q", tc.name, seed, kind, ok, tc.seed, tc.kind)
		}
	}
}

// TestBoundaryMLIROptAccepts checks that mlir-opt-22's reference pipeline
// accepts programs with the options they carry, and that the options are
// needed: without them, it rejects some.
func TestBoundaryMLIROptAccepts(t *testing.T) {
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	needed := map[string]bool{}
	for seed := uint64(1); seed <= 24; seed++ {
		p := Boundary(seed, boundaryUnits)
		args := func(opts []string, noDealloc bool) []string {
			a := []string{"--one-shot-bufferize=" + strings.Join(append([]string{"bufferize-function-boundaries"}, opts...), " ")}
			if !noDealloc {
				a = append(a, "--buffer-deallocation-pipeline")
			}
			return append(a, "-o", "/dev/null")
		}
		runTool(t, []byte(Link(p)), mlirOpt, args(p.OneShotOptions, p.NoDealloc)...)
		if len(p.OneShotOptions) > 0 || p.NoDealloc {
			if _, _, err := execTool([]byte(Link(p)), mlirOpt, args(nil, false)...); err != nil {
				needed[fmt.Sprint(p.OneShotOptions, p.NoDealloc)] = true
			}
		}
	}
	if len(needed) == 0 {
		t.Error("every program of seeds 1..24 is accepted without its options")
	}
}

// TestBoundaryDump writes Link(Boundary(seed, units)) for seeds 1..N (N
// from BUFFERLOG_BOUNDARY_DUMP_SEEDS, default 50; units from
// BUFFERLOG_BOUNDARY_DUMP_UNITS, default boundaryUnits) to the directory
// named by BUFFERLOG_BOUNDARY_DUMP, as bnd_NNN.mlir with the values the
// model expects in bnd_NNN.want, for running them by hand. It does
// nothing otherwise.
func TestBoundaryDump(t *testing.T) {
	dir := os.Getenv("BUFFERLOG_BOUNDARY_DUMP")
	if dir == "" {
		t.Skip("BUFFERLOG_BOUNDARY_DUMP not set")
	}
	n, units := envInt(t, "BUFFERLOG_BOUNDARY_DUMP_SEEDS", 50), envInt(t, "BUFFERLOG_BOUNDARY_DUMP_UNITS", boundaryUnits)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		p := Boundary(seed, units)
		var exp bytes.Buffer
		for _, v := range p.Want {
			fmt.Fprintln(&exp, v)
		}
		name := filepath.Join(dir, fmt.Sprintf("bnd_%03d", seed))
		if err := os.WriteFile(name+".mlir", []byte(Link(p)), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name+".want", exp.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return n
}
