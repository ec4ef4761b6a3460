package rewrite_test

import (
	"bytes"
	"context"
	"testing"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/internal/workload"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/rules"
	"bufferlog/solve"
)

// TestAnnotateWorkers checks that annotating on several goroutines, each
// a range of op ids, marks the IR as one goroutine does: a module of
// functions and a long function, with the conflicts printed, long enough
// to make several ranges. Run with -race, it also checks that the ranges
// share nothing (scripts/test.sh does).
func TestAnnotateWorkers(t *testing.T) {
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string][]byte{
		"module": workload.Module(12000, 100).Text,
		"chain":  workload.Chain(12000).Text,
	} {
		var printed [2][]byte
		for k, workers := range []int{1, 3} {
			m, err := ir.Parse(name, text)
			if err != nil {
				t.Fatal(err)
			}
			split := extract.Split(m, extract.Options{})
			funcs, calls := split.CallGraph()
			dec, err := driver.AnalyzeParts(context.Background(), driver.Analysis{Rules: driver.Rules{Program: prog}, Policy: driver.OneShot(driver.BottomUp), Workers: 1},
				driver.ModuleParts{Funcs: funcs, Calls: calls, Part: split.Extract})
			if err != nil {
				t.Fatal(err)
			}
			if len(dec.InPlaceOperands) == 0 {
				t.Fatalf("%s: no operand in place", name)
			}
			rewrite.Annotate(rewrite.Annotation{Names: split.Names(), Decisions: dec, Summary: &rewrite.Summary{}}, true, workers)
			var out bytes.Buffer
			if err := ir.Print(&out, m, ir.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			printed[k] = out.Bytes()
		}
		if !bytes.Equal(printed[0], printed[1]) {
			t.Errorf("%s: three workers annotate otherwise than one", name)
		}
		if !bytes.Contains(printed[0], []byte(`__inplace_operands_attr__ = ["true"`)) {
			t.Errorf("%s: no operand marked in place", name)
		}
	}
}
