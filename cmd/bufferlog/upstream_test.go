package main

import (
	"os/exec"
	"path/filepath"
	"testing"

	"bufferlog/internal/tooltest"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/solve"
)

// TestUpstreamAgreement compares our analysis with mlir-opt-22's on LLVM's
// own bufferization test cases that mlir-opt-22 analyzes, annotation by
// annotation, like TestOneShotAgreement; differences must be listed in
// testdata/oneshot/differences.txt.
func TestUpstreamAgreement(t *testing.T) {
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	prog, err := solve.Compile(rules.Builtin()...)
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
		if err := analyze(m, opts, prog, solve.OneShot(solve.BottomUp), false); err != nil {
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
