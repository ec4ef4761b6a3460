package ir_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"bufferlog/internal/tooltest"
	"bufferlog/ir"
)

// TestUpstreamRoundTrip round-trips every case of LLVM's bufferization
// tests through mlir-opt-22. The only accepted failures are cases written
// in the custom syntax of MLIR's test dialect, which must still give a
// located diagnostic.
func TestUpstreamRoundTrip(t *testing.T) {
	tooltest.Slow(t)
	opt := tooltest.Require(t, "mlir-opt-22")
	passed, testDialect := 0, 0
	for _, f := range tooltest.UpstreamCases(t, "..") {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ir.Parse(f, src); err != nil {
			var e *ir.Error
			if errors.As(err, &e) && tooltest.TestDialectOp.MatchString(err.Error()) {
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
