package tooltest

import (
	"os"
	"os/exec"
	"testing"
)

// Require returns the path of the executable name found on PATH. If it is
// missing, Require fails t when the environment variable CI is "true" and
// skips t otherwise.
func Require(t testing.TB, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is required under CI=true but not on PATH: %v (scripts/test.sh installs it)", name, err)
	} else {
		t.Skipf("%s not on PATH, skipping (scripts/test.sh installs it): %v", name, err)
	}
	return "" // not reached with a real testing.TB: Fatalf and Skipf stop the test
}

// Slow skips t under go test -short: t belongs to the full tier (external
// tools over whole corpora, generated programs, valgrind), which
// scripts/test.sh and CI run; -short keeps the tests that finish in
// seconds.
func Slow(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: part of the full tier (scripts/test.sh)")
	}
}
