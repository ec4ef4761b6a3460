package main

import (
	"context"
	"slices"
	"testing"
	"time"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/internal/workload"
	"bufferlog/ir"
	"bufferlog/solve"
)

// BenchmarkQueryPerFunction measures what query's -j changes: extracting
// and evaluating every function-local built-in predicate on a generated
// module of 100k ops in 100 functions, as one module (-j 1) and per
// function on one and two goroutines (-j 2). Parsing is outside the timer;
// eval-ms is the evaluation alone. Run it with
// go test ./cmd/bufferlog -run '^$' -bench QueryPerFunction.
func BenchmarkQueryPerFunction(b *testing.B) {
	rs := analysisRules(b)
	prog := rs.prog
	preds := rs.decls()
	// The predicates query evaluates per function: derived, function-local
	// and not read after the in-place decisions (those run the analysis).
	var local []string
	for _, p := range preds {
		restricted := prog.Restrict(p.Name)
		if _, ok := facts.Lookup(p.Name); !ok && restricted.FunctionLocal(preds) && !slices.ContainsFunc(driver.DriverPredicates(), restricted.Needs) {
			local = append(local, p.Name)
		}
	}
	prog = prog.Restrict(local...)
	if !prog.FunctionLocal(preds) {
		b.Fatal("the function-local predicates together are not")
	}
	m, err := ir.Parse("module.mlir", workload.Module(100_000, 1000).Text)
	if err != nil {
		b.Fatal(err)
	}
	opts := extract.Options{Workers: 2}
	for _, bench := range []struct {
		name string
		run  func() (time.Duration, error)
	}{
		{"whole", func() (time.Duration, error) {
			db, _, err := extract.Module(m, opts)
			if err != nil {
				return 0, err
			}
			start := time.Now()
			_, err = prog.Eval(context.Background(), db, solve.Options{})
			return time.Since(start), err
		}},
		{"parts/j=1", func() (time.Duration, error) { return evalParts(m, opts, prog, 1) }},
		{"parts/j=2", func() (time.Duration, error) { return evalParts(m, opts, prog, 2) }},
	} {
		b.Run(bench.name, func(b *testing.B) {
			var eval time.Duration
			for b.Loop() {
				d, err := bench.run()
				if err != nil {
					b.Fatal(err)
				}
				eval += d
			}
			b.ReportMetric(float64(eval.Milliseconds())/float64(b.N), "eval-ms")
		})
	}
}

// evalParts extracts m per function and evaluates prog on the parts with
// workers goroutines, returning the time of the evaluation.
func evalParts(m *ir.Module, opts extract.Options, prog *solve.Program, workers int) (time.Duration, error) {
	parts, _, err := extract.Functions(m, opts)
	if err != nil {
		return 0, err
	}
	start := time.Now()
	_, err = prog.EvalParts(context.Background(), parts, solve.Options{}, workers)
	return time.Since(start), err
}
