package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"bufferlog/driver"
	"bufferlog/internal/tooltest"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/rules"
)

// TestUpstreamAgreement compares our analysis with mlir-opt-22's on LLVM's
// own bufferization test cases that mlir-opt-22 analyzes, annotation by
// annotation, like TestOneShotAgreement; differences must be listed in
// testdata/oneshot/differences.txt.
func TestUpstreamAgreement(t *testing.T) {
	tooltest.Slow(t)
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	prog, err := rules.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	known := knownDifferences(t)
	programs, operands, agreeing := 0, 0, 0
	for _, file := range tooltest.UpstreamCases(t, "../..") {
		out, err := exec.Command(mlirOpt, "--allow-unregistered-dialect", oneShotPipeline, file).Output()
		if err != nil {
			continue // mlir-opt-22 does not analyze it
		}
		m, opts, err := loadForExtraction(file, nil)
		if err != nil {
			continue // written in the test dialect's syntax (see ir's upstream test)
		}
		theirs, err := ir.Parse("mlir-opt output", out)
		if err != nil {
			if tooltest.TestDialectOp.MatchString(err.Error()) {
				continue // mlir-opt prints test-dialect ops in their custom syntax
			}
			t.Fatalf("%s: parsing mlir-opt's output: %v", file, err)
		}
		if !hasAnnotations(theirs) {
			continue
		}
		if _, err := analyze(m, unbounded(pipeline{rules: ruleSet{prog: prog}, opts: opts, policy: driver.OneShot(driver.BottomUp)})); err != nil {
			t.Errorf("%s: our analysis fails where mlir-opt's succeeds: %v", file, err)
			continue
		}
		programs++
		n, diffs := compareAnnotations(filepath.Base(file), m, theirs)
		operands += n
		agreeing += n - len(diffs)
		for _, d := range diffs {
			if !known[d.file] {
				t.Errorf("%s %s %s: mlir-opt %s, ours %s", d.file, d.where, d.attr, d.theirs, d.ours)
			}
		}
	}
	t.Logf("%d of LLVM's cases, %d annotations compared, %d agree", programs, operands, agreeing)
	if programs < 150 {
		t.Errorf("only %d upstream cases compared", programs)
	}
}

// TestUpstreamBufferize bufferizes LLVM's own test cases (read in place,
// never copied): every output must verify in mlir-opt-22, and every
// rejection must be a located diagnostic saying which op has no
// bufferization or which conflict cannot be avoided, never an internal
// error, and only of a case that mlir-opt-22 cannot bufferize either. The
// counts are logged.
func TestUpstreamBufferize(t *testing.T) {
	tooltest.Slow(t)
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	prog, err := rules.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	rejection := rejectedFor(unsupportedOps + `|cannot avoid RaW conflict`)
	bufferized, rejected, unparsed, encoded := 0, 0, 0, 0
	for _, file := range tooltest.UpstreamCases(t, "../..") {
		m, opts, err := loadForExtraction(file, nil)
		if err != nil {
			unparsed++ // written in the test dialect's syntax, or invalid on purpose
			continue
		}
		// The option of the case's RUN line that bufferlog has too.
		oneShot, ropt := "bufferize-function-boundaries", rewrite.Options{}
		if strings.Contains(upstreamRunLines(t, file), "use-encoding-for-memory-space") {
			oneShot, ropt.EncodingSpace = oneShot+" use-encoding-for-memory-space", true
			encoded++
		}
		if err := bufferize(m, file, unbounded(pipeline{rules: ruleSet{prog: prog}, opts: opts, ropt: ropt, policy: driver.OneShot(driver.BottomUp), dealloc: staticDealloc})); err != nil {
			if !rejection.MatchString(err.Error()) {
				t.Errorf("%s: %v", filepath.Base(file), err)
			}
			if exec.Command(mlirOpt, "--one-shot-bufferize="+oneShot, file, "-o", os.DevNull).Run() == nil {
				t.Errorf("%s: mlir-opt-22 bufferizes it, bufferlog rejects it: %v", filepath.Base(file), err)
			}
			rejected++
			continue
		}
		bufferized++
		verifyModuleWithMLIR(t, mlirOpt, filepath.Base(file), m)
	}
	t.Logf("LLVM's cases: %d bufferized and verified by mlir-opt-22, %d rejected with a diagnostic, %d not parsed; %d with --use-encoding-for-memory-space, as their RUN lines ask", bufferized, rejected, unparsed, encoded)
	if bufferized == 0 {
		t.Error("no case bufferized")
	}
	if encoded == 0 {
		t.Error("no case's RUN line asks for use-encoding-for-memory-space")
	}
}

// upstreamRunLines returns the RUN lines of the LLVM test file an
// upstream case was split from (raw/STEM.mlir for cases/STEM__NNN.mlir:
// only the first case keeps them).
func upstreamRunLines(t *testing.T, file string) string {
	t.Helper()
	base := filepath.Base(file)
	i := strings.LastIndex(base, "__")
	if i <= 0 {
		t.Fatalf("%s: not named STEM__NNN.mlir", file)
	}
	src, err := os.ReadFile(filepath.Join(filepath.Dir(filepath.Dir(file)), "raw", base[:i]+".mlir"))
	if err != nil {
		t.Fatalf("%s: its test file: %v", filepath.Base(file), err)
	}
	var runs []string
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "// RUN:") {
			runs = append(runs, line)
		}
	}
	return strings.Join(runs, "\n")
}
