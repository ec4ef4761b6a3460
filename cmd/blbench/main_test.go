package main

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	}
	for _, tt := range tests {
		if got := median(tt.in); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestPhasesUseTheFile(t *testing.T) {
	for _, p := range phases {
		// A phase is measured against mlir-opt or against its Base.
		against := p.MLIROpt
		if p.Base != nil {
			against = p.Base
		}
		if (p.MLIROpt == nil) == (p.Base == nil) {
			t.Errorf("phase %s: want an mlir-opt command or a Base, not both or neither", p.Name)
		}
		for _, args := range [][]string{p.Bufferlog, against} {
			got := withFile(args, "/tmp/x.mlir")
			if !slices.Contains(got, "/tmp/x.mlir") || slices.Contains(got, inputFile) {
				t.Errorf("phase %s: withFile(%q) = %q", p.Name, args, got)
			}
		}
	}
	if phases[0].Name != "parse" {
		t.Errorf("the first phase is %q; -phase defaults to parse", phases[0].Name)
	}
}

func TestParseCounts(t *testing.T) {
	if got, err := parseCounts("sizes", "1000, 10000"); err != nil || !slices.Equal(got, []int{1000, 10000}) {
		t.Errorf("parseCounts = %v, %v", got, err)
	}
	for _, bad := range []string{"", "10k", "0", "1000,"} {
		if _, err := parseCounts("sizes", bad); err == nil {
			t.Errorf("parseCounts(%q) succeeded", bad)
		}
	}
}

func TestRepsPerSize(t *testing.T) {
	for _, args := range [][]string{
		{"-sizes", "1000,10000", "-reps", "3,3,1"},
		{"-sizes", "1000", "-reps", "0"},
	} {
		if err := run(args, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "-reps") {
			t.Errorf("run(%q) = %v, want an error about -reps", args, err)
		}
	}
}

func TestCells(t *testing.T) {
	ok := func(s, cpu float64, kib int64) measurement { return measurement{seconds: s, cpu: cpu, maxRSSKiB: kib} }
	failed := measurement{err: errors.New("boom")}
	rows := []row{
		{phase: "parse", kind: "chain", ops: 1000, bufferlog: ok(1, 1.5, 1024), mlirOpt: ok(2, 2, 4096)},
		{phase: "parse", kind: "chain", ops: 10000, bufferlog: ok(12, 18, 3072), mlirOpt: ok(6, 6, 4096)},
		{phase: "parse", kind: "chain", ops: 100000, bufferlog: failed, mlirOpt: ok(60, 60, 8192)},
		{phase: "parse", kind: "module", ops: 1000, bufferlog: ok(1, 1, 1024), mlirOpt: failed},
	}
	want := [][]string{
		{"parse", "chain", "1000", "1.000", "2.000", "0.50x", "1.500", "2.000", "0.75x", "1.0", "4.0", "0.25x", "-"},
		{"parse", "chain", "10000", "12.000", "6.000", "2.00x", "18.000", "6.000", "3.00x", "3.0", "4.0", "0.75x", "12.00x, 3.00x (10.00x)"},
		{"parse", "chain", "100000", "failed", "60.000", "-", "failed", "60.000", "-", "failed", "8.0", "-", "-"},
		{"parse", "module", "1000", "1.000", "failed", "-", "1.000", "failed", "-", "1.0", "failed", "-", "-"},
	}
	got := cells(rows)
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("row %d:\n got %q\nwant %q", i, got[i], want[i])
		}
	}
}

// TestCostCells: a phase measured against its Base reports both and what
// it adds, in percent of wall and CPU time.
func TestCostCells(t *testing.T) {
	ok := func(s, cpu float64, kib int64) measurement { return measurement{seconds: s, cpu: cpu, maxRSSKiB: kib} }
	rows := []row{
		{phase: "verify", kind: "chain", ops: 1000, bufferlog: ok(1.1, 2.5, 2048), base: &measurement{seconds: 1, cpu: 2, maxRSSKiB: 1024}},
		{phase: "verify", kind: "module", ops: 1000, bufferlog: measurement{err: errors.New("boom")}, base: &measurement{seconds: 1, cpu: 2, maxRSSKiB: 1024}},
	}
	want := [][]string{
		{"verify", "chain", "1000", "1.000", "1.100", "+10.0%", "2.000", "2.500", "+25.0%", "1.0", "2.0"},
		{"verify", "module", "1000", "1.000", "failed", "-", "2.000", "failed", "-", "1.0", "failed"},
	}
	got := costCells(rows)
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("row %d:\n got %q\nwant %q", i, got[i], want[i])
		}
	}
}

// TestRunOnce: a run records wall and CPU time, and the environment that
// -gomaxprocs adds reaches the child; a failing run is an error.
func TestRunOnce(t *testing.T) {
	var rs runs
	busy := command{"/bin/sh", []string{"-c", `test "$GOMAXPROCS" = 1 && i=0 && while [ $i -lt 20000 ]; do i=$((i+1)); done`}, []string{"GOMAXPROCS=1"}}
	if err := rs.runOnce(time.Minute, busy); err != nil {
		t.Fatal(err)
	}
	if len(rs.wall) != 1 || len(rs.cpu) != 1 || rs.cpu[0] <= 0 || rs.wall[0] <= 0 || rs.maxRSSKiB <= 0 {
		t.Errorf("runs = %+v", rs)
	}
	busy.env = nil
	if err := rs.runOnce(time.Minute, busy); err == nil {
		t.Error("the child saw GOMAXPROCS=1 without being given it")
	}
}
