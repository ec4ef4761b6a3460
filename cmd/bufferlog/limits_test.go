package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// unbounded is a pass through p as tests take one: the evaluations on
// p's extraction workers, with the default budget and, unless p says
// otherwise, no timeout.
func unbounded(p pipeline) pass {
	ps, _ := p.start(p.opts.Workers)
	return ps
}

// counter is a rule that never stops: each p fact derives the next.
const counter = `Decl p(X) descr [doc("A number, counting up without end.")].
p(0).
p(X) :- p(Y), X = fn:plus(Y, 1).
`

// TestLimits runs every command that evaluates rules on rules that never
// stop, in each phase that evaluates them (the query, the in-place
// analysis of each function, the deallocation, the checker), and checks that
// --timeout and --max-facts end it at once with a diagnostic naming the
// clause, exit status 1 and no output.
func TestLimits(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		writeFile(t, path, text)
		return path
	}
	// The counter alone, and the counter read by a predicate that the
	// in-place analysis or the deallocation driver needs: p(-1) never
	// holds, but only p's fixpoint can tell.
	inf := write("inf.mg", counter)
	inplace := write("inf_inplace.mg", counter+
		"extra_excuse(ROp, RI, WOp, WI, D) :- p(-1), candidate_definition(ROp, RI, WOp, WI, D).\n")
	dealloc := write("inf_dealloc.mg", counter+"needs_clone(Op, I) :- p(-1), use(Op, I, _).\n")
	check := write("inf_check.mg", counter+"finding(At, K, S, V, C, E) :- p(-1), finding(At, K, S, V, C, E).\n")
	const input = "../../testdata/exec/call_01.mlir" // four functions and their calls
	page := filepath.Join(dir, "report.html")
	culprit := func(rules string) string {
		return ` \(rule ` + regexp.QuoteMeta(rules) + `:3 derived \d+ facts of p/1\)\n$`
	}
	timeout := `^` + regexp.QuoteMeta(input) + `: error: evaluation exceeded the timeout of 2s`
	budget := `^` + regexp.QuoteMeta(input) + `: error: evaluation exceeded the budget of 100000 derived facts`
	for _, tt := range []struct {
		name    string
		args    []string
		wantErr string // regexp over stderr
	}{
		{"query timeout", []string{"query", "--rules", inf, "--timeout", "2s", input, "p(X)"}, timeout + culprit(inf)},
		{"query budget", []string{"query", "--rules", inf, "--max-facts", "100000", input, "p(X)"}, budget + culprit(inf)},
		{"query of the decisions", []string{"query", "--rules", inplace, "--max-facts", "100000", input, "inplace(Op, I)"}, budget + culprit(inplace)},
		{"bufferize analysis", []string{"bufferize", "--rules", inplace, "--timeout", "2s", input}, timeout + culprit(inplace)},
		{"bufferize analysis-only", []string{"bufferize", "--analysis-only", "--rules", inplace, "--max-facts", "100000", input}, budget + culprit(inplace)},
		{"bufferize deallocation", []string{"bufferize", "--rules", dealloc, "--timeout", "2s", input}, timeout + culprit(dealloc)},
		{"explain", []string{"explain", "--rules", inplace, "--max-facts", "100000", input}, budget + culprit(inplace)},
		{"explain deallocation", []string{"explain", "--rules", dealloc, "--timeout", "2s", input}, timeout + culprit(dealloc)},
		{"report", []string{"report", "--rules", dealloc, "--max-facts", "100000", "-o", page, input}, budget + culprit(dealloc)},
		{"graph", []string{"graph", "--func", "main", "--rules", inplace, "--timeout", "2s", input}, timeout + culprit(inplace)},
		{"diff-rules", []string{"diff-rules", "--rules-b", inplace, "--max-facts", "100000", input}, budget + culprit(inplace)},
		// The built-in rules need more than 10 facts on any program.
		{"check", []string{"check", "--rules", check, "--timeout", "2s", deallocFile},
			`^` + regexp.QuoteMeta(deallocFile) + `: error: evaluation exceeded the timeout of 2s` + culprit(check)},
		{"demo", []string{"demo", "--max-facts", "10"}, `: error: evaluation exceeded the budget of 10 derived facts \(rule \S+\.mg:\d+ derived \d+ facts of \w+/\d\)\n$`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			stdout, stderr, code := run(t, "", tt.args...)
			// The default budget would stop the counter after half a
			// minute: the limit given must have stopped it.
			if took := time.Since(start); took > 15*time.Second {
				t.Errorf("took %v", took)
			}
			if code != 1 || stdout != "" || !regexp.MustCompile(tt.wantErr).MatchString(stderr) {
				t.Errorf("exit status %d, stdout %q, stderr %q; want 1, nothing and %q", code, stdout, stderr, tt.wantErr)
			}
		})
	}
	if _, err := os.Stat(page); err == nil {
		t.Errorf("report wrote %s", page)
	}
}

// TestLimitFlags checks the limit flags' usage errors.
func TestLimitFlags(t *testing.T) {
	for _, args := range [][]string{
		{"query", "--timeout", "-1s", "in.mlir", "p(X)"},
		{"bufferize", "--max-facts", "-5", "in.mlir"},
	} {
		if stdout, stderr, code := run(t, "", args...); code != 2 || stdout != "" || !regexp.MustCompile(`^bufferlog \w+: --[a-z-]+ -\w+: want `).MatchString(stderr) {
			t.Errorf("%q: exit status %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
}
