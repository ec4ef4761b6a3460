package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"bufferlog/internal/tooltest"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/solve"
)

// conflictMarker is one of mlir-opt's print-conflicts attributes:
// C_n[READ: i], C_n[CONFL-WRITE: i], C_n[DEF: result i] or C_n[DEF: bbArg i].
var conflictMarker = regexp.MustCompile(`^(C_\d+)\[(READ|CONFL-WRITE|DEF): (.*)\]$`)

// TestExplainConflictsAgree: on every program of the analysis corpus and
// testdata/exec where mlir-opt-22 reports conflicts, explain names the
// same conflicts: the set of (read op and operand, write op and operand,
// definition op and site) triples, ops by line:col in the input, is
// equal per program. Both name one conflict per operand sent out of place
// by a conflict: the first one found (ours: reads and writes in op-id
// order, see solve.Decide). Programs whose decisions are known to differ
// (testdata/oneshot/differences.txt) are left out.
func TestExplainConflictsAgree(t *testing.T) {
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	srcs := rules.Builtin()
	prog, err := solve.Compile(srcs...)
	if err != nil {
		t.Fatal(err)
	}
	preds, err := rules.Predicates(srcs)
	if err != nil {
		t.Fatal(err)
	}
	exec_, _ := filepath.Glob("../../testdata/exec/*.mlir")
	known := knownDifferences(t)
	programs, triples := 0, 0
	for _, file := range append(analysisCorpus(t), exec_...) {
		if known[filepath.Base(file)] {
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
		input, _, err := loadForExtraction(file, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := mlirConflicts(t, file, input, theirs)
		if len(want) == 0 {
			continue
		}
		e, _, _, err := explainFile(prog, preds, file, nil, staticDealloc, "")
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		var got []string
		for _, d := range e.Decisions {
			if c := d.Conflict; c != nil {
				got = append(got, fmt.Sprintf("read %d:%d#%d write %d:%d#%d def %d:%d %s", c.Read.At.Line, c.Read.At.Col, c.Read.Index,
					c.Write.At.Line, c.Write.At.Col, c.Write.Index, c.Definition.At.Line, c.Definition.At.Col, c.Definition.Site))
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: conflicts differ\nmlir-opt: %q\nexplain:  %q", file, want, got)
		}
		programs++
		triples += len(want)
	}
	t.Logf("%d programs with conflicts, %d (read, write, definition) triples compared", programs, triples)
	if programs < 20 {
		t.Errorf("only %d programs with conflicts compared", programs)
	}
}

// mlirConflicts reads the conflict markers of mlir-opt's output, whose ops
// correspond one to one with input's, as sorted triples located in input.
func mlirConflicts(t *testing.T, file string, input, theirs *ir.Module) []string {
	var a, b []*ir.Operation
	ir.Walk(input.Op, func(op *ir.Operation) bool { a = append(a, op); return true })
	ir.Walk(theirs.Op, func(op *ir.Operation) bool { b = append(b, op); return true })
	if len(a) != len(b) {
		t.Fatalf("%s: mlir-opt's output has %d ops, the input %d", file, len(b), len(a))
	}
	parts := map[string]map[string]string{} // C_n -> READ/CONFL-WRITE/DEF -> "line:col#i" or "line:col site"
	for i, op := range b {
		line, col := input.Position(a[i].Pos)
		if op.Attrs == nil {
			continue
		}
		for _, attr := range op.Attrs.Entries {
			m := conflictMarker.FindStringSubmatch(attr.Name)
			if m == nil {
				continue
			}
			if parts[m[1]] == nil {
				parts[m[1]] = map[string]string{}
			}
			if m[2] == "DEF" {
				parts[m[1]][m[2]] = fmt.Sprintf("%d:%d %s", line, col, m[3])
			} else {
				parts[m[1]][m[2]] = fmt.Sprintf("%d:%d#%s", line, col, m[3])
			}
		}
	}
	var out []string
	for _, p := range parts {
		out = append(out, fmt.Sprintf("read %s write %s def %s", p["READ"], p["CONFL-WRITE"], p["DEF"]))
	}
	slices.Sort(out)
	return out
}
