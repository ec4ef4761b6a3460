package driver_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bufferlog/rules/contract"
)

// TestEngineKnowsNoBufferization: the engine (package solve) evaluates any
// rules. It depends on no package of the bufferization, and its source
// names no predicate of the contract: those belong to this package.
func TestEngineKnowsNoBufferization(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "bufferlog/solve").Output()
	if err != nil {
		t.Fatalf("go list -deps bufferlog/solve: %v", err)
	}
	allowed := map[string]bool{"bufferlog/solve": true, "bufferlog/facts": true, "bufferlog/internal/parallel": true}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasPrefix(pkg, "bufferlog/") && !allowed[pkg] {
			t.Errorf("the engine depends on %s", pkg)
		}
	}
	files, err := filepath.Glob("../solve/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no engine sources: %v", err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range contract.All() {
			if regexp.MustCompile(`\b` + p.Name() + `\b`).Match(src) {
				t.Errorf("%s names %s, a predicate of the bufferization rules", f, p)
			}
		}
	}
}
