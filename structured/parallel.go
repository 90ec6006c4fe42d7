package structured

import (
	"runtime"
	"sync/atomic"

	"github.com/structframe/structframe/internal/fault"
)

// parallelRows is the row count from which the fields of a Tensor are
// worked on every core (validated, gathered): below it a goroutine costs
// more than it saves.
const parallelRows = 1 << 14

// eachField runs fn(i) for i in [0, n): on up to GOMAXPROCS goroutines
// when there are several fields of at least parallelRows rows, else in
// order on the caller's. The error is the first field's in order, as one
// goroutine would find it; a panic in fn is an error of fault.Group.
func eachField(n, nrows int, fn func(i int) error) error {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 || nrows < parallelRows {
		for i := range n {
			if err := fn(i); err != nil {
				return err
			}
		}
		return nil
	}
	errs := make([]error, n)
	var (
		g    fault.Group
		next atomic.Int64
	)
	for range workers {
		g.Go(func() error {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return nil
				}
				errs[i] = fn(i)
			}
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
