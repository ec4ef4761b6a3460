package extract

import (
	"os"
	"path/filepath"
	"testing"

	"bufferlog/facts"
	"bufferlog/ir"
)

// ForEachCorpusModule calls fn on every module of ir's round-trip corpus,
// which has every op ir parses in custom form and odd IR (graph regions,
// unknown ops, nested modules); files of expected parse errors are
// skipped. It is exported for the package's external tests.
func ForEachCorpusModule(t *testing.T, fn func(file string, m *ir.Module)) {
	t.Helper()
	files, err := filepath.Glob("../testdata/roundtrip/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if m, err := ir.Parse(file, src); err == nil {
			fn(filepath.Base(file), m)
		}
	}
}

// Distinct reports whether extraction adds the facts of p without a
// duplicate check.
func Distinct(p facts.Pred) bool { return distinct[p] }

// ModelPreds are the predicates of the tensor memory models, which an
// extraction that skips them all does not compute.
var ModelPreds = modelPreds
