package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bufferlog/driver"
	"bufferlog/internal/golden"
	"bufferlog/internal/mlirexec"
	"bufferlog/internal/tooltest"
	"bufferlog/rules"
	"bufferlog/solve"
)

// TestDiffRulesGolden runs bufferlog diff-rules from the repository's
// root with the args of every testdata/diffrules/*.txtar and compares its
// standard output with want/stdout; -update rewrites it, to be reviewed
// in the diff.
func TestDiffRulesGolden(t *testing.T) {
	golden.Run(t, "../../testdata/diffrules/*.txtar", func(t *testing.T, c *golden.Case) map[string][]byte {
		argText, _ := c.Section("args")
		args := strings.Fields(string(argText))
		if len(args) == 0 {
			t.Fatal("no args section")
		}
		cmd := exec.Command(binary, append([]string{"diff-rules"}, args...)...)
		cmd.Dir = "../.."
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		got, err := cmd.Output()
		if err != nil {
			t.Fatalf("diff-rules %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return map[string][]byte{"want/stdout": got}
	})
}

// TestDiffRulesErrors: bad input, bad rules and bad flags give a
// diagnostic and a non-zero exit, and nothing on standard output.
func TestDiffRulesErrors(t *testing.T) {
	dir := t.TempDir()
	write := fileWriter(t, dir)
	good := "../../testdata/diffrules/slices.mlir"
	badMLIR := write("bad.mlir", "func.func @f() {\n  %x = foo\n}\n")
	badRules := write("bad.mg", "Decl foo(X) descr [doc(\"x\"), arg(X, \"number\")] bound [/number].\nfoo(X) :- nothere(X).\n")
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"bad input, even with a good file", []string{"--rules-b", "alt:cfg-paths", good, badMLIR}, 1, badMLIR + ":2:8: error: "},
		{"bad rules of B", []string{"--rules-b", badRules, good}, 1, badRules + ":2:1: error: "},
		{"bad rules of A", []string{"--rules", badRules, "--rules-b", "alt:cfg-paths", good}, 1, badRules + ":2:1: error: "},
		{"unknown alternative", []string{"--rules-b", "alt:nope", good}, 1, "alt:nope: error: no such alternative"},
		{"no rule set B", []string{good}, 2, "want rule set B's files"},
		{"no files", []string{"--rules-b", "alt:cfg-paths"}, 2, "want at least one input file"},
		{"unknown format", []string{"--rules-b", "alt:cfg-paths", "--format", "xml", good}, 2, `unknown --format "xml"`},
		{"unknown policy", []string{"--rules-b", "alt:cfg-paths", "--policy", "best", good}, 2, `unknown policy "best"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := run(t, "", append([]string{"diff-rules"}, tc.args...)...)
			if code != tc.code || stdout != "" || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, no output, %q", code, stdout, stderr, tc.code, tc.want)
			}
		})
	}
}

// TestDiffRulesIdentical: two rule sets that are the same (the built-in
// rules compiled twice; the built-in rules with both alternatives, given
// to both sides) decide every operand of the corpus alike, with the same
// copies.
func TestDiffRulesIdentical(t *testing.T) {
	exec, _ := filepath.Glob("../../testdata/exec/*.mlir")
	diffs, _ := filepath.Glob("../../testdata/diffrules/*.mlir")
	files := append(analysisCorpus(t), append(exec, diffs...)...)
	for _, set := range [][]string{nil, rules.Alternatives()} {
		var sets [2]ruleSet
		for i := range sets {
			rs, err := compileRules(rules.Analysis(), set)
			if err != nil {
				t.Fatal(err)
			}
			sets[i] = rs
		}
		p := diffPipeline(t, sets[0], driver.OneShot(driver.BottomUp))
		programs, copies := 0, 0
		for _, file := range files {
			f, err := diffFile(file, p, sets[1])
			if err != nil {
				continue // programs MLIR rejects too; TestOneShotAgreement covers them
			}
			programs++
			copies += f.A.Copies
			if len(f.Changes) > 0 || f.A != f.B {
				t.Errorf("%v: %s: %d changes, copies %+v against %+v", set, file, len(f.Changes), f.A, f.B)
			}
		}
		if programs < len(files)/2 || copies == 0 {
			t.Errorf("%v: only %d of %d programs analyzed, %d copies", set, programs, len(files), copies)
		}
		t.Logf("rules %v: %d programs, %d copies, no change", set, programs, copies)
	}
}

// diffPipeline is the pipeline of diff-rules for the tests: rule set A,
// policy, and the extraction options of a command without --op-model.
func diffPipeline(t *testing.T, setA ruleSet, policy driver.Policy) *pipeline {
	t.Helper()
	opts, err := extractOptions(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &pipeline{rules: setA, opts: opts, policy: policy}
}

// TestAlternativesExec is the safety test of the shipped alternatives.
// For each alternative, every program of the differential corpus
// (testdata/exec and the generated ones) whose decisions it changes (by diff-rules' comparison with the built-in rules) is
// bufferized with it (One-Shot's policy, --dealloc=static), lowered and
// run; it must print what mlir-opt-22's own bufferization prints, and
// free nothing twice. The programs written for each alternative must be
// among them, and copy fewer bytes at run time than with the built-in
// rules.
func TestAlternativesExec(t *testing.T) {
	tooltest.Slow(t)
	for _, tool := range []string{"mlir-opt-22", "mlir-runner-22"} {
		tooltest.Require(t, tool)
	}
	dir := t.TempDir()
	progs := execCorpus(t)
	for _, p := range progs {
		if err := os.WriteFile(filepath.Join(dir, p.name), p.src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	builtin, err := compileRules(rules.Analysis(), nil)
	if err != nil {
		t.Fatal(err)
	}
	written := map[string][]string{"alt:disjoint-slices": {"disjoint_slices_01.mlir", "disjoint_slices_02.mlir"}, "alt:cfg-paths": {"cf_paths_01.mlir"}}
	for _, alt := range rules.Alternatives() {
		t.Run(alt, func(t *testing.T) {
			alternative, err := compileRules(rules.Analysis(), []string{alt})
			if err != nil {
				t.Fatal(err)
			}
			prog := alternative.prog
			policy := driver.OneShot(driver.BottomUp)
			diff := diffPipeline(t, builtin, policy)
			var changed []string
			for _, p := range progs {
				f, err := diffFile(filepath.Join(dir, p.name), diff, alternative)
				if err != nil {
					t.Fatalf("%s: %v", p.name, err)
				}
				if len(f.Changes) == 0 {
					continue
				}
				name := p.name
				changed = append(changed, name)
				ref, ours, base, err := runAlternative(prog, builtin.prog, p)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				if !printsWhatItMust(p, ours.Output, ref.Output) || (ref.Output == "" && !p.unmeasured()) {
					t.Errorf("%s: outputs differ\n--- %s--- bufferlog --rules %s\n%s", name, mustPrint(p, ref.Output), alt, ours.Output)
				}
				if ours.Stats.BadFrees > 0 {
					t.Errorf("%s: %d invalid or double frees", name, ours.Stats.BadFrees)
				}
				if slices.Contains(written[alt], name) && ours.Stats.CopyBytes >= base.Stats.CopyBytes {
					t.Errorf("%s: copies %d bytes at run time with %s, no fewer than %d with the built-in rules", name, ours.Stats.CopyBytes, alt, base.Stats.CopyBytes)
				}
				t.Logf("%s: %d operands change; with the built-in rules %s; with %s %s; reference %s", name, len(f.Changes),
					statsText(base.Stats), alt, statsText(ours.Stats), statsText(ref.Stats))
			}
			for _, name := range written[alt] {
				if !slices.Contains(changed, name) {
					t.Errorf("%s changes no decision of %s (changed: %v)", alt, name, changed)
				}
			}
		})
	}
}

// runAlternative runs p as the reference bufferizes it, as bufferlog
// does with the rules of prog, and as it does with the built-in rules.
func runAlternative(prog, builtin *solve.Program, p execProgram) (ref, ours, base *mlirexec.Result, err error) {
	ctx := context.Background()
	if _, ref, err = runReference(ctx, p); err != nil {
		return nil, nil, nil, err
	}
	var res [2]*mlirexec.Result
	for i, pr := range []*solve.Program{prog, builtin} {
		out, err := bufferizeText(pr, execVariants[0], staticDealloc, p.name, p.src)
		if err != nil {
			return nil, nil, nil, err
		}
		if res[i], err = mlirexec.Run(ctx, out, mlirexec.Options{}); err != nil {
			return nil, nil, nil, fmt.Errorf("running ours: %v\n%s", err, out)
		}
	}
	return ref, res[0], res[1], nil
}

// TestBufferizeRules: --rules on bufferize adds a shipped alternative or
// a file, or replaces the built-in file of the same base name; an error
// in a rule file is a FILE:LINE:COL diagnostic with no output.
func TestBufferizeRules(t *testing.T) {
	dir := t.TempDir()
	write := fileWriter(t, dir)
	inplace := mustShow(t, "inplace.mg")
	lines := strings.Count(inplace, "\n")
	input := "../../testdata/diffrules/cf_paths.mlir"
	// Without deallocation, every memref.copy is one the in-place rules
	// ask for.
	builtin, _, code := run(t, "", "bufferize", "--dealloc=none", input)
	if code != 0 {
		t.Fatalf("bufferize: exit %d", code)
	}
	for _, tc := range []struct {
		name   string
		rules  []string
		code   int
		copies int    // memref.copy ops in the output
		stderr string // what the diagnostic starts with
	}{
		{"built-in", nil, 0, 4, ""},
		// @arms loses its copy; the other functions keep theirs.
		{"alternative", []string{"alt:cfg-paths"}, 0, 3, ""},
		{"saved alternative", []string{write("mine.mg", mustShow(t, "alt:cfg-paths"))}, 0, 3, ""},
		{"replaced by the same text", []string{write("sub/inplace.mg", inplace)}, 0, 4, ""},
		// Under another name the same text is added, and declares its
		// predicates a second time.
		{"added", []string{write("copy.mg", inplace)}, 1, 0, filepath.Join(dir, "copy.mg") + ":"},
		{"syntax error", []string{write("bad/inplace.mg", inplace+"raw_conflict(X) :- .\n")}, 1, 0,
			fmt.Sprintf("%s:%d:", filepath.Join(dir, "bad/inplace.mg"), lines+1)},
		{"unknown predicate", []string{write("bad.mg", "\n\nextra_excuse(A, B, C, D, E) :- nothere(A, B, C, D, E).\n")}, 1, 0,
			filepath.Join(dir, "bad.mg") + ":3:1: error: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"bufferize", "--dealloc=none", input}
			for _, r := range tc.rules {
				args = append(args, "--rules", r)
			}
			stdout, stderr, code := run(t, "", args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s", code, tc.code, stderr)
			}
			if tc.code != 0 {
				if stdout != "" || !strings.HasPrefix(stderr, tc.stderr) || !diagnostic.MatchString(strings.Split(stderr, "\n")[0]) {
					t.Errorf("stdout %.40q, stderr %q; want no output and a diagnostic starting %q", stdout, stderr, tc.stderr)
				}
				return
			}
			if n := strings.Count(stdout, "memref.copy "); n != tc.copies {
				t.Errorf("%d copies, want %d", n, tc.copies)
			}
			if (stdout == builtin) != (tc.copies == 4) {
				t.Errorf("output equal to the built-in rules' output: %v", stdout == builtin)
			}
		})
	}
}

// fileWriter returns a function that writes a file of the given name
// and text under dir, creating its directories, and returns its path.
func fileWriter(t *testing.T, dir string) func(name, text string) string {
	return func(name, text string) string {
		t.Helper()
		path := filepath.Join(dir, name)
		writeFile(t, path, text)
		return path
	}
}
