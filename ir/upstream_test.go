package ir_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"bufferlog/internal/tooltest"
	"bufferlog/ir"
)

// upstreamCases locates LLVM's bufferization test cases, split one case per
// file (the suite lives beside the repository, in shared/; it is LLVM's
// code and is read, never copied). BUFFERLOG_UPSTREAM_TESTS overrides the
// location. Under CI the suite must be present.
func upstreamCases(t *testing.T) []string {
	dir := os.Getenv("BUFFERLOG_UPSTREAM_TESTS")
	if dir == "" {
		dir = "../../shared/mlir-upstream-tests"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "cases", "*.mlir"))
	if len(files) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("upstream test cases not found under %s", dir)
		}
		t.Skipf("upstream test cases not found under %s", dir)
	}
	return files
}

// testDialectOp matches the diagnostic for an op of MLIR's internal test
// dialect written in its custom syntax, which bufferlog does not know.
var testDialectOp = regexp.MustCompile(`^.+:\d+:\d+: error: custom op 'test\.[a-z_.]+' is unknown`)

// TestUpstreamRoundTrip round-trips every case of LLVM's bufferization
// tests through mlir-opt-22. The only accepted failures are cases written
// in the custom syntax of MLIR's test dialect, which must still give a
// located diagnostic.
func TestUpstreamRoundTrip(t *testing.T) {
	opt := tooltest.Require(t, "mlir-opt-22")
	passed, testDialect := 0, 0
	for _, f := range upstreamCases(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ir.Parse(f, src); err != nil {
			var e *ir.Error
			if errors.As(err, &e) && testDialectOp.MatchString(err.Error()) {
				testDialect++
				continue
			}
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			checkRoundTrip(t, opt, f, src)
			if !t.Failed() {
				passed++
			}
		})
	}
	t.Logf("upstream cases: %d round-trip, %d rejected as test-dialect custom syntax", passed, testDialect)
}
