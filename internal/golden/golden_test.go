package golden

import (
	"os"
	"path/filepath"
	"testing"
)

func TestNormalize(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"kept_alive(%a)  [dealloc.mg:1132]", "kept_alive(%a)  [dealloc.mg]"},
		{"flow(op#1, op#2)  [check_flow.mg:247: its derivation is left out]", "flow(op#1, op#2)  [check_flow.mg: its derivation is left out]"},
		{"input.mlir:3:5: error: leak", "input.mlir:3:5: error: leak"},
		{"[extracted from the IR]", "[extracted from the IR]"},
	} {
		if got := string(Normalize([]byte(tc.in))); got != tc.want {
			t.Errorf("Normalize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestLineDiff(t *testing.T) {
	if got, want := LineDiff("a\nb\n", "a\nc\n"), "- b\n+ c\n"; got != want {
		t.Errorf("LineDiff = %q, want %q", got, want)
	}
	if got, want := LineDiff("a\nb\n", "b\na\n"), "--- want\na\nb\n--- got\nb\na\n"; got != want {
		t.Errorf("LineDiff of reordered lines = %q, want %q", got, want)
	}
}

// TestRun runs a case whose archive holds what it produces, normalized.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	archive := "comment\n-- input --\nx\n-- want/out --\nx at rules.mg\n"
	if err := os.WriteFile(filepath.Join(dir, "one.txtar"), []byte(archive), 0o644); err != nil {
		t.Fatal(err)
	}
	ran := false
	Run(t, filepath.Join(dir, "*.txtar"), func(t *testing.T, c *Case) map[string][]byte {
		in, ok := c.Section("input")
		if !ok || string(in) != "x\n" {
			t.Fatalf("input section %q, %v", in, ok)
		}
		ran = true
		return map[string][]byte{"want/out": []byte("x at rules.mg:12\n")}
	})
	if !ran {
		t.Error("produce did not run")
	}
}
