package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExplainCommand runs the built binary: each owned buffer is
// explained by the rule that frees it or keeps it alive, each copy by
// the hand-over it replaced, at locations of the
// memref IR written with -o.
func TestExplainCommand(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name     string
		args     []string
		wantCode int
		want     []string // substrings of stdout
		wantErr  string
	}{
		{"static", []string{"../../testdata/exec/scf_if_01.mlir"}, 0, []string{
			`OUT:8:5: %r: returned by op#18 func.return at OUT:20:5: the callers of @pick own it (returns_owned)`,
			`OUT:15:7: %clone: a copy handed on instead of operand #0 of scf.yield, because it hands a borrowed buffer (an argument or a global) into a carrier that also receives buffers it owns (needs_clone)`,
			`%r1: freed after op#35 func.call at OUT:37:5`,
			`: the last op of its block that uses it or a view of it (dealloc_after)`,
		}, ""},
		{"arm", []string{"../../testdata/exec/scf_if_04.mlir"}, 0, []string{
			`OUT:8:5: %alloc: freed just before op#19 scf.yield at OUT:19:7, in a region that does not hand it on (dealloc_in_arm)`,
			`OUT:8:5: %alloc: handed by op#17 scf.yield at OUT:16:7 to %r, which owns it: freed where %r is (clean)`,
			`OUT:10:5: %alloc_0: freed just before op#17 scf.yield at OUT:16:7, in a region that does not hand it on (dealloc_in_arm)`,
		}, ""},
		{"when", []string{"../../testdata/exec/scf_if_05.mlir"}, 0, []string{
			`OUT:11:5: %r: freed after op#23 func.call at OUT:26:5 if region #1 of its scf.if ran, the only one giving it a buffer it owns (dealloc_when)`,
			`OUT:14:7: %alloc: handed by op#15 scf.yield at OUT:16:7 to %r, which owns it when this region ran: freed where %r is, under the scf.if's condition (owned_when)`,
		}, ""},
		{"cf loop", []string{"../../testdata/exec/cf_loop_01.mlir"}, 0, []string{
			`OUT:8:5: %alloc: freed after op#24 func.call at OUT:26:5: its last use in a block it is not live out of (dealloc_in_block)`,
			`%alloc_0: handed by op#13 cf.br at OUT:13:5 to %t, which owns it: freed where %t is (clean)`,
		}, ""},
		{"cf carry", []string{"../../testdata/exec/cf_loop_02.mlir"}, 0, []string{
			`OUT:17:8: %acc: freed just before op#29 func.return at OUT:32:5, whose block runs after every block that uses it (dealloc_before_return)`,
		}, ""},
		{"bad mode", []string{"--dealloc=none", "../../testdata/exec/cf_loop_01.mlir"}, 2, nil, `unknown --dealloc "none"`},
		{"missing", []string{"testdata/missing.mlir"}, 1, nil, "testdata/missing.mlir: error: cannot read input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".mlir")
			stdout, stderr, code := run(t, "", append([]string{"explain", "-o", out}, tc.args...)...)
			if code != tc.wantCode || !strings.Contains(stderr, tc.wantErr) || (tc.wantErr == "") != (stderr == "") {
				t.Fatalf("exit %d, stderr %q; want exit %d, stderr with %q", code, stderr, tc.wantCode, tc.wantErr)
			}
			if tc.wantCode != 0 {
				if stdout != "" {
					t.Errorf("output on error: %q", stdout)
				}
				return
			}
			if _, err := os.Stat(out); err != nil {
				t.Errorf("no memref IR written: %v", err)
			}
			for _, w := range tc.want {
				if w = strings.ReplaceAll(w, "OUT", out); !strings.Contains(stdout, w) {
					t.Errorf("output lacks %s:\n%s", w, stdout)
				}
			}
		})
	}
}
