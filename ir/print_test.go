package ir_test

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"bufferlog/internal/workload"
	"bufferlog/ir"
)

// TestPrintWorkers checks that printing with several workers, which
// prints the runs of ops of a long block at once, gives the text one
// printer gives: on the round-trip corpus, a large function, a module of
// many functions (with and without the module op spelled out), one of few
// large functions, and one whose first function is long, in custom and
// generic form. Run with -race, it also checks that the runs of a round
// share nothing (scripts/test.sh does).
func TestPrintWorkers(t *testing.T) {
	inputs := map[string][]byte{
		"chain":  workload.Chain(5000).Text,
		"module": workload.Module(60000, 30).Text,
	}
	// The module's functions at the top level, without the module op.
	text := inputs["module"]
	open, end := bytes.Index(text, []byte("module {\n")), bytes.LastIndex(text, []byte("}\n"))
	if open < 0 || end < open {
		t.Fatal("the generated module has no module op")
	}
	inputs["implicit"] = slices.Concat(text[:open], text[open+len("module {\n"):end])
	// A module whose first function holds a long block of its own and
	// whose other functions are short: the module's runs go at once, the
	// long block within its run on one goroutine.
	chain := workload.Chain(3000).Text
	fn := chain[bytes.Index(chain, []byte("  func.func @chain")):bytes.LastIndex(chain, []byte("}\n"))]
	inputs["long first"] = slices.Concat(text[:open+len("module {\n")], fn, text[open+len("module {\n"):])
	// Fewer functions than a run has ops, but many ops in all: runs are
	// cut by the ops the functions hold.
	inputs["few large"] = workload.Module(60000, 300).Text
	if m, err := ir.Parse("few large", inputs["few large"]); err != nil || ir.PrintRuns(m.Body().Ops()) < 4 {
		t.Fatalf("few large: %v, or its functions make fewer than 4 runs", err)
	}
	for _, file := range corpusFiles(t) {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		inputs[file] = text
	}
	long := 0
	for name, text := range inputs {
		for _, generic := range []bool{false, true} {
			m, err := ir.Parse(name, text)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if name == "implicit" && !m.Implicit {
				t.Fatalf("implicit: the module op is spelled out")
			}
			var one, many bytes.Buffer
			if err := ir.Print(&one, m, ir.PrintOptions{Generic: generic}); err != nil {
				t.Fatal(err)
			}
			if err := ir.Print(&many, m, ir.PrintOptions{Generic: generic, Workers: 3}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(one.Bytes(), many.Bytes()) {
				t.Errorf("%s (generic %v): three workers print other text than one", name, generic)
			}
			if one.Len() > 200000 {
				long++
			}
		}
	}
	if long < 6 {
		t.Errorf("%d long prints, want the three generated inputs in both forms", long)
	}
}
