package ir_test

import (
	"fmt"
	"io"
	"testing"

	"bufferlog/internal/workload"
	"bufferlog/ir"
)

// BenchmarkParsePrint measures what `bufferlog fmt` does per file: parse,
// verify and print. The side-by-side comparison with mlir-opt-22 is
// cmd/blbench; this benchmark is for profiling (-cpuprofile).
func BenchmarkParsePrint(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		for _, kind := range []string{"chain", "module"} {
			prog := workload.Chain(n)
			if kind == "module" {
				prog = workload.Module(n, 100)
			}
			b.Run(fmt.Sprintf("%s/%d", kind, n), func(b *testing.B) {
				b.SetBytes(int64(len(prog.Text)))
				for i := 0; i < b.N; i++ {
					m, err := ir.Parse("bench.mlir", prog.Text)
					if err != nil {
						b.Fatal(err)
					}
					if err := ir.Verify(m); err != nil {
						b.Fatal(err)
					}
					if err := ir.Print(io.Discard, m, ir.PrintOptions{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkAssignNames times the naming pass that comes before printing:
// on one large function it runs on one goroutine, ahead of the parallel
// print.
func BenchmarkAssignNames(b *testing.B) {
	m, err := ir.Parse("chain.mlir", workload.Chain(100000).Text)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		ir.AssignNames(m, 1)
	}
}
