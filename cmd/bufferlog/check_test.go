package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/txtar"

	"bufferlog/internal/golden"
	"bufferlog/internal/parallel"
	"bufferlog/internal/tooltest"
	"bufferlog/internal/workload"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/rules/contract"
	"bufferlog/solve"
)

// checkDiagnostic is the first line of a finding in the text format.
var checkDiagnostic = regexp.MustCompile(`^(\S+):(\d+):(\d+): (error|warning): (.+)$`)

// TestCheckGolden runs `bufferlog check` on the input.mlir of each
// testdata/check/*.txtar, in text and in JSON. The text's diagnostic
// lines (FILE:LINE:COL: error: or warning:, FILE written input.mlir) and
// then the exit status must be the want/diagnostics section; where the
// archive has a want/output section, it holds the whole text, derivations
// included. Each
// diagnostic must be followed by its derivation, whose root is the
// finding fact, and the JSON must hold the same findings, each with that
// derivation. -update rewrites the want sections (golden.Run).
func TestCheckGolden(t *testing.T) {
	golden.Run(t, "../../testdata/check/*.txtar", func(t *testing.T, c *golden.Case) map[string][]byte {
		input, ok := c.Section("input.mlir")
		if !ok {
			t.Fatal("no input.mlir section")
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "input.mlir")
		if err := os.WriteFile(path, input, 0o644); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := run(t, "", "check", path)
		if stderr != "" {
			t.Errorf("stderr: %s", stderr)
		}
		text := strings.ReplaceAll(stdout, dir+string(filepath.Separator), "")
		diags := checkTextFindings(t, text)
		jsonOut, _, jsonCode := run(t, "", "check", "--format", "json", path)
		var found []checkFinding
		if err := json.Unmarshal([]byte(jsonOut), &found); err != nil {
			t.Fatalf("JSON output does not parse: %v\n%s", err, jsonOut)
		}
		if jsonCode != code || len(found) != len(diags) {
			t.Errorf("JSON: exit %d and %d findings, text: exit %d and %d", jsonCode, len(found), code, len(diags))
		}
		for i, f := range found {
			line := fmt.Sprintf("%s:%d:%d: %s: %s", filepath.Base(f.File), f.Line, f.Col, f.Severity, f.Message)
			if i < len(diags) && line != diags[i] {
				t.Errorf("JSON finding %d is %q, the text's %q", i, line, diags[i])
			}
			if f.Derivation == nil || !strings.HasPrefix(f.Derivation.Fact, contract.Finding.Name()+"(") || f.Kind == "" {
				t.Errorf("JSON finding %d has kind %q and derivation %+v", i, f.Kind, f.Derivation)
			}
		}
		got := map[string][]byte{"want/diagnostics": []byte(strings.Join(append(diags, fmt.Sprintf("exit %d", code)), "\n") + "\n")}
		if _, ok := c.Section("want/output"); ok {
			got["want/output"] = []byte(text)
		}
		return got
	})
}

// checkTextFindings returns the diagnostic lines of check's text output,
// and fails t unless each is followed by its snippet and a derivation
// rooted at the finding fact.
func checkTextFindings(t *testing.T, text string) []string {
	t.Helper()
	var diags []string
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if !checkDiagnostic.MatchString(line) {
			continue
		}
		diags = append(diags, line)
		if i+3 >= len(lines) || !strings.HasPrefix(lines[i+3], "  "+contract.Finding.Name()+"(") {
			t.Errorf("finding %q is not followed by its line, a caret and its derivation", line)
		}
	}
	return diags
}

// TestCheckCommand checks the command's interface: usage errors, a file
// that cannot be read among good ones (its diagnostic on stderr, the
// others' findings on stdout, exit 1), and a clean file (no output).
func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	clean := filepath.Join(dir, "clean.mlir")
	faulty := filepath.Join(dir, "faulty.mlir")
	os.WriteFile(clean, []byte("func.func @f() {\n  %a = memref.alloc() : memref<4xf32>\n  memref.dealloc %a : memref<4xf32>\n  return\n}\n"), 0o644)
	os.WriteFile(faulty, []byte("func.func @f() {\n  %a = memref.alloc() : memref<4xf32>\n  return\n}\n"), 0o644)
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string // regexp; "" means empty
		wantStderr string // regexp; "" means empty
	}{
		{"clean", []string{"check", clean}, 0, "", ""},
		{"clean json", []string{"check", "--format=json", clean}, 0, `^\[\]\n$`, ""},
		{"leak", []string{"check", faulty}, 1, `faulty\.mlir:2:8: error: leak: %a is never freed`, ""},
		{"missing among others", []string{"check", clean, filepath.Join(dir, "none.mlir"), faulty}, 1,
			`faulty\.mlir:2:8: error: leak`, `none\.mlir: error: cannot read input`},
		{"no files", []string{"check"}, 2, "", "want one or more input files"},
		{"bad format", []string{"check", "--format", "xml", clean}, 2, "", `unknown --format "xml"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := run(t, "", tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.wantCode, stderr)
			}
			for _, c := range []struct{ name, got, want string }{{"stdout", stdout, tt.wantStdout}, {"stderr", stderr, tt.wantStderr}} {
				if c.want == "" && c.got != "" || !regexp.MustCompile(c.want).MatchString(c.got) {
					t.Errorf("%s %q, want a match of %q", c.name, c.got, c.want)
				}
			}
		})
	}
}

var checkPrograms = flag.Int("check.programs", 100, "TestCheckCorpus: how many generated programs (workload.Executable, seeds 1, 2, ...) to bufferize and check under each policy")

// corpusOutput is one of bufferlog's outputs that the checker must pass.
type corpusOutput struct {
	name string // program, and policy for those bufferized here
	text []byte
	err  error
}

// TestCheckCorpus checks bufferlog's own outputs: the want/bufferized.mlir
// of every testdata/bufferize golden, and each program of testdata/exec
// and of workload.Executable (-check.programs of them) bufferized under
// every policy of execVariants. Every finding must be listed in
// testdata/check/corpus_findings.txt (a fault in bufferlog's output,
// shown real with valgrind, for the rules to fix: the checker is not
// weakened), and every listed one found.
func TestCheckCorpus(t *testing.T) {
	tooltest.Slow(t)
	analysis, err := solve.Compile(rules.Analysis()...)
	if err != nil {
		t.Fatal(err)
	}
	chk, err := testChecker()
	if err != nil {
		t.Fatal(err)
	}
	opts, err := extractOptions(nil)
	if err != nil {
		t.Fatal(err)
	}
	var outputs []corpusOutput
	goldens, _ := filepath.Glob("../../testdata/bufferize/*.txtar")
	for _, file := range goldens {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		c := golden.Case{Path: file, Archive: ar}
		text, _ := c.Section("want/bufferized.mlir")
		outputs = append(outputs, corpusOutput{name: filepath.Base(file), text: text})
	}
	type job struct {
		prog    execProgram
		variant int
	}
	var jobs []job
	progs := execCorpus(t)
	progs = slices.DeleteFunc(progs, func(p execProgram) bool { return strings.HasPrefix(p.name, "executable-") })
	for seed := range uint64(*checkPrograms) {
		progs = append(progs, execProgram{name: fmt.Sprintf("executable-%d", seed+1), src: []byte(workload.Executable(seed+1, 12))})
	}
	for _, p := range progs {
		for k := range execVariants {
			jobs = append(jobs, job{p, k})
		}
	}
	bufferized := make([]corpusOutput, len(jobs))
	findings := make([][]checkFinding, len(outputs)+len(jobs))
	parallel.For(len(findings), 2, func(i int) {
		var o *corpusOutput
		if i < len(outputs) {
			o = &outputs[i]
		} else {
			j := jobs[i-len(outputs)]
			v := execVariants[j.variant]
			text, err := bufferizeText(analysis, v, staticDealloc, j.prog.name, j.prog.src)
			bufferized[i-len(outputs)] = corpusOutput{name: j.prog.name + " " + v.name, text: text, err: err}
			o = &bufferized[i-len(outputs)]
		}
		if o.err != nil {
			return
		}
		var m *ir.Module
		if m, o.err = ir.Parse(o.name, o.text); o.err == nil {
			findings[i], o.err = chk.findings(m, o.text, unbounded(pipeline{opts: opts}))
		}
	})

	known, err := corpusFindings()
	if err != nil {
		t.Fatal(err)
	}
	seen, checked := map[string]bool{}, map[string]bool{}
	errorCount, warningCount := 0, 0
	for i, o := range append(outputs, bufferized...) {
		if o.err != nil {
			t.Errorf("%s: %v", o.name, o.err)
			continue
		}
		checked[o.name] = true
		for _, f := range findings[i] {
			key := fmt.Sprintf("%s %d:%d %s", o.name, f.Line, f.Col, f.Kind)
			if f.Severity == "error" {
				errorCount++
			} else {
				warningCount++
			}
			if !known[key] {
				t.Errorf("%s:%d:%d: %s: %s\n(not in testdata/check/corpus_findings.txt as %q)", o.name, f.Line, f.Col, f.Severity, f.Message, key)
			}
			seen[key] = true
		}
	}
	for key := range known {
		fields := strings.Fields(key) // NAME..., LINE:COL, KIND
		if checked[strings.Join(fields[:len(fields)-2], " ")] && !seen[key] {
			t.Errorf("testdata/check/corpus_findings.txt lists %q, which the checker no longer finds: remove it", key)
		}
	}
	t.Logf("checked %d outputs: %d bufferize goldens, %d programs (%d of testdata/exec, %d generated) under %d policies; %d errors and %d warnings, all listed",
		len(outputs)+len(bufferized), len(outputs), len(progs), len(progs)-*checkPrograms, *checkPrograms, len(execVariants), errorCount, warningCount)
}

// corpusFindingsFile lists the faults of bufferlog's own outputs.
const corpusFindingsFile = "../../testdata/check/corpus_findings.txt"

// corpusFindings reads corpusFindingsFile, once: a line per finding,
// "NAME LINE:COL KIND", then " # " and why (NAME is an output's: a
// golden's file, or a program and a policy).
var corpusFindings = sync.OnceValues(func() (map[string]bool, error) {
	data, err := os.ReadFile(corpusFindingsFile)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, why, ok := strings.Cut(line, " # ")
		if !ok || strings.TrimSpace(why) == "" {
			return nil, fmt.Errorf("%s: %q gives no reason after \" # \"", corpusFindingsFile, line)
		}
		known[strings.TrimSpace(key)] = true
	}
	return known, nil
})

// testChecker is the built-in checker, compiled once for the tests.
var testChecker = sync.OnceValues(func() (*checker, error) {
	rs, err := compileRules(rules.Checker(), nil)
	if err != nil {
		return nil, err
	}
	return newChecker(rs), nil
})

// verifyKnown checks text, bufferlog's output for the program name, as
// bufferize --verify does, so that the test suite's bufferize runs verify
// their outputs; it lets pass the faults corpusFindingsFile lists for
// that program (under any policy), which TestCheckCorpus holds to.
func verifyKnown(name string, text []byte) error {
	chk, err := testChecker()
	if err != nil {
		return err
	}
	known, err := corpusFindings()
	if err != nil {
		return err
	}
	m, err := ir.Parse(name, text)
	if err != nil {
		return err
	}
	if err := stackDiscipline(m, defaultMaxStackBytes); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	opts, err := extractOptions(nil)
	if err != nil {
		return err
	}
	found, err := chk.findings(m, text, unbounded(pipeline{opts: opts}))
	if err != nil {
		return err
	}
	var b bytes.Buffer
	for _, f := range found {
		listed := slices.ContainsFunc(slices.Collect(maps.Keys(known)), func(key string) bool {
			fields := strings.Fields(key) // NAME [POLICY] LINE:COL KIND
			return fields[0] == name && fields[len(fields)-2] == fmt.Sprintf("%d:%d", f.Line, f.Col) && fields[len(fields)-1] == f.Kind
		})
		if !listed {
			fmt.Fprintf(&b, "%s:%d:%d: %s: %s\n", f.File, f.Line, f.Col, f.Severity, f.Message)
		}
	}
	if b.Len() > 0 {
		return fmt.Errorf("bufferize --verify fails on the output of %s (not in %s):\n%s", name, corpusFindingsFile, b.String())
	}
	return nil
}

// stackDiscipline checks what the stack rules promise of m: no
// memref.alloca runs more than once per call of its function (none in a
// loop, a linalg payload or an op that may run a region again, nor in a
// block on a cycle of branches), and the allocas of each function take at
// most max bytes in any one run (frameBytes).
func stackDiscipline(m *ir.Module, max int64) error {
	for _, fn := range m.Funcs() {
		var err error
		ir.Walk(fn, func(op *ir.Operation) bool {
			if op.Name != "memref.alloca" || err != nil {
				return err == nil
			}
			if _, ok := ir.StaticBytes(op.Result(0).Type()); !ok {
				err = fmt.Errorf("@%s: a memref.alloca of dynamic size", ir.SymbolName(fn))
				return false
			}
			top := op
			for p := op.ParentOp(); p != fn; top, p = p, p.ParentOp() {
				if !runsOneRegion(p.Name) {
					err = fmt.Errorf("@%s: a memref.alloca in a %s, which may run it more than once", ir.SymbolName(fn), p.Name)
					return false
				}
			}
			if onBranchCycle(top.Block()) {
				err = fmt.Errorf("@%s: a memref.alloca in a block on a cycle of branches", ir.SymbolName(fn))
			}
			return err == nil
		})
		if err != nil {
			return err
		}
		if total := frameBytes(fn.Regions[0]); total > max {
			return fmt.Errorf("@%s: its memref.allocas take %d bytes, more than %d", ir.SymbolName(fn), total, max)
		}
	}
	return nil
}

// runsOneRegion reports whether ops named name run one of their regions,
// once, each time they run.
func runsOneRegion(name string) bool {
	return name == "scf.if" || name == "scf.index_switch" || name == "scf.execute_region"
}

// frameBytes is the most stack the memref.allocas of region r take in
// one run: an op that runs one of its regions once (scf.if and its kin)
// takes the most of its regions', any other the sum (the blocks of a
// region, too, however the branches between them go).
func frameBytes(r *ir.Region) int64 {
	var total int64
	for _, blk := range r.Blocks() {
		for _, op := range blk.Ops() {
			if op.Name == "memref.alloca" {
				n, _ := ir.StaticBytes(op.Result(0).Type())
				total += n
			}
			var most, sum int64
			for _, nested := range op.Regions {
				n := frameBytes(nested)
				most, sum = max(most, n), sum+n
			}
			if runsOneRegion(op.Name) {
				total += most
			} else {
				total += sum
			}
		}
	}
	return total
}

// onBranchCycle reports whether b can be reached from itself through the
// branches of its region.
func onBranchCycle(b *ir.Block) bool {
	seen := map[*ir.Block]bool{}
	next := []*ir.Block{b}
	for len(next) > 0 {
		blk := next[len(next)-1]
		next = next[:len(next)-1]
		if t := blk.Terminator(); t != nil {
			for _, s := range t.Successors() {
				if s == b {
					return true
				}
				if !seen[s] {
					seen[s] = true
					next = append(next, s)
				}
			}
		}
	}
	return false
}

// TestBufferizeVerify runs bufferize --verify: a safe output is written,
// with the check's time in --stats=json, its buffer freed on the heap or,
// by default, on the stack; a rule file that frees each buffer right
// after its allocation makes the output unsafe, and the file fails with
// the checker's findings, writing nothing; --verify without frees is a
// usage error.
func TestBufferizeVerify(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.mlir")
	out := filepath.Join(dir, "out.mlir")
	early := filepath.Join(dir, "early_free.mg")
	os.WriteFile(in, []byte("func.func @f(%x: f32) -> f32 {\n  %c0 = arith.constant 0 : index\n  %e = tensor.empty() : tensor<4xf32>\n"+
		"  %t = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>\n  %v = tensor.extract %t[%c0] : tensor<4xf32>\n  return %v : f32\n}\n"), 0o644)
	os.WriteFile(early, []byte("# A buffer freed as soon as it is allocated.\ndealloc_after(A, Op) :- new_buffer(A), result(A, Op, 0).\n"), 0o644)

	stdout, stderr, code := run(t, "", "bufferize", "--verify", "--stats=json", "--max-stack-bytes=0", in, "-o", out)
	if code != 0 || stdout != "" || !strings.Contains(stderr, `"verify":`) {
		t.Errorf("safe file: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if text, err := os.ReadFile(out); err != nil || !strings.Contains(string(text), "memref.dealloc") {
		t.Errorf("safe file: output %q, %v", text, err)
	}
	os.Remove(out)
	stdout, stderr, code = run(t, "", "bufferize", "--verify", in)
	if code != 0 || !strings.Contains(stdout, "memref.alloca()") || strings.Contains(stdout, "memref.dealloc") {
		t.Errorf("safe file, stack: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	stdout, stderr, code = run(t, "", "bufferize", "--verify", "--max-stack-bytes=0", "--rules", early, in, "-o", out)
	if code != 1 || stdout != "" {
		t.Errorf("unsafe output: exit %d, stdout %q", code, stdout)
	}
	if !strings.Contains(stderr, "in.mlir: error: bufferize --verify: bufferlog check finds") ||
		!regexp.MustCompile(`in\.memref\.mlir:\d+:\d+: error: use of freed memory`).MatchString(stderr) {
		t.Errorf("unsafe output: stderr %s", stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("unsafe output: the output was written")
	}

	for _, args := range [][]string{{"--analysis-only"}, {"--dealloc=none"}} {
		_, stderr, code = run(t, "", append(append([]string{"bufferize", "--verify"}, args...), in)...)
		if code != 2 || !strings.Contains(stderr, "--verify checks memref IR with its frees") {
			t.Errorf("--verify %v: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// TestVerifyBesidePrint runs bufferize --verify in this process, where
// the race detector sees the output printed beside the check (on two
// workers, as are the check's extraction and evaluation): the output is
// the one written without --verify.
func TestVerifyBesidePrint(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0))))
	dir := t.TempDir()
	for name, text := range map[string][]byte{
		"long function": workload.Chain(6000).Text,
		"module":        workload.Module(3000, 100).Text,
	} {
		in := filepath.Join(dir, "in.mlir")
		writeFile(t, in, string(text))
		outputs := map[bool][]byte{}
		for _, verify := range []bool{false, true} {
			out := filepath.Join(dir, fmt.Sprintf("out-%v.mlir", verify))
			args := []string{"bufferlog", "bufferize", "-o", out}
			if verify {
				args = append(args, "--verify")
			}
			args = append(args, in)
			if err := newApp().Run(args); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			outputs[verify] = got
		}
		if len(outputs[true]) == 0 || !bytes.Equal(outputs[true], outputs[false]) {
			t.Errorf("%s: the output with --verify (%d bytes) differs from the one without (%d bytes)", name, len(outputs[true]), len(outputs[false]))
		}
	}
}

// TestDeallocFileVerifies bufferizes the memref IR written to exercise
// the deallocation rules (testdata/dealloc.mlir) with --verify: the
// checker must prove every free the rules place there, under each
// choice of optimizations (@strided_two, a branch passing two buffers to
// one block, leaked one of them until its edges were split).
func TestDeallocFileVerifies(t *testing.T) {
	for _, optimize := range []string{"all", "none"} {
		_, stderr, code := run(t, "", "bufferize", "--verify", "--optimize", optimize, "-o", filepath.Join(t.TempDir(), "out.mlir"), deallocFile)
		if code != 0 {
			t.Errorf("--optimize %s: exit %d\n%s", optimize, code, stderr)
		}
	}
}

// TestStackDiscipline checks stackDiscipline itself, which every output
// that verifyKnown checks goes through.
func TestStackDiscipline(t *testing.T) {
	for _, tc := range []struct {
		name, body, err string
	}{
		{"once per call, in an scf.if", `func.func @f(%c: i1) {
  %a = memref.alloca() : memref<4xf32>
  scf.if %c {
    %b = memref.alloca() : memref<4xf32>
  }
  return
}`, ""},
		{"in a loop", `func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloca() : memref<4xf32>
  }
  return
}`, "@f: a memref.alloca in a scf.for, which may run it more than once"},
		{"in a cf loop", `func.func @f(%c: i1) {
  cf.br ^bb1
^bb1:
  %a = memref.alloca() : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}`, "@f: a memref.alloca in a block on a cycle of branches"},
		{"too large", `func.func @f() {
  %a = memref.alloca() : memref<200xf32>
  %b = memref.alloca() : memref<60xf32>
  return
}`, "@f: its memref.allocas take 1040 bytes, more than 1024"},
		{"one arm of an scf.if or the other", `func.func @f(%c: i1) {
  %a = memref.alloca() : memref<200xf32>
  scf.if %c {
    %b = memref.alloca() : memref<50xf32>
  } else {
    %b = memref.alloca() : memref<56xf32>
  }
  return
}`, ""},
		{"both arms of two scf.ifs", `func.func @f(%c: i1) {
  %a = memref.alloca() : memref<200xf32>
  scf.if %c {
    %b = memref.alloca() : memref<50xf32>
  } else {
    %b = memref.alloca() : memref<56xf32>
  }
  scf.if %c {
    %b = memref.alloca() : memref<1xf32>
  }
  return
}`, "@f: its memref.allocas take 1028 bytes, more than 1024"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ir.Parse("in.mlir", []byte(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			err = stackDiscipline(m, 1024)
			if got := fmt.Sprint(err); (tc.err == "" && err != nil) || (tc.err != "" && got != tc.err) {
				t.Errorf("error %v, want %q", err, tc.err)
			}
		})
	}
}
