package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bufferlog/internal/tooltest"
)

// TestDemo runs `bufferlog demo`: it shows the embedded example, the
// bufferized module (which mlir-opt-22 must accept, and which must equal
// what `bufferize` writes for the file --write saves) and a line per
// decision, among them the example's one copy.
func TestDemo(t *testing.T) {
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	stdout, stderr, code := run(t, "", "demo")
	if code != 0 {
		t.Fatalf("demo: exit %d: %s", code, stderr)
	}
	sections := strings.Split(stdout, "==> ")
	if len(sections) != 4 {
		t.Fatalf("demo prints %d sections, want 3:\n%s", len(sections)-1, stdout)
	}
	if !strings.Contains(sections[1], string(demoProgram)) {
		t.Errorf("the first section does not show the example:\n%s", sections[1])
	}
	file := filepath.Join(t.TempDir(), "demo.mlir")
	if _, stderr, code := run(t, "", "demo", "--write", file); code != 0 {
		t.Fatalf("demo --write: exit %d: %s", code, stderr)
	}
	if saved, err := os.ReadFile(file); err != nil || !bytes.Equal(saved, demoProgram) {
		t.Fatalf("demo --write saved %q (%v), want the example", saved, err)
	}
	want, stderr, code := run(t, "", "bufferize", file)
	if code != 0 {
		t.Fatalf("bufferize: exit %d: %s", code, stderr)
	}
	bufferized := strings.SplitN(sections[2], "\n", 2)[1]
	if strings.TrimSpace(bufferized) != strings.TrimSpace(want) {
		t.Errorf("demo's bufferized module differs from bufferize's:\n%s\nwant:\n%s", bufferized, want)
	}
	verifyWithMLIR(t, mlirOpt, []byte(bufferized))
	decisions := strings.Split(strings.TrimSpace(sections[3]), "\n")[2:]
	kinds := map[string]int{}
	for _, d := range decisions {
		f := strings.SplitN(d, ": ", 3)
		if len(f) != 3 || !strings.HasPrefix(f[0], "demo.") {
			t.Errorf("decision line %q is not FILE:LINE:COL: KIND: SUMMARY", d)
			continue
		}
		kinds[f[1]]++
	}
	// The example's buffers are small: on the stack, they need no free.
	if kinds["copy"] != 1 || kinds["dealloc"]+kinds["stack"] == 0 {
		t.Errorf("decisions %v, want the example's one copy and where its buffers live (freed or on the stack):\n%s", kinds, sections[3])
	}
}
