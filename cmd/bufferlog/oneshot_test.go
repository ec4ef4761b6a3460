package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"bufferlog/driver"
	"bufferlog/internal/tooltest"
	"bufferlog/internal/workload"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/rules"
)

var showDiffs = flag.Bool("show-diffs", false, "TestOneShotAgreement: print every differing annotation")

// randomPrograms is how many generated programs (workload.Random, seeds
// 0, 1, ...) TestOneShotAgreement adds to the corpus.
const randomPrograms = 80

// oneShotPipeline is the reference: MLIR's One-Shot Bufferize analysis
// over the whole module, annotating instead of rewriting. By default
// mlir-opt rejects loops whose iterations yield a buffer other than their
// iter_arg's after deciding; allow-return-allocs-from-loops only skips
// that check, so the decisions can be compared on such loops too (we
// never reject them).
const oneShotPipeline = "--one-shot-bufferize=bufferize-function-boundaries test-analysis-only allow-return-allocs-from-loops"

// annotationDiff is one annotation that differs between mlir-opt and us.
type annotationDiff struct {
	file, where, attr, theirs, ours string
}

// TestOneShotAgreement compares our analysis with mlir-opt-22's, operand
// by operand, on every tensor program of the corpus that mlir-opt
// bufferizes: the annotation of each op's operands, each function
// argument's bufferization.access and each return's equivalent arguments.
// Every difference must be listed, with its reason, in
// testdata/oneshot/differences.txt. Each of our decisions is safe:
// analyze re-derives the conflicts the decisions leave and fails on any.
func TestOneShotAgreement(t *testing.T) {
	tooltest.Slow(t)
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	files := analysisCorpus(t)
	prog, err := rules.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	known := knownDifferences(t)
	for _, h := range []struct {
		name  string
		order driver.Order
	}{{"bottom-up", driver.BottomUp}, {"top-down", driver.TopDown}} {
		var diffs []annotationDiff
		programs, operands, agreeing, rejected := 0, 0, 0, 0
		for _, file := range files {
			out, err := exec.Command(mlirOpt, "--allow-unregistered-dialect", oneShotPipeline+" analysis-heuristic="+h.name, file).Output()
			if err != nil {
				rejected++
				continue // mlir-opt rejects it (unknown ops with tensors, unsupported control flow, ...)
			}
			theirs, err := ir.Parse("mlir-opt output", out)
			if err != nil {
				t.Fatalf("%s: parsing mlir-opt's output: %v", file, err)
			}
			if !hasAnnotations(theirs) {
				continue // no tensor operands: nothing to compare
			}
			m, opts, err := loadForExtraction(file, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := analyze(m, unbounded(pipeline{rules: ruleSet{prog: prog}, opts: opts, policy: driver.OneShot(h.order)})); err != nil {
				t.Errorf("%s %s: our analysis fails where mlir-opt's succeeds: %v", h.name, file, err)
				continue
			}
			programs++
			n, d := compareAnnotations(filepath.Base(file), m, theirs)
			operands += n
			agreeing += n - len(d)
			diffs = append(diffs, d...)
		}
		unexplained := 0
		for _, d := range diffs {
			if !known[d.file] {
				unexplained++
				t.Errorf("%s: %s %s %s: mlir-opt %s, ours %s", h.name, d.file, d.where, d.attr, d.theirs, d.ours)
			} else if !conservative(d) {
				// Not a subset of mlir-opt's in-place operands: a different
				// choice, which analyze checked to leave no conflict
				// (remaining_conflict), or it would have failed above.
				t.Logf("known, a different choice: %s %s %s %s: mlir-opt %s, ours %s", h.name, d.file, d.where, d.attr, d.theirs, d.ours)
			} else if *showDiffs {
				t.Logf("known: %s %s %s %s: mlir-opt %s, ours %s", h.name, d.file, d.where, d.attr, d.theirs, d.ours)
			}
		}
		t.Logf("%s: %d programs (%d more rejected by mlir-opt), %d annotations compared, %d agree (%.2f%%), %d differ (%d unexplained)",
			h.name, programs, rejected, operands, agreeing, 100*float64(agreeing)/float64(max(operands, 1)), len(diffs), unexplained)
		if programs < 100 {
			t.Errorf("%s: only %d programs compared, want at least 100", h.name, programs)
		}
	}
}

// analysisCorpus returns the tensor programs of the analysis tests: the
// round-trip corpus, testdata/oneshot and randomPrograms generated ones.
func analysisCorpus(t *testing.T) []string {
	files, _ := filepath.Glob("../../testdata/roundtrip/*.mlir")
	own, _ := filepath.Glob("../../testdata/oneshot/*.mlir")
	files = append(files, own...)
	dir := t.TempDir()
	for seed := range uint64(randomPrograms) {
		path := filepath.Join(dir, fmt.Sprintf("random-%d.mlir", seed))
		if err := os.WriteFile(path, []byte(workload.Random(seed, 14)), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	return files
}

// TestMinCopy: on every program of the corpus, --policy=mincopy copies no
// more bytes than One-Shot's bottom-up choice, and both leave no conflict
// (decide re-derives them); on some, mincopy copies fewer, among them
// greedy_copies_more.mlir, which shows where the greedy order is wasteful.
func TestMinCopy(t *testing.T) {
	tooltest.Slow(t)
	prog, err := rules.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	programs, fewer, saved := 0, map[string]bool{}, 0
	for _, file := range analysisCorpus(t) {
		bytes := map[string]int{}
		errs := map[string]error{}
		for name, policy := range map[string]driver.Policy{"oneshot": driver.OneShot(driver.BottomUp), "mincopy": driver.MinCopy} {
			m, opts, err := loadForExtraction(file, nil)
			if err != nil {
				t.Fatal(err)
			}
			a, err := decide(m, unbounded(pipeline{rules: ruleSet{prog: prog}, opts: opts, policy: policy}), nil)
			errs[name] = err
			if err == nil {
				bytes[name] = a.dec.CopiedBytes()
			}
		}
		if errs["oneshot"] != nil || errs["mincopy"] != nil {
			if fmt.Sprint(errs["oneshot"]) != fmt.Sprint(errs["mincopy"]) {
				t.Errorf("%s: oneshot: %v, mincopy: %v", file, errs["oneshot"], errs["mincopy"])
			}
			continue
		}
		programs++
		switch {
		case bytes["mincopy"] > bytes["oneshot"]:
			t.Errorf("%s: mincopy copies %d bytes, oneshot %d", file, bytes["mincopy"], bytes["oneshot"])
		case bytes["mincopy"] < bytes["oneshot"]:
			fewer[filepath.Base(file)] = true
			saved += bytes["oneshot"] - bytes["mincopy"]
		}
	}
	if !fewer["greedy_copies_more.mlir"] {
		t.Errorf("mincopy copies as much as oneshot on greedy_copies_more.mlir")
	}
	t.Logf("%d programs: mincopy copies fewer bytes on %d (%d bytes saved in all), as many on the others", programs, len(fewer), saved)
}

// knownDifferences reads testdata/oneshot/differences.txt.
func knownDifferences(t *testing.T) map[string]bool {
	return readDifferences(t, "../../testdata/oneshot/differences.txt")
}

// readDifferences reads a list of known differences: per line a name, a
// tab, and the reason, which must be given; lines starting with # are
// comments.
func readDifferences(t *testing.T, path string) map[string]bool {
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, line := range strings.Split(string(text), "\n") {
		if name, why, ok := strings.Cut(line, "\t"); ok && !strings.HasPrefix(line, "#") {
			if strings.TrimSpace(why) == "" {
				t.Fatalf("%s: %s has no reason", path, name)
			}
			known[name] = true
		}
	}
	return known
}

// conservative reports whether a difference only puts operands out of
// place that mlir-opt keeps in place: a copy more, never a missing one.
func conservative(d annotationDiff) bool {
	if d.attr != rewrite.InPlaceAttr {
		return false
	}
	ours, theirs := strings.Split(d.ours, ", "), strings.Split(d.theirs, ", ")
	if len(ours) != len(theirs) {
		return false
	}
	for i := range ours {
		if ours[i] != theirs[i] && !(strings.Contains(ours[i], "false") && strings.Contains(theirs[i], "true")) {
			return false
		}
	}
	return true
}

func hasAnnotations(m *ir.Module) bool {
	found := false
	ir.Walk(m.Op, func(op *ir.Operation) bool {
		found = found || op.Attr(rewrite.InPlaceAttr) != nil
		return !found
	})
	return found
}

// compareAnnotations walks both modules in step and compares the analysis
// annotations. It returns how many annotations it compared and those that
// differ.
func compareAnnotations(file string, ours, theirs *ir.Module) (int, []annotationDiff) {
	var a, b []*ir.Operation
	ir.Walk(ours.Op, func(op *ir.Operation) bool { a = append(a, op); return true })
	ir.Walk(theirs.Op, func(op *ir.Operation) bool { b = append(b, op); return true })
	if len(a) != len(b) {
		return 1, []annotationDiff{{file, "module", "structure", fmt.Sprint(len(b), " ops"), fmt.Sprint(len(a), " ops")}}
	}
	n := 0
	var diffs []annotationDiff
	check := func(op *ir.Operation, attr string, x, y ir.Attribute) {
		n++
		if sx, sy := attrText(x), attrText(y); sx != sy {
			line, col := ours.Position(op.Pos)
			diffs = append(diffs, annotationDiff{file, fmt.Sprintf("%d:%d %s", line, col, op.Name), attr, sy, sx})
		}
	}
	for i, op := range a {
		if op.Name != b[i].Name {
			return n + 1, append(diffs, annotationDiff{file, op.Name, "structure", b[i].Name, op.Name})
		}
		for _, attr := range []string{rewrite.InPlaceAttr, rewrite.EquivalentAttr} {
			if op.Attr(attr) != nil || b[i].Attr(attr) != nil {
				check(op, attr, op.Attr(attr), b[i].Attr(attr))
			}
		}
		if ft := ir.FuncType(op); op.Name == "func.func" && ft != nil {
			for j := range ft.Inputs {
				x, y := ir.ArgAttr(op, j, rewrite.AccessAttr), ir.ArgAttr(b[i], j, rewrite.AccessAttr)
				if x != nil || y != nil {
					check(op, fmt.Sprintf("%s of argument %d", rewrite.AccessAttr, j), x, y)
				}
			}
		}
	}
	return n, diffs
}

func attrText(a ir.Attribute) string {
	if a == nil {
		return "(none)"
	}
	return a.String()
}

// TestBufferizeCommand runs the built binary: the annotations of both
// policies on greedy_copies_more.mlir, and the errors.
func TestBufferizeCommand(t *testing.T) {
	const file = "../../testdata/oneshot/greedy_copies_more.mlir"
	for _, tc := range []struct {
		name     string
		args     []string
		wantCode int
		want     []string // substrings of stdout
		wantErr  string
	}{
		{"oneshot", []string{"--analysis-only", "--print-conflicts", file}, 0, []string{
			`%B = tensor.insert %x into %F[%i] {"C_0[DEF: result 0]", __inplace_operands_attr__ = ["none", "false", "none"]}`,
			`%C = linalg.fill {"C_0[CONFL-WRITE: 1]", __inplace_operands_attr__ = ["none", "true"]}`,
			`%r = tensor.extract %B[%i] {"C_0[READ: 0]", __inplace_operands_attr__ = ["true", "none"]}`,
			`%A: tensor<8xf32> {bufferization.access = "read-write"}`,
			`__equivalent_func_args__ = [0, -1]`,
		}, ""},
		{"mincopy", []string{"--analysis-only", "--policy", "mincopy", file}, 0, []string{
			`%B = tensor.insert %x into %F[%i] {__inplace_operands_attr__ = ["none", "true", "none"]}`,
			`%C = linalg.fill {__inplace_operands_attr__ = ["none", "false"]}`,
		}, ""},
		{"bufferize", []string{file}, 0, []string{
			`memref.copy %alloc, %alloc_0 : memref<8xf32> to memref<8xf32>`,
			`memref.store %x, %alloc_0[%i] : memref<8xf32>`,
			`memref.store %t, %A[%i] : memref<8xf32, strided<[?], offset: ?>>`,
		}, ""},
		{"bufferize identity", []string{"--function-boundary-type-conversion", "identity-layout-map", file}, 0, []string{
			`(%A: memref<8xf32>`,
		}, ""},
		{"bad layout", []string{"--function-boundary-type-conversion", "tight", file}, 2, nil, `unknown function boundary layout "tight"`},
		{"bad policy", []string{"--analysis-only", "--policy", "fast", file}, 2, nil, `unknown policy "fast"`},
		{"bad heuristic", []string{"--analysis-only", "--heuristic", "random", file}, 2, nil, `unknown heuristic "random"`},
		{"bad input", []string{"--analysis-only", "testdata/missing.mlir"}, 1, nil, "testdata/missing.mlir: error: cannot read input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := run(t, "", append([]string{"bufferize"}, tc.args...)...)
			if code != tc.wantCode || !strings.Contains(stderr, tc.wantErr) || (tc.wantErr == "") != (stderr == "") {
				t.Fatalf("exit %d, stderr %q; want exit %d, stderr with %q", code, stderr, tc.wantCode, tc.wantErr)
			}
			if tc.wantCode != 0 && stdout != "" {
				t.Errorf("output on error: %q", stdout)
			}
			for _, w := range tc.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("output lacks %s:\n%s", w, stdout)
				}
			}
		})
	}
}

// TestBufferizeInputFrees checks the frees written in the input
// (bufferization.dealloc_tensor, memref.dealloc): the rules leave the
// allocations and call results they free to them, so that each is freed
// once and none goes to the stack (--verify proves the output safe), and
// a free of a carrier, which may hold buffers the rules free, is
// rejected at its position. --dealloc=none keeps the input's frees only.
func TestBufferizeInputFrees(t *testing.T) {
	const make4 = `func.func private @make(%a: f32) -> tensor<4xf32> {
  %t = tensor.empty() : tensor<4xf32>
  %b = linalg.fill ins(%a : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
`
	for _, tc := range []struct {
		name, src string
		frees     int    // memref.dealloc ops in the output
		err       string // the diagnostic, if rejected
	}{
		{"dealloc_tensor of an alloc_tensor", `func.func @f(%a: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = bufferization.alloc_tensor() : tensor<4xf32>
  %b = linalg.fill ins(%a : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %b[%c0] : tensor<4xf32>
  bufferization.dealloc_tensor %b : tensor<4xf32>
  return %x : f32
}
`, 1, ""},
		{"memref.dealloc of a memref.alloc", `func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<400xf32>
  memref.store %v, %a[%c0] : memref<400xf32>
  %x = memref.load %a[%c0] : memref<400xf32>
  memref.dealloc %a : memref<400xf32>
  return %x : f32
}
`, 1, ""},
		{"memref.dealloc of a call's result", make4 + `func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = call @make(%v) : (f32) -> tensor<4xf32>
  %m = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %x = memref.load %m[%c0] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return %x : f32
}
`, 1, ""},
		{"memref.dealloc of an scf.if result", `func.func @f(%v: f32, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> memref<4xf32> {
    %b = memref.alloc() : memref<4xf32>
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  memref.store %v, %r[%c0] : memref<4xf32>
  %x = memref.load %r[%c0] : memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  return %x : f32
}
`, 0, "<stdin>:12:3: error: this memref.dealloc frees %r, which may hold buffers bufferlog frees too"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := run(t, tc.src, "bufferize", "--verify", "-")
			if tc.err != "" {
				if code != 1 || stdout != "" || !strings.Contains(stderr, tc.err) {
					t.Errorf("exit %d, stdout %q, stderr %q; want 1, nothing and %q", code, stdout, stderr, tc.err)
				}
				return
			}
			if code != 0 || strings.Count(stdout, "memref.dealloc") != tc.frees || strings.Contains(stdout, "memref.alloca") {
				t.Errorf("exit %d, stderr %q, output:\n%s\nwant %d memref.dealloc and no alloca", code, stderr, stdout, tc.frees)
			}
			stdout, stderr, code = run(t, tc.src, "bufferize", "--dealloc=none", "-")
			if code != 0 || strings.Count(stdout, "memref.dealloc") != 1 {
				t.Errorf("--dealloc=none: exit %d, stderr %q, output:\n%s\nwant the input's one free", code, stderr, stdout)
			}
		})
	}
}
