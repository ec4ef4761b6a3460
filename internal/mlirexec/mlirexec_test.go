package mlirexec

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"bufferlog/internal/tooltest"
)

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func requireRunTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{toolOpt, toolRunner, toolCC} {
		tooltest.Require(t, tool)
	}
}

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// The expected numbers are worked out by hand from each program: bytes are
// elements times element size.
func TestRunStats(t *testing.T) {
	requireRunTools(t)
	tests := []struct {
		file       string
		want       Stats
		wantOutput []string // substrings of the normalised output, in order
		wantStderr string
	}{
		{
			file: "alloc_copy.mlir",
			want: Stats{Allocs: 2, Frees: 2, AllocBytes: 64, Copies: 1, CopyBytes: 32, PeakBytes: 64},
			wantOutput: []string{
				"Unranked Memref base@ = <ptr> rank = 1 offset = 0 sizes = [8] strides = [1] data = \n" +
					"[3,  3,  3,  3,  3,  3,  3,  3]\n",
			},
		},
		{
			// Same buffers with alignment 64 and 128: the lowering pads the
			// malloc size, the counts must not change.
			file: "alloc_copy_aligned.mlir",
			want: Stats{Allocs: 2, Frees: 2, AllocBytes: 64, Copies: 1, CopyBytes: 32, PeakBytes: 64},
			wantOutput: []string{
				"[3,  3,  3,  3,  3,  3,  3,  3]\n",
			},
		},
		{
			file: "leak.mlir",
			want: Stats{Allocs: 2, Frees: 1, AllocBytes: 52, PeakBytes: 52, Leaks: 1, LeakBytes: 40},
		},
		{
			file: "double_free.mlir",
			want: Stats{Allocs: 2, Frees: 2, AllocBytes: 24, PeakBytes: 16, BadFrees: 1},
			// The program continues after the bad free.
			wantOutput: []string{"[7,  7,  7,  7]\n", "[7,  7]\n"},
			wantStderr: "MLIREXEC-BADFREE",
		},
		{
			file: "peak_early_free.mlir",
			want: Stats{Allocs: 3, Frees: 3, AllocBytes: 700, PeakBytes: 600},
		},
		{
			file: "peak_late_free.mlir",
			want: Stats{Allocs: 3, Frees: 3, AllocBytes: 700, PeakBytes: 700},
		},
		{
			file: "peak_sequential.mlir",
			want: Stats{Allocs: 3, Frees: 3, AllocBytes: 700, PeakBytes: 400},
		},
		{
			file: "strided_copy.mlir",
			want: Stats{Allocs: 2, Frees: 2, AllocBytes: 128, Copies: 1, CopyBytes: 16, PeakBytes: 128},
			wantOutput: []string{
				"sizes = [4, 4] strides = [4, 1] data = \n" +
					"[[0,   0,   5,   6], \n" +
					" [0,   0,   9,   10], \n" +
					" [0,   0,   0,   0], \n" +
					" [0,   0,   0,   0]]\n",
			},
		},
	}
	for _, tc := range tests {
		t.Run(strings.TrimSuffix(tc.file, ".mlir"), func(t *testing.T) {
			res, err := Run(testContext(t), readTestdata(t, tc.file), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Stats != tc.want {
				t.Errorf("Stats = %+v\nwant    %+v", res.Stats, tc.want)
			}
			rest := res.Output
			for _, w := range tc.wantOutput {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order)\noutput:\n%s", w, res.Output)
				}
				rest = rest[i+len(w):]
			}
			if strings.Contains(res.Output, "0x") {
				t.Errorf("output has an unnormalised pointer:\n%s", res.Output)
			}
			if tc.wantStderr != "" && !strings.Contains(res.Stderr, tc.wantStderr) {
				t.Errorf("stderr lacks %q:\n%s", tc.wantStderr, res.Stderr)
			}
			if strings.Contains(res.Stderr, statsPrefix) {
				t.Errorf("stats line left in Stderr:\n%s", res.Stderr)
			}
		})
	}
}

func TestRunErrorCarriesStderr(t *testing.T) {
	requireRunTools(t)
	bad := []byte("func.func @main() {\n  %x = arith.addi %nope, %nope : i32\n  return\n}\n")
	_, err := Run(testContext(t), bad, Options{})
	var te *ToolError
	if !errors.As(err, &te) {
		t.Fatalf("err = %v, want a *ToolError", err)
	}
	if !strings.Contains(te.Stderr, "use of undeclared SSA value name") || !strings.Contains(err.Error(), "use of undeclared SSA value name") {
		t.Errorf("error does not carry mlir-opt's diagnostic:\n%v", err)
	}
}

func TestReference(t *testing.T) {
	requireRunTools(t)
	const (
		inserted = "[1.5,  1.5,  9,  1.5]\n"
		filled   = "[1.5,  1.5,  1.5,  1.5]\n"
	)
	tests := []struct {
		name    string
		file    string
		opt     Options
		wantErr string   // substring of the error; empty for success
		want    []string // substrings of the output, in order
		check   func(t *testing.T, s Stats)
	}{
		{
			name: "with deallocation",
			file: "tensor_print.mlir",
			want: []string{inserted, filled},
			check: func(t *testing.T, s Stats) {
				// The fill's buffer and its copy for the insert, 16 bytes
				// each, both live while printing; the deallocation
				// pipeline frees both (no helper arrays needed here).
				want := Stats{Allocs: 2, Frees: 2, AllocBytes: 32, Copies: 1, CopyBytes: 16, PeakBytes: 32}
				if s != want {
					t.Errorf("Stats = %+v\nwant    %+v", s, want)
				}
			},
		},
		{
			name: "without deallocation",
			file: "tensor_print.mlir",
			opt:  Options{SkipDeallocation: true},
			want: []string{inserted, filled},
			check: func(t *testing.T, s Stats) {
				want := Stats{Allocs: 2, AllocBytes: 32, Copies: 1, CopyBytes: 16, PeakBytes: 32, Leaks: 2, LeakBytes: 32}
				if s != want {
					t.Errorf("Stats = %+v\nwant    %+v", s, want)
				}
			},
		},
		{
			name:    "loop swap rejected by default",
			file:    "loop_swap.mlir",
			wantErr: "Yield operand #0 is not equivalent to the corresponding iter bbArg",
		},
		{
			name: "loop swap with allow-return-allocs-from-loops",
			file: "loop_swap.mlir",
			opt:  Options{OneShotOptions: []string{"allow-return-allocs-from-loops"}},
			// Three swaps of (1, 2): the first result holds 2.
			want: []string{"[2,  2]\n"},
			check: func(t *testing.T, s Stats) {
				if s.Leaks != 0 || s.BadFrees != 0 || s.Allocs != s.Frees {
					t.Errorf("Stats = %+v, want no leaks or bad frees", s)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := testContext(t)
			memref, err := Reference(ctx, readTestdata(t, tc.file), tc.opt)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(memref), "tensor<4xf32>") || strings.Contains(string(memref), "tensor<2xf32>") {
				t.Errorf("Reference left tensors:\n%s", memref)
			}
			res, err := Run(ctx, memref, Options{})
			if err != nil {
				t.Fatal(err)
			}
			rest := res.Output
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order)\noutput:\n%s", w, res.Output)
				}
				rest = rest[i+len(w):]
			}
			if tc.check != nil {
				tc.check(t, res.Stats)
			}
		})
	}
}

func TestValgrind(t *testing.T) {
	requireRunTools(t)
	tooltest.Require(t, toolObjcopy)
	tooltest.Require(t, toolValgrind)
	tests := []struct {
		file  string
		check func(t *testing.T, r *ValgrindReport)
		// differs: the output depends on freed memory, so the native
		// and JIT outputs are not compared.
		differs bool
	}{
		{
			file: "alloc_copy_aligned.mlir",
			check: func(t *testing.T, r *ValgrindReport) {
				if !r.Clean() {
					t.Errorf("not clean:\n%s", r.Log)
				}
				want := Stats{Allocs: 2, Frees: 2, AllocBytes: 64, Copies: 1, CopyBytes: 32, PeakBytes: 64}
				if r.Stats != want {
					t.Errorf("Stats = %+v\nwant    %+v", r.Stats, want)
				}
			},
		},
		{
			file: "leak.mlir",
			check: func(t *testing.T, r *ValgrindReport) {
				if r.DefinitelyLost != 40 || r.InvalidFrees != 0 || r.Clean() {
					t.Errorf("definitely lost %d, invalid frees %d, want 40 and 0:\n%s", r.DefinitelyLost, r.InvalidFrees, r.Log)
				}
			},
		},
		{
			file: "double_free.mlir",
			check: func(t *testing.T, r *ValgrindReport) {
				if r.InvalidFrees != 1 || r.DefinitelyLost != 0 || r.Stats.BadFrees != 1 {
					t.Errorf("invalid frees %d, lost %d, bad frees %d; want 1, 0, 1:\n%s", r.InvalidFrees, r.DefinitelyLost, r.Stats.BadFrees, r.Log)
				}
			},
		},
		{
			file: "use_after_free.mlir",
			check: func(t *testing.T, r *ValgrindReport) {
				want := Stats{Allocs: 1, Frees: 1, AllocBytes: 16, PeakBytes: 16}
				if r.InvalidReads != 1 || r.InvalidWrites != 0 || r.Stats != want {
					t.Errorf("invalid reads %d, writes %d, stats %+v; want 1, 0, %+v:\n%s", r.InvalidReads, r.InvalidWrites, r.Stats, want, r.Log)
				}
			},
			differs: true,
		},
		{
			file: "strided_copy.mlir",
			check: func(t *testing.T, r *ValgrindReport) {
				if !r.Clean() || r.Stats.Copies != 1 || r.Stats.CopyBytes != 16 {
					t.Errorf("clean %v, stats %+v; want clean, 1 copy of 16 bytes:\n%s", r.Clean(), r.Stats, r.Log)
				}
			},
		},
		{
			// The native runtime's printing must match the upstream runner
			// utils that Run uses.
			file: "print_formats.mlir",
			check: func(t *testing.T, r *ValgrindReport) {
				if !r.Clean() {
					t.Errorf("not clean:\n%s", r.Log)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(strings.TrimSuffix(tc.file, ".mlir"), func(t *testing.T) {
			ctx := testContext(t)
			prog := readTestdata(t, tc.file)
			rep, err := Valgrind(ctx, prog, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if rep.ExitCode != 0 {
				t.Errorf("exit code %d", rep.ExitCode)
			}
			tc.check(t, rep)
			res, err := Run(ctx, prog, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !tc.differs && rep.Output != res.Output {
				t.Errorf("native output differs from JIT output\nnative:\n%s\njit:\n%s", rep.Output, res.Output)
			}
			if res.Output == "" && tc.file == "print_formats.mlir" {
				t.Error("print_formats printed nothing")
			}
		})
	}
}

// TestValgrindCrash checks what the report of a program that crashes
// holds: what it printed before (the differential tests tell by it which
// program crashed), the signal as exit code, and its leaks as definitely
// lost although the runtime's table of live allocations was never freed.
func TestValgrindCrash(t *testing.T) {
	requireRunTools(t)
	tooltest.Require(t, toolObjcopy)
	tooltest.Require(t, toolValgrind)
	rep, err := Valgrind(testContext(t), readTestdata(t, "crash_after_print.mlir"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.ExitCode != 128+11 {
		t.Errorf("exit code %d, want %d (SIGSEGV)", rep.ExitCode, 128+11)
	}
	if n := strings.Count(rep.Output, "[1,  2]"); n != 1 {
		t.Errorf("the print before the crash shows %d times, want once:\n%s", n, rep.Output)
	}
	if rep.DefinitelyLost != 16 {
		t.Errorf("definitely lost %d B, want 16:\n%s", rep.DefinitelyLost, rep.Log)
	}
	if !strings.Contains(rep.Log, "Bad permissions for mapped region") {
		t.Errorf("valgrind does not report the store into read-only memory:\n%s", rep.Log)
	}
}

// A fresh cache directory, many concurrent first uses: all must succeed and
// leave exactly the built file behind.
func TestRuntimeBuildConcurrent(t *testing.T) {
	tooltest.Require(t, toolCC)
	dir := t.TempDir()
	var wg sync.WaitGroup
	paths := make([]string, 4)
	errs := make([]error, 4)
	for i := range paths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			paths[i], errs[i] = buildRuntime(context.Background(), Options{CacheDir: dir}, rtShared)
		}()
	}
	wg.Wait()
	for i := range paths {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if paths[i] != paths[0] {
			t.Errorf("paths differ: %s vs %s", paths[i], paths[0])
		}
	}
	// No temporary files left behind: the library and its source only.
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	src := filepath.Join(filepath.Dir(paths[0]), "mlirexec_rt.c")
	if len(files) != 2 || files[0] != paths[0] || files[1] != src {
		t.Errorf("cache holds %v, want only %s and %s", files, paths[0], src)
	}
	if got, err := os.ReadFile(src); err != nil || string(got) != string(runtimeSource) {
		t.Errorf("cached source differs from the embedded one (err %v)", err)
	}
}
