package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"bufferlog/internal/explain"
	"bufferlog/internal/parallel"
	"bufferlog/internal/tooltest"
	"bufferlog/ir"
	"bufferlog/rewrite"
)

// marker is one of mlir-opt's print-conflicts attributes: C_n[READ: i],
// C_n[CONFL-WRITE: i], C_n[DEF: result i], C_n[DEF: bbArg i] or
// W_n[NOT-WRITABLE: result i | bbArg i].
var marker = regexp.MustCompile(`^([CW])_(\d+)\[(READ|CONFL-WRITE|DEF|NOT-WRITABLE): (.*)\]$`)

// blockedOperands are the reasons a program's out-of-place operands were
// given, per function, in the order of the decisions: conflicts ("read
// L:C#i write L:C#i def L:C site") and read-only values ("L:C site"),
// positions in the input. Ours list, per decision, all its conflicts and
// all its read-only values; mlir-opt's one conflict per decision, and a
// read-only value per marker.
type blockedOperands struct {
	outOfPlace []string              // "L:C#i", sorted
	conflicts  map[string][][]string // function -> per decision, its conflicts
	readOnly   map[string][][]string // function -> per decision or marker, its values
}

// TestExplainConflictsAgree: on every program of the analysis corpus and
// testdata/exec that mlir-opt-22 analyzes, the analysis part of explain
// (explainAnalysis: no rewrite) gives the reasons mlir-opt's
// print-conflicts gives. Both put the same operands out of place.
// mlir-opt names one conflict per operand it sends out of place by a
// conflict, the first it meets in its hash sets, and numbers its markers
// in the order of its decisions, which within a function is ours
// (TestOneShot*; functions may be taken in another order). So per
// function, the k-th C_n marker is the k-th operand explain explains by
// conflicts, and its (read, write, definition) must be one of those
// explain lists. mlir-opt marks every read-only value it meets, some
// twice, so its W_n markers must split, in order, into one run per
// operand explain explains by read-only values, naming just those.
// Programs whose decisions differ (testdata/oneshot/differences.txt) are
// left out; a disagreement known and explained is listed, per program or
// function or marker, in testdata/explain/differences.txt.
func TestExplainConflictsAgree(t *testing.T) {
	tooltest.Slow(t)
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	start := time.Now()
	// Without empty-tensor elimination, which changes the IR that
	// mlir-opt analyzes as it is.
	p := commandPipeline(t, explainCommand(), "--optimize", withoutEmpty)
	exec_, _ := filepath.Glob("../../testdata/exec/*.mlir")
	skip := knownDifferences(t)
	known := readDifferences(t, "../../testdata/explain/differences.txt")
	used := map[string]bool{}
	programs, operands, triples, first, readOnly, parallel := 0, 0, 0, 0, 0, 0
	for _, file := range append(analysisCorpus(t), exec_...) {
		name := filepath.Base(file)
		if skip[name] {
			continue
		}
		out, err := exec.Command(mlirOpt, "--allow-unregistered-dialect", oneShotPipeline+" print-conflicts", file).Output()
		if err != nil {
			continue // mlir-opt rejects it
		}
		theirs, err := ir.Parse("mlir-opt output", out)
		if err != nil {
			t.Fatalf("%s: parsing mlir-opt's output: %v", file, err)
		}
		a, err := explainAnalysis(unbounded(*p), file)
		if err != nil {
			t.Errorf("%s: our analysis fails where mlir-opt's succeeds: %v", file, err)
			continue
		}
		want := mlirReasons(t, file, a.m, theirs)
		got := explainReasons(a.m, a.out.Decisions)
		if len(want.conflicts)+len(want.readOnly) == 0 && len(got.conflicts)+len(got.readOnly) == 0 {
			continue
		}
		programs++
		differ := func(key, format string, args ...any) {
			if known[key] {
				used[key] = true
				return
			}
			t.Errorf("%s: %s", key, fmt.Sprintf(format, args...))
		}
		if !slices.Equal(want.outOfPlace, got.outOfPlace) {
			differ(name, "out-of-place operands differ\nmlir-opt: %q\nexplain:  %q", want.outOfPlace, got.outOfPlace)
			continue
		}
		parallel += len(got.outOfPlace)
		for _, fn := range sortedUnion(want.conflicts, got.conflicts) {
			parallel -= len(got.conflicts[fn])
			w, g := want.conflicts[fn], got.conflicts[fn]
			if len(w) != len(g) {
				differ(name+" "+fn, "mlir-opt sends %d operands out of place by a conflict, explain %d\nmlir-opt: %q\nexplain:  %q", len(w), len(g), w, g)
				continue
			}
			for k := range w {
				operands++
				triples += len(g[k])
				if w[k][0] == g[k][0] {
					first++
				}
				if !slices.Contains(g[k], w[k][0]) {
					differ(fmt.Sprintf("%s %s #%d", name, fn, k), "mlir-opt names %q, not among explain's %q", w[k][0], g[k])
				}
			}
		}
		for _, fn := range sortedUnion(want.readOnly, got.readOnly) {
			w, g := slices.Concat(want.readOnly[fn]...), got.readOnly[fn]
			parallel -= len(g)
			if !splitsIntoRuns(w, g) {
				differ(name+" "+fn, "mlir-opt's read-only markers do not split into explain's read-only values\nmlir-opt: %q\nexplain:  %q", w, g)
				continue
			}
			readOnly += len(g)
		}
	}
	for key := range known {
		if !used[key] {
			t.Errorf("testdata/explain/differences.txt: %s no longer differs", key)
		}
	}
	t.Logf("%d programs with conflicts or read-only values; %d operands out of place by a conflict, for which explain gives %d triples "+
		"and mlir-opt's is explain's first for %d; %d operands out of place by a read-only value, "+
		"%d by a write in a parallel loop (mlir-opt marks none); %.1fs",
		programs, operands, triples, first, readOnly, parallel, time.Since(start).Seconds())
	if programs < 20 {
		t.Errorf("only %d programs compared", programs)
	}
}

// mlirReasons reads the annotations of mlir-opt's output, whose ops
// correspond one to one with input's: the operands marked out of place
// and the markers, per function of the reading op or the op marked.
func mlirReasons(t *testing.T, file string, input, theirs *ir.Module) blockedOperands {
	var a, b []*ir.Operation
	ir.Walk(input.Op, func(op *ir.Operation) bool { a = append(a, op); return true })
	ir.Walk(theirs.Op, func(op *ir.Operation) bool { b = append(b, op); return true })
	if len(a) != len(b) {
		t.Fatalf("%s: mlir-opt's output has %d ops, the input %d", file, len(b), len(a))
	}
	type conflict struct{ fn, read, write, def string }
	cs, ws := map[int]*conflict{}, map[int][2]string{} // marker number -> its parts; W: function and value
	var res blockedOperands
	fn := ""
	for i, op := range b {
		if op.Name == "func.func" {
			fn = ir.SymbolName(op)
		}
		line, col := input.Position(a[i].Pos)
		if ops, ok := op.Attr(rewrite.InPlaceAttr).(*ir.ArrayAttr); ok {
			for j, e := range ops.Elems {
				if s, ok := e.(*ir.StringAttr); ok && s.Value == "false" {
					res.outOfPlace = append(res.outOfPlace, fmt.Sprintf("%d:%d#%d", line, col, j))
				}
			}
		}
		if op.Attrs == nil {
			continue
		}
		for _, attr := range op.Attrs.Entries {
			m := marker.FindStringSubmatch(attr.Name)
			if m == nil {
				continue
			}
			n, _ := strconv.Atoi(m[2])
			if m[1] == "W" {
				ws[n] = [2]string{fn, fmt.Sprintf("%d:%d %s", line, col, m[4])}
				continue
			}
			if cs[n] == nil {
				cs[n] = &conflict{}
			}
			switch c := cs[n]; m[3] {
			case "READ":
				c.fn, c.read = fn, fmt.Sprintf("%d:%d#%s", line, col, m[4])
			case "CONFL-WRITE":
				c.write = fmt.Sprintf("%d:%d#%s", line, col, m[4])
			case "DEF":
				c.def = fmt.Sprintf("%d:%d %s", line, col, m[4])
			}
		}
	}
	slices.Sort(res.outOfPlace)
	res.conflicts, res.readOnly = map[string][][]string{}, map[string][][]string{}
	for _, n := range slices.Sorted(maps.Keys(cs)) {
		c := cs[n]
		res.conflicts[c.fn] = append(res.conflicts[c.fn], []string{fmt.Sprintf("read %s write %s def %s", c.read, c.write, c.def)})
	}
	for _, n := range slices.Sorted(maps.Keys(ws)) {
		res.readOnly[ws[n][0]] = append(res.readOnly[ws[n][0]], []string{ws[n][1]})
	}
	return res
}

// explainReasons gives the reasons of explain's tensor decisions, located
// in the input module m, per function.
func explainReasons(m *ir.Module, ds []explain.Decision) blockedOperands {
	funcAt := map[string]string{} // "L:C" of an op -> its function
	fn := ""
	ir.Walk(m.Op, func(op *ir.Operation) bool {
		if op.Name == "func.func" {
			fn = ir.SymbolName(op)
		}
		line, col := m.Position(op.Pos)
		funcAt[fmt.Sprintf("%d:%d", line, col)] = fn
		return true
	})
	at := func(l explain.Location) string { return fmt.Sprintf("%d:%d", l.Line, l.Col) }
	res := blockedOperands{conflicts: map[string][][]string{}, readOnly: map[string][][]string{}}
	for _, d := range ds {
		if d.Kind != "copy" && d.Kind != "alloc" {
			continue
		}
		res.outOfPlace = append(res.outOfPlace, fmt.Sprintf("%s#%d", at(d.At), d.Operand))
		fn := funcAt[at(d.At)]
		if len(d.ReadOnlyValues) > 0 {
			var vs []string
			for _, v := range d.ReadOnlyValues {
				vs = append(vs, at(v.At)+" "+v.Site)
			}
			res.readOnly[fn] = append(res.readOnly[fn], vs)
		}
		if len(d.Conflicts) == 0 {
			continue
		}
		var cs []string
		for _, c := range d.Conflicts {
			cs = append(cs, fmt.Sprintf("read %s#%d write %s#%d def %s %s", at(c.Read.At), c.Read.Index, at(c.Write.At), c.Write.Index, at(c.Definition.At), c.Definition.Site))
		}
		res.conflicts[fn] = append(res.conflicts[fn], cs)
	}
	slices.Sort(res.outOfPlace)
	return res
}

// sortedUnion returns the keys of a and b, sorted.
func sortedUnion[V any](a, b map[string]V) []string {
	return slices.Compact(slices.Sorted(func(yield func(string) bool) {
		for _, m := range []map[string]V{a, b} {
			for k := range m {
				if !yield(k) {
					return
				}
			}
		}
	}))
}

// splitsIntoRuns reports whether markers split, in order, into one
// non-empty run per set of values, each run naming exactly that set.
func splitsIntoRuns(markers []string, sets [][]string) bool {
	if len(sets) == 0 {
		return len(markers) == 0
	}
	for j := 1; j <= len(markers) && slices.Contains(sets[0], markers[j-1]); j++ {
		covered := !slices.ContainsFunc(sets[0], func(v string) bool { return !slices.Contains(markers[:j], v) })
		if covered && splitsIntoRuns(markers[j:], sets[1:]) {
			return true
		}
	}
	return false
}

func TestSplitsIntoRuns(t *testing.T) {
	for _, tc := range []struct {
		markers []string
		sets    [][]string
		want    bool
	}{
		{nil, nil, true},
		{[]string{"a"}, nil, false},
		{nil, [][]string{{"a"}}, false},
		{[]string{"a", "b", "a"}, [][]string{{"a", "b"}}, true},        // a value met twice
		{[]string{"a", "a", "b"}, [][]string{{"a"}, {"a", "b"}}, true}, // the first run is "a" alone
		{[]string{"a", "b"}, [][]string{{"a", "b"}, {"b"}}, false},     // the second run is empty
		{[]string{"a", "c"}, [][]string{{"a", "b"}}, false},            // b missing, c extra
		{[]string{"b", "a"}, [][]string{{"a"}, {"b"}}, false},          // out of order
	} {
		if got := splitsIntoRuns(tc.markers, tc.sets); got != tc.want {
			t.Errorf("splitsIntoRuns(%q, %q) = %v, want %v", tc.markers, tc.sets, got, tc.want)
		}
	}
}

// withoutEmpty is --optimize with every buffer optimization but
// empty-tensor elimination.
var withoutEmpty = strings.Join(slices.DeleteFunc(slices.Clone(bufferOptimizations), func(o string) bool { return o == "empty" }), ",")

// TestExplainFollowsPolicy: explain --policy P explains a copy or an
// allocation for exactly the operands bufferize --policy P sends out of
// place (as --analysis-only marks them), for each policy, on the
// programs of testdata/exec; and explain -o with a layout flag writes
// the functions with the signatures bufferize gives them under it.
func TestExplainFollowsPolicy(t *testing.T) {
	tooltest.Slow(t)
	files, _ := filepath.Glob("../../testdata/exec/*.mlir")
	if len(files) == 0 {
		t.Fatal("no testdata/exec/*.mlir")
	}
	dir := t.TempDir()
	policies := []string{"oneshot", "mincopy", "copy-before-write"}
	layouts := []string{"identity-layout-map", "fully-dynamic-layout-map"}
	compared := make([]int, len(files))
	parallel.For(len(files), 2, func(i int) {
		file := files[i]
		src, err := os.ReadFile(file)
		if err != nil {
			t.Error(err)
			return
		}
		input, err := ir.Parse(file, src)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			return
		}
		for _, policy := range policies {
			// bufferize --analysis-only analyzes the input as it is, with
			// no empty-tensor elimination.
			want, got, _, ok := outOfPlaceBoth(t, file, input, "--policy", policy, "--optimize", withoutEmpty)
			if !ok {
				continue
			}
			if !slices.Equal(want, got) {
				t.Errorf("%s: --policy %s: bufferize puts out of place %q, explain explains %q", file, policy, want, got)
			}
			compared[i]++
		}
		for _, layout := range layouts {
			base := filepath.Join(dir, fmt.Sprintf("%d-%s", i, layout))
			flag := "--function-boundary-type-conversion=" + layout
			_, stderr, code := run(t, "", "bufferize", flag, "-o", base+".bufferized.mlir", file)
			if code != 0 {
				continue
			}
			if _, stderr, code = run(t, "", "explain", flag, "-o", base+".explained.mlir", file); code != 0 {
				t.Errorf("%s: explain %s: exit %d: %s", file, flag, code, stderr)
				continue
			}
			want, got := funcSignatures(t, base+".bufferized.mlir"), funcSignatures(t, base+".explained.mlir")
			if !slices.Equal(want, got) {
				t.Errorf("%s: %s: bufferize gives the functions\n%s\nexplain -o\n%s", file, flag, strings.Join(want, "\n"), strings.Join(got, "\n"))
			}
		}
	})
	total := 0
	for _, n := range compared {
		total += n
	}
	if total < 2*len(files) {
		t.Errorf("only %d program and policy pairs compared", total)
	}
}

// outOfPlaceBoth runs bufferize --analysis-only and explain with flags
// on file (parsed as input), and returns the operands that bufferize
// marks out of place and those explain explains (LINE:COL#OPERAND), and
// explain's decisions; ok is false, with no error, where bufferize
// rejects the program (an unknown op: explain does too).
func outOfPlaceBoth(t *testing.T, file string, input *ir.Module, flags ...string) (bufferized, explained []string, e explain.Explanation, ok bool) {
	annotated, stderr, code := run(t, "", append(append([]string{"bufferize", "--analysis-only"}, flags...), file)...)
	if code != 0 {
		return nil, nil, e, false
	}
	ours, err := ir.Parse("analysis", []byte(annotated))
	if err != nil {
		t.Errorf("%s: %q: the analysis does not parse: %v (%s)", file, flags, err, stderr)
		return nil, nil, e, false
	}
	out, stderr, code := run(t, "", append(append([]string{"explain", "--format", "json"}, flags...), file)...)
	if code != 0 || json.Unmarshal([]byte(out), &e) != nil {
		t.Errorf("%s: explain %q: exit %d: %s", file, flags, code, stderr)
		return nil, nil, e, false
	}
	return mlirReasons(t, file, input, ours).outOfPlace, explainReasons(input, e.Decisions).outOfPlace, e, true
}

// funcSignatures returns the func.func lines of the file at path.
func funcSignatures(t *testing.T, path string) []string {
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "func.func") {
			out = append(out, strings.TrimSpace(line))
		}
	}
	return out
}
