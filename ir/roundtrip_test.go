package ir_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"bufferlog/internal/tooltest"
	"bufferlog/ir"
)

// corpusFiles lists the round-trip corpus.
func corpusFiles(t testing.TB) []string {
	files, err := filepath.Glob("../testdata/roundtrip/*.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no corpus files in testdata/roundtrip")
	}
	return files
}

// mlirGeneric runs mlir-opt-22 on src and returns its generic-form output,
// the normal form round trips are compared in: SSA names are renumbered and
// locations are not printed.
func mlirGeneric(t testing.TB, opt string, src []byte) ([]byte, error) {
	cmd := exec.Command(opt, "--allow-unregistered-dialect", "--mlir-print-op-generic", "-")
	cmd.Stdin = bytes.NewReader(src)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, &toolError{err: err, stderr: stderr.String()}
	}
	return out, nil
}

type toolError struct {
	err    error
	stderr string
}

func (e *toolError) Error() string { return e.err.Error() + ": " + e.stderr }

func printModule(t testing.TB, m *ir.Module, generic bool) []byte {
	var buf bytes.Buffer
	if err := ir.Print(&buf, m, ir.PrintOptions{Generic: generic}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// checkRoundTrip parses src, prints it in the pretty and the generic form,
// and requires that mlir-opt-22 reads each output to the same generic IR as
// the original.
func checkRoundTrip(t *testing.T, opt, name string, src []byte) {
	t.Helper()
	want, err := mlirGeneric(t, opt, src)
	if err != nil {
		t.Fatalf("mlir-opt-22 rejects the input itself: %v", err)
	}
	m, err := ir.Parse(name, src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	for _, generic := range []bool{false, true} {
		out := printModule(t, m, generic)
		got, err := mlirGeneric(t, opt, out)
		if err != nil {
			t.Errorf("generic=%v: mlir-opt-22 rejects our output: %v\n--- output ---\n%s", generic, err, out)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("generic=%v: mlir-opt-22 reads our output differently\n%s", generic, firstDiff(want, got))
		}
	}
}

// firstDiff shows the first differing line of two texts with context.
func firstDiff(want, got []byte) string {
	wl := strings.Split(string(want), "\n")
	gl := strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n want: " + w + "\n  got: " + g
		}
	}
	return "(no line differs)"
}

// TestRoundTripCorpus checks every file of testdata/roundtrip against
// mlir-opt-22 (see checkRoundTrip).
func TestRoundTripCorpus(t *testing.T) {
	tooltest.Slow(t)
	opt := tooltest.Require(t, "mlir-opt-22")
	for _, f := range corpusFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			checkRoundTrip(t, opt, f, src)
		})
	}
}

// TestRoundTripReprinted runs the round trip on what mlir-opt-22 itself
// prints for each corpus file, in the pretty and in the generic form: the
// canonical spellings must parse as well as hand-written ones.
func TestRoundTripReprinted(t *testing.T) {
	tooltest.Slow(t)
	opt := tooltest.Require(t, "mlir-opt-22")
	for _, f := range corpusFiles(t) {
		for _, form := range []string{"pretty", "generic"} {
			t.Run(filepath.Base(f)+"/"+form, func(t *testing.T) {
				t.Parallel()
				args := []string{"--allow-unregistered-dialect", f}
				if form == "generic" {
					args = append(args, "--mlir-print-op-generic")
				}
				src, err := exec.Command(opt, args...).Output()
				if err != nil {
					t.Fatalf("mlir-opt-22 %v: %v", args, err)
				}
				checkRoundTrip(t, opt, f+"."+form, src)
			})
		}
	}
}
