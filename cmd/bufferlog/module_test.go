package main

import (
	"context"
	"errors"
	"testing"
	"time"

	"bufferlog/extract"
	"bufferlog/internal/workload"
	"bufferlog/ir"
	"bufferlog/solve"
)

// TestAnalyzeModuleStops: the module analysis, whose early phase runs
// ahead on other goroutines, returns the error of a part that exhausts
// the fact budget or of a context that ends, and stops every goroutine
// instead of waiting for parts nobody will analyze.
func TestAnalyzeModuleStops(t *testing.T) {
	prog, _, err := compileWithDecls(nil)
	if err != nil {
		t.Fatal(err)
	}
	text := workload.Module(3000, 100).Text
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		opt  solve.Options
		want error // nil: the analysis succeeds
	}{
		{"whole", context.Background(), solve.Options{}, nil},
		// MaxFacts bounds each evaluation, and a function's analysis is
		// several: 100 is below what any of them derives here.
		{"budget", context.Background(), solve.Options{MaxFacts: 100}, solve.ErrBudget},
		{"cancelled", cancelled, solve.Options{}, context.Canceled},
	} {
		m, err := ir.Parse("module.mlir", text)
		if err != nil {
			t.Fatal(err)
		}
		parts, _, err := extract.Functions(m, extract.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			_, err := solve.AnalyzeModule(tc.ctx, prog, parts, tc.opt, solve.OneShot(solve.BottomUp), 2)
			done <- err
		}()
		select {
		case err := <-done:
			switch {
			case tc.want == nil && err != nil:
				t.Errorf("%s: %v", tc.name, err)
			case tc.want != nil && !errors.Is(err, tc.want):
				t.Errorf("%s: got %v, want an error wrapping %v", tc.name, err, tc.want)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%s: the analysis did not return within a minute", tc.name)
		}
	}
}
