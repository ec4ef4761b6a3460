package tooltest

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// UpstreamCases returns LLVM's bufferization test cases, split one case
// per file, which live beside the repository in
// shared/mlir-upstream-tests (LLVM's code: read in place, never copied).
// root is the repository root relative to the test's directory;
// BUFFERLOG_UPSTREAM_TESTS overrides the location. Under CI the cases must
// be present; elsewhere the test is skipped without them.
func UpstreamCases(t testing.TB, root string) []string {
	t.Helper()
	dir := os.Getenv("BUFFERLOG_UPSTREAM_TESTS")
	if dir == "" {
		dir = filepath.Join(root, "..", "shared", "mlir-upstream-tests")
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

// TestDialectOp matches the diagnostic for an op of MLIR's internal test
// dialect written in its custom syntax, which bufferlog does not know:
// some upstream cases use them.
var TestDialectOp = regexp.MustCompile(`^.+:\d+:\d+: error: custom op 'test\.[a-z_.]+' is unknown`)

// IntegrationScript returns the runner of LLVM's executable integration
// tests that bufferize tensor code (shared/mlir-integration-tests/run.sh,
// beside the repository; LLVM's code, run in place). root is the
// repository root relative to the test's directory;
// BUFFERLOG_INTEGRATION_TESTS overrides the directory. Under CI it must be
// present; elsewhere the test is skipped without it.
func IntegrationScript(t testing.TB, root string) string {
	t.Helper()
	dir := os.Getenv("BUFFERLOG_INTEGRATION_TESTS")
	if dir == "" {
		dir = filepath.Join(root, "..", "shared", "mlir-integration-tests")
	}
	script := filepath.Join(dir, "run.sh")
	if _, err := os.Stat(script); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("LLVM's integration tests not found: %v", err)
		}
		t.Skipf("LLVM's integration tests not found: %v", err)
	}
	return script
}
