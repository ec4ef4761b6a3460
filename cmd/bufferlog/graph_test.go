package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bufferlog/driver"
	"bufferlog/internal/golden"
	"bufferlog/internal/tooltest"
	"bufferlog/ir"
	"bufferlog/rules"
)

// TestGraphGolden runs `bufferlog graph` with the args section of every
// testdata/graph/*.txtar on its input.mlir and compares the DOT with
// want/graph.dot; -update rewrites it, to be reviewed in the diff.
func TestGraphGolden(t *testing.T) {
	golden.Run(t, "../../testdata/graph/*.txtar", func(t *testing.T, c *golden.Case) map[string][]byte {
		input, ok1 := c.Section("input.mlir")
		args, ok2 := c.Section("args")
		if !ok1 || !ok2 {
			t.Fatal("want an args and an input.mlir section")
		}
		path := filepath.Join(t.TempDir(), "input.mlir")
		if err := os.WriteFile(path, input, 0o644); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := run(t, "", append(append([]string{"graph"}, strings.Fields(string(args))...), path)...)
		if code != 0 || stderr != "" {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		return map[string][]byte{"want/graph.dot": []byte(stdout)}
	})
}

// TestGraphDotAcceptsCorpus draws every function of every program of the
// analysis corpus and has Graphviz's dot render each graph as SVG.
func TestGraphDotAcceptsCorpus(t *testing.T) {
	tooltest.Slow(t)
	dot := tooltest.Require(t, "dot")
	prog, err := rules.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	graphs, edges := 0, 0
	for _, file := range analysisCorpus(t) {
		m, opts, err := loadForExtraction(file, nil)
		if err != nil {
			t.Fatal(err)
		}
		a, err := decide(m, unbounded(pipeline{rules: ruleSet{prog: prog}, opts: opts, policy: driver.OneShot(driver.BottomUp)}), nil, graphPredicates...)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		for _, fn := range m.Funcs() {
			var text bytes.Buffer
			if err := writeGraph(&text, m, a.parts, a.names, fn); err != nil {
				t.Errorf("%s @%s: %v", file, ir.SymbolName(fn), err)
				continue
			}
			cmd := exec.Command(dot, "-Tsvg")
			cmd.Stdin = bytes.NewReader(text.Bytes())
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			svg, err := cmd.Output()
			if err != nil || stderr.Len() > 0 || !bytes.Contains(svg, []byte("<svg")) {
				t.Errorf("%s @%s: dot -Tsvg: %v %s\n%s", file, ir.SymbolName(fn), err, stderr.String(), text.String())
				continue
			}
			graphs++
			edges += strings.Count(text.String(), " -> ")
		}
	}
	t.Logf("dot rendered %d graphs with %d edges", graphs, edges)
	if graphs < 200 {
		t.Errorf("only %d graphs rendered, want at least 200", graphs)
	}
}

// TestGraphCommand checks the command's outputs and errors.
func TestGraphCommand(t *testing.T) {
	dir := t.TempDir()
	src := "func.func @f(%t: tensor<4xf32>, %x: f32) -> tensor<4xf32> {\n" +
		"  %c0 = arith.constant 0 : index\n" +
		"  %r = tensor.insert %x into %t[%c0] : tensor<4xf32>\n" +
		"  return %r : tensor<4xf32>\n}\n" +
		"func.func @g() {\n  return\n}\n"
	in := filepath.Join(dir, "in.mlir")
	bad := filepath.Join(dir, "bad.mlir")
	os.WriteFile(in, []byte(src), 0o644)
	os.WriteFile(bad, []byte("func.func @f() {\n  func.return %nope : i32\n}\n"), 0o644)
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string // substring; "" means stdout must be empty
		wantErr    string // regexp over stderr; "" means stderr must be empty
	}{
		{"dot", []string{"graph", "--func", "@f", in}, 0, `v0 -> v3 [penwidth=2, label="tensor.insert#1 (line 3) in place"]`, ""},
		{"copy-before-write", []string{"graph", "--func", "f", "--copy-before-write", in}, 0, `label="copy"`, ""},
		{"unknown function", []string{"graph", "--func", "h", in}, 1, "", `^\S+in\.mlir: error: no function @h; the functions are @f, @g\n$`},
		{"no --func", []string{"graph", in}, 2, "", `^bufferlog graph: want --func NAME`},
		{"bad format", []string{"graph", "--func", "f", "--format", "png", in}, 2, "", `unknown --format "png"`},
		{"bad policy", []string{"graph", "--func", "f", "--policy", "best", in}, 2, "", `bufferlog graph: unknown policy "best"`},
		{"bad input", []string{"graph", "--func", "f", bad}, 1, "", `^\S+bad\.mlir:2:15: error: use of undeclared SSA value name '%nope'\n$`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := run(t, "", tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.wantCode, stderr)
			}
			if tt.wantStdout == "" && stdout != "" || !strings.Contains(stdout, tt.wantStdout) {
				t.Errorf("stdout %q, want it to hold %q", stdout, tt.wantStdout)
			}
			if tt.wantErr == "" && stderr != "" || !regexp.MustCompile(tt.wantErr).MatchString(stderr) {
				t.Errorf("stderr %q, want %q", stderr, tt.wantErr)
			}
		})
	}
}

// TestGraphSVG writes SVG through dot with -o FILE.svg, and without dot
// on PATH fails with a message saying what to install, writing nothing.
func TestGraphSVG(t *testing.T) {
	tooltest.Require(t, "dot")
	dir := t.TempDir()
	in := filepath.Join(dir, "in.mlir")
	os.WriteFile(in, []byte("func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {\n  return %t : tensor<4xf32>\n}\n"), 0o644)
	out := filepath.Join(dir, "g.svg")
	if _, stderr, code := run(t, "", "graph", "--func", "f", "-o", out, in); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	svg, err := os.ReadFile(out)
	if err != nil || !bytes.Contains(svg, []byte("<svg")) || !bytes.Contains(svg, []byte("%t")) {
		t.Fatalf("%s is no SVG of %%t (%v):\n%s", out, err, svg)
	}

	missing := filepath.Join(dir, "missing.svg")
	cmd := exec.Command(binary, "graph", "--func", "f", "--format", "svg", "-o", missing, in)
	cmd.Env = append(os.Environ(), "PATH="+dir) // no dot there
	stderr, _ := cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(string(stderr), "needs Graphviz's dot") {
		t.Errorf("without dot: exit %d, %q", cmd.ProcessState.ExitCode(), stderr)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("without dot, %s was written", missing)
	}
}
