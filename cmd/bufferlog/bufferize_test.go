package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bufferlog/driver"
	"bufferlog/internal/golden"
	"bufferlog/internal/tooltest"
	"bufferlog/internal/workload"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/rules"
	"bufferlog/solve"
)

// TestBufferizeGolden runs the analysis and the rewrite on the
// input.mlir of every testdata/bufferize/*.txtar and compares the
// annotated analysis (want/analysis.mlir, as --analysis-only
// --print-conflicts prints it) and the memref IR (want/bufferized.mlir)
// with the archive (golden.Run; -update rewrites them). An optional flags
// section holds bufferize flags for the case (--allow-unknown-ops,
// --use-encoding-for-memory-space, --function-boundary-type-conversion=...,
// --policy=...). mlir-opt-22
// must accept every bufferized output.
func TestBufferizeGolden(t *testing.T) {
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	prog, err := rules.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	golden.Run(t, "../../testdata/bufferize/*.txtar", func(t *testing.T, c *golden.Case) map[string][]byte {
		input, ok := c.Section("input.mlir")
		if !ok {
			t.Fatal("no input.mlir section")
		}
		flags, _ := c.Section("flags")
		policy, ropt := goldenFlags(t, string(flags))
		got := map[string][]byte{
			"want/analysis.mlir":   runPipeline(t, prog, input, policy, ropt, true),
			"want/bufferized.mlir": runPipeline(t, prog, input, policy, ropt, false),
		}
		verifyWithMLIR(t, mlirOpt, got["want/bufferized.mlir"])
		return got
	})
}

// goldenFlags reads the flags section of a golden case.
func goldenFlags(t *testing.T, flags string) (driver.Policy, rewrite.Options) {
	t.Helper()
	policy := driver.OneShot(driver.BottomUp)
	var ropt rewrite.Options
	for _, f := range strings.Fields(flags) {
		name, value, _ := strings.Cut(f, "=")
		var err error
		switch name {
		case "--allow-unknown-ops":
			ropt.AllowUnknownOps = true
		case "--use-encoding-for-memory-space":
			ropt.EncodingSpace = true
		case "--function-boundary-type-conversion":
			ropt.Layout, err = rewrite.ParseLayout(value)
		case "--max-stack-bytes":
			ropt.MaxStackBytes, err = strconv.ParseInt(value, 10, 64)
		case "--policy":
			switch value {
			case "mincopy":
				policy = driver.MinCopy
			case "copy-before-write":
				policy = driver.CopyBeforeWrite
			default:
				t.Fatalf("flags: unknown policy %q", value)
			}
		default:
			t.Fatalf("flags: unknown flag %q", f)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return policy, ropt
}

// runPipeline parses src and either annotates it with the analysis or
// bufferizes it, returning the printed module.
func runPipeline(t *testing.T, prog *solve.Program, src []byte, policy driver.Policy, ropt rewrite.Options, analysisOnly bool) []byte {
	t.Helper()
	m, err := ir.Parse("input.mlir", src)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := extractOptions(nil)
	if err != nil {
		t.Fatal(err)
	}
	if analysisOnly {
		_, err = analyze(m, unbounded(pipeline{rules: ruleSet{prog: prog}, opts: opts, policy: policy, printConflicts: true}))
	} else {
		err = bufferize(m, "input.mlir", unbounded(pipeline{rules: ruleSet{prog: prog}, opts: opts, policy: policy, ropt: ropt, dealloc: staticDealloc, optimize: bufferOptimizations}))
	}
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := ir.Print(&out, m, ir.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	if !analysisOnly {
		if err := verifyKnown(filepath.Base(t.Name())+".txtar", out.Bytes()); err != nil {
			t.Fatal(err)
		}
	}
	return out.Bytes()
}

// verifyWithMLIR fails t unless mlir-opt-22, with the extra flags, parses
// and verifies text, and reports whether it did.
func verifyWithMLIR(t *testing.T, mlirOpt string, text []byte, flags ...string) bool {
	t.Helper()
	cmd := exec.Command(mlirOpt, append([]string{"--allow-unregistered-dialect", "-o", os.DevNull}, flags...)...)
	cmd.Stdin = bytes.NewReader(text)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("mlir-opt-22 rejects the bufferized output: %v\n%s\n%s", err, out, text)
		return false
	}
	return true
}

// verifyModuleWithMLIR prints m and fails t, naming file, unless
// mlir-opt-22 accepts it.
func verifyModuleWithMLIR(t *testing.T, mlirOpt, file string, m *ir.Module) {
	t.Helper()
	var out bytes.Buffer
	if err := ir.Print(&out, m, ir.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(mlirOpt, "--allow-unregistered-dialect", "-o", os.DevNull)
	cmd.Stdin = &out
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%s: mlir-opt-22 rejects our output: %s", file, msg)
	}
}

// tensorLeft returns a description of the first tensor-typed value,
// block argument or function signature in m, or "".
func tensorLeft(m *ir.Module) string {
	found := ""
	ir.Walk(m.Op, func(op *ir.Operation) bool {
		if ft := ir.FuncType(op); ft != nil && op.Name == "func.func" {
			for _, t := range append(append([]ir.Type(nil), ft.Inputs...), ft.Results...) {
				if ir.IsTensor(t) {
					found = "signature of @" + ir.SymbolName(op)
				}
			}
		}
		var vals []*ir.Value
		vals = append(vals, op.Operands()...)
		vals = append(vals, op.Results()...)
		for _, r := range op.Regions {
			for _, b := range r.Blocks() {
				vals = append(vals, b.Args()...)
			}
		}
		for _, v := range vals {
			if ir.IsTensor(v.Type()) {
				found = "a value of '" + op.Name + "'"
			}
		}
		return found == ""
	})
	return found
}

// unsupported is how a rejection must read: located, and naming why.
var unsupported = rejectedFor(unsupportedOps)

// unsupportedOps are the reasons our diagnostics give for input the
// rewrite has no bufferization of.
const unsupportedOps = `was not bufferized|has no bufferization|has no buffer type|cannot convert a buffer`

// rejectedFor matches a located error diagnostic giving one of reasons.
func rejectedFor(reasons string) *regexp.Regexp {
	return regexp.MustCompile(`^\S+:\d+:\d+: error: .*(` + reasons + `)`)
}

// TestBufferizeVerifies bufferizes every program of the analysis corpus
// and of testdata/exec: each output must verify in mlir-opt-22, keep no
// tensor value and be memory-safe by bufferlog check (no finding at
// all); a program may be rejected only with a located diagnostic saying
// which op has no bufferization. The counts are logged.
func TestBufferizeVerifies(t *testing.T) {
	tooltest.Slow(t)
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	prog, err := rules.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	chk, err := testChecker()
	if err != nil {
		t.Fatal(err)
	}
	files := analysisCorpus(t)
	execFiles, _ := filepath.Glob("../../testdata/exec/*.mlir")
	files = append(files, execFiles...)
	bufferized, rejected := 0, 0
	for _, file := range files {
		m, opts, err := loadForExtraction(file, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := bufferize(m, file, unbounded(pipeline{rules: ruleSet{prog: prog}, opts: opts, policy: driver.OneShot(driver.BottomUp), dealloc: staticDealloc})); err != nil {
			if !unsupported.MatchString(err.Error()) {
				t.Errorf("%s: %v", file, err)
			}
			rejected++
			continue
		}
		bufferized++
		if where := tensorLeft(m); where != "" {
			t.Errorf("%s: a tensor is left in %s", file, where)
		}
		verifyModuleWithMLIR(t, mlirOpt, file, m)
		var out bytes.Buffer
		if err := ir.Print(&out, m, ir.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		printed, err := ir.Parse(file, out.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		found, err := chk.findings(printed, out.Bytes(), unbounded(pipeline{opts: opts}))
		if err != nil {
			t.Fatalf("%s: check: %v", file, err)
		}
		for _, f := range found {
			t.Errorf("%s: bufferlog check finds in the output, %d:%d: %s: %s", file, f.Line, f.Col, f.Severity, f.Message)
		}
	}
	t.Logf("%d programs bufferized, verified by mlir-opt-22 and checked by bufferlog check, %d rejected with a diagnostic", bufferized, rejected)
	if bufferized < len(files)*3/4 {
		t.Errorf("only %d of %d programs bufferized", bufferized, len(files))
	}
}

// TestAnalyzeAhead checks that bufferize --analysis-only, which names the
// values while the analysis runs and prints each function as soon as it
// is decided, writes the text that annotating and printing after the
// whole analysis gives: on a module of 200 functions, and on a function
// too long to be printed ahead (aheadOps). scripts/test.sh runs it under
// -race.
func TestAnalyzeAhead(t *testing.T) {
	p := testPipeline(t, 2)
	p.analysisOnly = true
	dir := t.TempDir()
	for name, text := range map[string][]byte{
		"module":        workload.Module(20000, 100).Text,
		"long function": workload.Chain(aheadOps + 1000).Text,
	} {
		in, out := filepath.Join(dir, "in.mlir"), filepath.Join(dir, "out.mlir")
		writeFile(t, in, string(text))
		if r := p.run(job{in: in, out: out}); r.err != nil {
			t.Fatalf("%s: %v", name, r.err)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ir.Parse(name, text)
		if err != nil {
			t.Fatal(err)
		}
		a, err := decide(m, unbounded(*p), nil)
		if err != nil {
			t.Fatal(err)
		}
		rewrite.Annotate(rewrite.Annotation{Names: a.names, Decisions: a.dec, Summary: summary(a.parts)}, false, 1)
		var want bytes.Buffer
		if err := ir.Print(&want, m, ir.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: the output differs from the module annotated and printed after the analysis", name)
		}
	}
}
