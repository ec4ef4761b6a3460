// Package parallel runs the iterations of a loop on several goroutines:
// the one helper that the parallel parts of the parser, the extraction,
// the evaluation and the annotation share.
package parallel

import (
	"sync"
	"sync/atomic"
)

// For calls fn on 0 to n-1, on up to workers goroutines, the calling one
// among them, each taking the next index as soon as it is free, and
// returns once every call has. The calls run in no set order, so fn must
// make them independent. With workers at most 1 it is a plain loop; and
// since the caller works too, a loop of one index starts no goroutine.
func For(n, workers int, fn func(i int)) {
	var next atomic.Int64
	work := func() {
		for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
			fn(i)
		}
	}
	var wg sync.WaitGroup
	for range min(workers, n) - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
}
