package extract_test

import (
	"fmt"
	"testing"

	"bufferlog/extract"
	"bufferlog/internal/workload"
	"bufferlog/ir"
)

// BenchmarkExtract measures Module on the generated workloads: one long
// function (chain) and a module of 100-op functions calling each other.
// Parsing is outside the timer. The target is under 0.5 s for 100k ops.
func BenchmarkExtract(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		for _, w := range []struct {
			name string
			prog workload.Program
		}{
			{"chain", workload.Chain(n)},
			{"module", workload.Module(n, 100)},
		} {
			m, err := ir.Parse(w.name+".mlir", w.prog.Text)
			if err != nil {
				b.Fatal(err)
			}
			for _, workers := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/%dk/workers=%d", w.name, n/1000, workers), func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if _, _, err := extract.Module(m, extract.Options{Workers: workers}); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
