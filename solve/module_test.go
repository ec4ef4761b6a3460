package solve_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/internal/workload"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/solve"
)

// TestAnalyzePartsFetch checks how AnalyzeParts fetches the parts of a
// module of functions that each call the one before, so that the parts
// from 3 on (@f0, @f1, ...) are analyzed in module order, one at a time:
// each part at most once, and when part k fails, the error is the part's
// and at most EarlyLead parts after it have been fetched (one of them once
// k's analysis ended): parts are fetched a few ahead of their analysis,
// not all at once.
func TestAnalyzePartsFetch(t *testing.T) {
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ir.Parse("module.mlir", workload.Module(3000, 100).Text)
	if err != nil {
		t.Fatal(err)
	}
	funcs, calls := extract.Split(m, extract.Options{}).CallGraph()
	failure := errors.New("part failed")
	for _, k := range []int{-1, 3, 20} { // -1: none fails
		for _, workers := range []int{1, 2} {
			s := extract.Split(m, extract.Options{})
			var mu sync.Mutex
			fetched := map[int]int{}
			part := func(i int) (*facts.DB, error) {
				mu.Lock()
				fetched[i]++
				mu.Unlock()
				if i == k {
					return nil, failure
				}
				return s.Extract(i)
			}
			_, err := solve.AnalyzeParts(context.Background(), prog, solve.ModuleParts{Funcs: funcs, Calls: calls, Part: part}, solve.Options{}, solve.OneShot(solve.BottomUp), workers)
			switch {
			case k < 0 && err != nil:
				t.Errorf("%d workers: %v", workers, err)
			case k >= 0 && !errors.Is(err, failure):
				t.Errorf("part %d fails, %d workers: error %v, want %v", k, workers, err, failure)
			}
			want := len(funcs)
			if k >= 0 {
				want = k + 1 + solve.EarlyLead
			}
			for i, n := range fetched {
				if n > 1 || i >= want {
					t.Errorf("part %d fails, %d workers: part %d fetched %d times (%d parts fetched, at most %d expected)", k, workers, i, n, len(fetched), want)
				}
			}
			if k < 0 && len(fetched) != len(funcs) {
				t.Errorf("%d workers: %d parts of %d fetched", workers, len(fetched), len(funcs))
			}
		}
	}
}
