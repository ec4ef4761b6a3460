package mlirexec

import (
	"strings"
	"testing"
)

// A trimmed piece of mlir-opt-22's lowering output: one aligned alloc
// (size + 64), one plain alloc, a contiguous and a strided copy.
const loweredSnippet = `module {
  llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)
  llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
  llvm.func @main() {
    %8 = llvm.ptrtoint %7 : !llvm.ptr to i64
    %9 = llvm.mlir.constant(64 : index) : i64
    %10 = llvm.add %8, %9 : i64
    %11 = llvm.call @_mlir_memref_to_llvm_alloc(%10) : (i64) -> !llvm.ptr
    %30 = llvm.ptrtoint %29 : !llvm.ptr to i64
    %31 = llvm.call @_mlir_memref_to_llvm_alloc(%30) : (i64) -> !llvm.ptr
    "llvm.intr.memcpy"(%67, %64, %61) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.call @memrefCopy(%110, %106, %107) : (i64, !llvm.ptr, !llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @other() {
    %10 = llvm.add %8, %8 : i64
    %11 = llvm.call @_mlir_memref_to_llvm_alloc(%10) : (i64) -> !llvm.ptr
    llvm.return
  }
}`

func TestInstrument(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		noop    bool
		want    []string // lines that must appear
		notWant []string // substrings that must not
		wantErr string
	}{
		{
			name: "rewrites",
			in:   loweredSnippet,
			want: []string{
				"  llvm.func @mlirexec_memcpy(!llvm.ptr, !llvm.ptr, i64)",
				"  llvm.func @mlirexec_alloc_padded(i64, i64) -> !llvm.ptr",
				"  llvm.func @mlirexec_memrefCopy(i64, !llvm.ptr, !llvm.ptr)",
				"    %11 = llvm.call @mlirexec_alloc_padded(%8, %9) : (i64, i64) -> !llvm.ptr",
				"    %31 = llvm.call @_mlir_memref_to_llvm_alloc(%30) : (i64) -> !llvm.ptr",
				"    llvm.call @mlirexec_memcpy(%67, %64, %61) : (!llvm.ptr, !llvm.ptr, i64) -> ()",
				"    llvm.call @mlirexec_memrefCopy(%110, %106, %107) : (i64, !llvm.ptr, !llvm.ptr) -> ()",
				// In @other the add is not size + constant (and %9 is
				// @main's): left alone.
				"    %11 = llvm.call @_mlir_memref_to_llvm_alloc(%10) : (i64) -> !llvm.ptr",
			},
			notWant: []string{"llvm.intr.memcpy", "@memrefCopy", "@mlirexec_noop"},
		},
		{
			name: "noop entry",
			in:   loweredSnippet,
			noop: true,
			want: []string{"  llvm.func @mlirexec_noop() {"},
		},
		{
			name:    "unknown memcpy form",
			in:      "module {\n  llvm.func @f() {\n    \"llvm.intr.memcpy\"(%1, %2, %3) : (!llvm.ptr, !llvm.ptr, i32) -> ()\n  }\n}",
			wantErr: "unknown form",
		},
		{
			name:    "no module",
			in:      "llvm.func @f()\n",
			wantErr: "no top-level module",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := instrument([]byte(tc.in), tc.noop)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			lines := map[string]int{}
			for _, l := range strings.Split(string(out), "\n") {
				lines[l]++
			}
			for _, w := range tc.want {
				if lines[w] == 0 {
					t.Errorf("missing line %q in\n%s", w, out)
				}
			}
			for _, nw := range tc.notWant {
				if strings.Contains(string(out), nw) {
					t.Errorf("output still contains %q:\n%s", nw, out)
				}
			}
		})
	}
}

func TestParseStats(t *testing.T) {
	stderr := "warning: x\nMLIREXEC-STATS allocs=3 frees=2 alloc_bytes=160 copies=1 copy_bytes=32 peak_bytes=128 leaks=1 leak_bytes=32 bad_frees=4\nafter\n"
	s, rest, err := parseStats(stderr)
	if err != nil {
		t.Fatal(err)
	}
	want := Stats{Allocs: 3, Frees: 2, AllocBytes: 160, Copies: 1, CopyBytes: 32, PeakBytes: 128, Leaks: 1, LeakBytes: 32, BadFrees: 4}
	if s != want {
		t.Errorf("got %+v, want %+v", s, want)
	}
	if rest != "warning: x\nafter\n" {
		t.Errorf("rest = %q", rest)
	}
	for _, bad := range []string{"", "MLIREXEC-STATS allocs=1\n", "MLIREXEC-STATS allocs=x frees=0\n"} {
		if _, _, err := parseStats(bad); err == nil {
			t.Errorf("parseStats(%q) succeeded", bad)
		}
	}
}

func TestNormalizeOutput(t *testing.T) {
	in := "Unranked Memref base@ = 0x55d0c3a1e2b0 rank = 1\nUnranked Memref base@ = 0 rank = 0\nbase@ = 0x7fAB rank"
	want := "Unranked Memref base@ = <ptr> rank = 1\nUnranked Memref base@ = <ptr> rank = 0\nbase@ = <ptr> rank"
	if got := NormalizeOutput(in); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
