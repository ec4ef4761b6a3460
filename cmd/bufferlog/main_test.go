package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// binary is the bufferlog executable built once for the tests, which run it
// as users do: exit status, stdout and stderr are part of its interface.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "bufferlog-test")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "bufferlog")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func run(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

const good = "func.func @f(%a: i32) -> i32 {\n  func.return %a : i32\n}\n"

// diagnostic matches a line of a diagnostic in MLIR's format: an error,
// or a note that follows one.
var diagnostic = regexp.MustCompile(`^\S+:\d+:\d+: (error|note): .+$`)

func TestFmt(t *testing.T) {
	dir := t.TempDir()
	goodFile := filepath.Join(dir, "good.mlir")
	badFile := filepath.Join(dir, "bad.mlir")
	os.WriteFile(goodFile, []byte(good), 0o644)
	os.WriteFile(badFile, []byte("func.func @f() {\n  func.return %nope : i32\n}\n"), 0o644)
	outFile := filepath.Join(dir, "out.mlir")

	tests := []struct {
		name       string
		stdin      string
		args       []string
		wantCode   int
		wantStdout string // substring; "" means stdout must be empty
		wantErr    string // regexp over stderr lines; "" means stderr must be empty
	}{
		{"file", "", []string{"fmt", goodFile}, 0, "func.return %a : i32", ""},
		{"stdin", good, []string{"fmt", "-"}, 0, "func.func @f", ""},
		{"generic", "", []string{"fmt", "--generic", goodFile}, 0, `"func.return"(%a) : (i32) -> ()`, ""},
		{"flags after files", "", []string{"fmt", goodFile, "-o", outFile}, 0, "", ""},
		{"bad file", "", []string{"fmt", badFile}, 1, "", `bad\.mlir:2:15: error: use of undeclared SSA value name '%nope'`},
		{"bad among good", "", []string{"fmt", goodFile, badFile}, 1, "func.func @f", `bad\.mlir:2:15: error:`},
		{"missing file", "", []string{"fmt", filepath.Join(dir, "none.mlir")}, 1, "", `^\S+none\.mlir: error: cannot read input: no such file or directory\n$`},
		{"no files", "", []string{"fmt"}, 2, "", `no input files`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := run(t, tt.stdin, tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit status %d, want %d (stderr %q)", code, tt.wantCode, stderr)
			}
			if tt.wantStdout == "" && stdout != "" || !strings.Contains(stdout, tt.wantStdout) {
				t.Errorf("stdout %q, want it to contain %q", stdout, tt.wantStdout)
			}
			if tt.wantErr == "" && stderr != "" {
				t.Errorf("unexpected stderr %q", stderr)
			}
			if tt.wantErr != "" && !regexp.MustCompile(tt.wantErr).MatchString(stderr) {
				t.Errorf("stderr %q does not match %q", stderr, tt.wantErr)
			}
			if tt.wantCode == 1 && tt.name != "missing file" {
				for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
					if !diagnostic.MatchString(line) {
						t.Errorf("stderr line %q is not a FILE:LINE:COL diagnostic", line)
					}
				}
			}
		})
	}
	if got, err := os.ReadFile(outFile); err != nil || !strings.Contains(string(got), "func.return %a") {
		t.Errorf("-o after the file name: output %q, %v", got, err)
	}
}

// TestFmtNoPartialOutput checks that a file failing late produces no output
// at all, not the ops before the error.
func TestFmtNoPartialOutput(t *testing.T) {
	src := good + "func.func @g() {\n  func.return %x : i32\n}\n"
	stdout, stderr, code := run(t, src, "fmt", "-")
	if code == 0 || stdout != "" || !diagnostic.MatchString(strings.TrimSpace(stderr)) {
		t.Errorf("got code %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestHelp checks that --help and -h after a command print its help,
// rather than being taken for file names.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"bufferize", "--help"}, {"bufferize", "-h"}, {"fmt", "--help"}, {"query", "-h"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			stdout, stderr, code := run(t, "", args...)
			if code != 0 || stderr != "" || !strings.Contains(stdout, "bufferlog "+args[0]+" - ") {
				t.Errorf("exit %d, stderr %q, stdout %q", code, stderr, stdout)
			}
		})
	}
}

// TestProfiles: --cpuprofile and --memprofile come before the command,
// whose own flags may still follow its file names, and write profiles
// that pprof reads (gzip-compressed protocol buffers) without changing
// the output.
func TestProfiles(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.mlir")
	os.WriteFile(in, []byte(good), 0o644)
	plain, _, code := run(t, "", "bufferize", in)
	if code != 0 {
		t.Fatalf("bufferize: exit %d", code)
	}
	cpu, mem, out := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "mem.prof"), filepath.Join(dir, "out.mlir")
	if _, stderr, code := run(t, "", "--cpuprofile", cpu, "--memprofile="+mem, "bufferize", in, "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got, _ := os.ReadFile(out); string(got) != plain {
		t.Errorf("output with profiles:\n%s\nwithout:\n%s", got, plain)
	}
	for _, f := range []string{cpu, mem} {
		data, err := os.ReadFile(f)
		if err != nil || len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
			t.Errorf("%s: not a gzip-compressed profile (%d bytes, %v)", f, len(data), err)
		}
	}
	if _, stderr, code := run(t, "", "--cpuprofile", filepath.Join(dir, "no", "such", "dir"), "fmt", in); code != 1 || !strings.Contains(stderr, "no such file or directory") {
		t.Errorf("unwritable profile: exit %d, stderr %q", code, stderr)
	}
}
