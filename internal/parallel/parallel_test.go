package parallel

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestFor checks that For calls fn once on each index, whatever the
// numbers of indexes and workers, and that its calls overlap when it
// has several workers.
func TestFor(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 1000} {
		for _, workers := range []int{-1, 0, 1, 2, 3, 64} {
			calls := make([]atomic.Int32, n)
			For(n, workers, func(i int) { calls[i].Add(1) })
			for i := range calls {
				if c := calls[i].Load(); c != 1 {
					t.Fatalf("n=%d workers=%d: index %d called %d times", n, workers, i, c)
				}
			}
		}
	}
	// Two calls that each wait for the other finish at once only if they
	// run at once.
	var barrier sync.WaitGroup
	barrier.Add(2)
	For(2, 2, func(int) {
		barrier.Done()
		met := make(chan struct{})
		go func() { barrier.Wait(); close(met) }()
		select {
		case <-met:
		case <-time.After(5 * time.Second):
			t.Error("with two workers, the two calls did not run at once")
		}
	})
}
