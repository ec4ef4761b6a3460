package tooltest

import (
	"testing"
)

// recorder is a testing.TB that records how Require ended the test instead
// of ending the real one.
type recorder struct {
	testing.TB
	failed, skipped bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
func (r *recorder) Skipf(string, ...any)  { r.skipped = true }

func TestRequire(t *testing.T) {
	const missing = "bufferlog-no-such-tool"
	tests := []struct {
		name        string
		tool        string
		ci          string
		wantFailed  bool
		wantSkipped bool
		wantPath    bool
	}{
		{name: "present", tool: "go", ci: "true", wantPath: true},
		{name: "missing under CI", tool: missing, ci: "true", wantFailed: true},
		{name: "missing locally", tool: missing, ci: "", wantSkipped: true},
		{name: "missing, CI not true", tool: missing, ci: "false", wantSkipped: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("CI", tt.ci)
			r := &recorder{TB: t}
			path := Require(r, tt.tool)
			if r.failed != tt.wantFailed || r.skipped != tt.wantSkipped || (path != "") != tt.wantPath {
				t.Errorf("Require(%q) with CI=%q: failed=%v skipped=%v path=%q; want failed=%v skipped=%v path set=%v",
					tt.tool, tt.ci, r.failed, r.skipped, path, tt.wantFailed, tt.wantSkipped, tt.wantPath)
			}
		})
	}
}
