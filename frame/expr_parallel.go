package frame

import (
	"runtime"
	"sync"
)

// exprParallelRows is the fewest rows for which the expressions of one
// SelectExprs or WithColumns are evaluated at once, one goroutine per
// expression up to GOMAXPROCS (as Polars runs a select's expressions in
// parallel): below it a goroutine costs more than it saves. Tests set it
// to 0 so that the race detector sees every expression run concurrently.
var exprParallelRows = 1 << 14

// exprsEach calls eval(i) for the n expressions of a frame of rows rows:
// concurrently when there are several and the frame is large, else in
// order, stopping at the first that sets its errs entry.
func exprsEach(n, rows int, eval func(i int), errs []error) {
	workers := min(n, runtime.GOMAXPROCS(0))
	if workers < 2 || rows < exprParallelRows {
		for i := 0; i < n; i++ {
			if eval(i); errs[i] != nil {
				return
			}
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				eval(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}
