package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bufferlog/rules"
)

// TestContractBreaches runs the commands with rule files that break the
// contract with the drivers: a copy of inplace_readonly.mg with
// read_only_value renamed, one of inplace_excuse.mg with raw_conflict
// renamed, and an added rule deriving out_of_place. Each is
// rejected when the rules load, before any evaluation: exit status 1,
// the diagnostic naming the predicate and the file, nothing on stdout
// and no output file.
func TestContractBreaches(t *testing.T) {
	dir := t.TempDir()
	readOnlyRules, _ := rules.Show("inplace_readonly.mg")
	excuses, _ := rules.Show("inplace_excuse.mg")
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		writeFile(t, path, text)
		return path
	}
	readOnly := write("ro/inplace_readonly.mg", strings.ReplaceAll(readOnlyRules, "read_only_value", "ro_value"))
	raw := write("raw/inplace_excuse.mg", strings.ReplaceAll(excuses, "raw_conflict", "clash"))
	derives := write("alt.mg", "# Every operand out of place.\n\nout_of_place(Op, I) :- tensor_use(Op, I, _).\n")
	const input = "../../testdata/oneshot/mixed_features.mlir"
	out := filepath.Join(dir, "out.mlir")
	missing := func(path, pred string) string {
		return `^` + regexp.QuoteMeta(path) + `: error: the driver reads ` + pred + `, which no rule file declares\n$`
	}
	derived := `^` + regexp.QuoteMeta(derives) + `:3:1: error: out_of_place/2 is added by the driver; rules must not derive it\n$`
	for _, tt := range []struct {
		name    string
		args    []string
		wantErr string // regexp over stderr
	}{
		{"read_only_value renamed", []string{"bufferize", "--rules", readOnly, "-o", out, input}, missing(readOnly, "read_only_value/1")},
		{"raw_conflict renamed", []string{"bufferize", "--rules", raw, "-o", out, input}, missing(raw, "raw_conflict/5")},
		{"out_of_place derived", []string{"bufferize", "--rules", derives, "-o", out, input}, derived},
		{"analysis-only", []string{"bufferize", "--analysis-only", "--rules", readOnly, input}, missing(readOnly, "read_only_value/1")},
		{"query", []string{"query", "--rules", derives, input, "tensor_use(Op, I, V)"}, derived},
		{"explain", []string{"explain", "--rules", raw, input}, missing(raw, "raw_conflict/5")},
		{"graph", []string{"graph", "--func", "main", "--rules", derives, input}, derived},
		{"diff-rules", []string{"diff-rules", "--rules-b", readOnly, input}, missing(readOnly, "read_only_value/1")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := run(t, "", tt.args...)
			if code != 1 || stdout != "" || !regexp.MustCompile(tt.wantErr).MatchString(stderr) {
				t.Errorf("exit status %d, stdout %q, stderr %q; want 1, nothing and %q", code, stdout, stderr, tt.wantErr)
			}
		})
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("bufferize wrote %s", out)
	}
}

// TestRecheckCatchesForgottenReadOnly gives a copy of inplace_readonly.mg
// whose read_only_value holds nothing, so that the decision driver puts writes
// into a read-only argument and a constant in place: the re-check after
// the decisions (remaining_read_only, which asks the IR's not_writable
// too) fails the file instead of writing a store into read-only memory.
func TestRecheckCatchesForgottenReadOnly(t *testing.T) {
	dir := t.TempDir()
	readOnlyRules, _ := rules.Show("inplace_readonly.mg")
	const rule = "read_only_value(V) :- not_writable(V)."
	if !strings.Contains(readOnlyRules, rule) {
		t.Fatalf("inplace_readonly.mg has no %q", rule)
	}
	forgets, input := filepath.Join(dir, "inplace_readonly.mg"), filepath.Join(dir, "in.mlir")
	writeFile(t, forgets, strings.Replace(readOnlyRules, rule, "read_only_value(V) :- not_writable(V), V < 0.", 1))
	writeFile(t, input, `func.func @f(%t: tensor<4xf32> {bufferization.writable = false}, %x: f32, %i: index) -> tensor<4xf32> {
  %r = tensor.insert %x into %t[%i] : tensor<4xf32>
  return %r : tensor<4xf32>
}
`)
	if stdout, stderr, code := run(t, "", "bufferize", input); code != 0 || !strings.Contains(stdout, "memref.copy") {
		t.Fatalf("built-in rules: exit status %d, stdout %q, stderr %q; want a copy of %%t", code, stdout, stderr)
	}
	want := regexp.MustCompile(`^` + regexp.QuoteMeta(input) + `:2:8: error: the decisions write into read-only memory: op#\d+ tensor.insert writes in place the buffer of %t, which must not be written\n$`)
	for _, policy := range []string{"oneshot", "mincopy"} {
		stdout, stderr, code := run(t, "", "bufferize", "--policy", policy, "--rules", forgets, input)
		if code != 1 || stdout != "" || !want.MatchString(stderr) {
			t.Errorf("%s: exit status %d, stdout %q, stderr %q; want 1, nothing and %s", policy, code, stdout, stderr, want)
		}
	}
}
