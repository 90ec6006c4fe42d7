package frame

import (
	"sync"

	"github.com/structframe/structframe/structured"
)

// sortRuns are the runs of equal first keys of a sort, in sorted order:
// run r is counts[r] rows whose first key is that of row reps[r].
type sortRuns struct {
	reps   []int
	counts []int32
}

// takeRuns is take(op, perm) for a sort whose first key is a column of
// the frame (first) and whose rows were bucketed by it: that column
// comes out as each run's value repeated, written in order, instead of
// gathered from random rows (with strings, a cache miss or two a row).
// The other columns are gathered meanwhile. It returns nil when the
// first key is not a vector column of the frame, or it cannot repeat it.
func (f *Frame) takeRuns(op string, perm []int, first structured.Value, runs *sortRuns) *Frame {
	d, isDense := first.(*structured.Dense)
	if !isDense || d.Rank() != 1 {
		return nil
	}
	fields := f.data.Fields()
	at := -1
	for i, fv := range fields {
		if fv.Value == first {
			at = i
			break
		}
	}
	if at < 0 {
		return nil
	}
	n := len(perm)
	var (
		col    structured.Value
		colErr error
		wg     sync.WaitGroup
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		reps, err := structured.TakeValue(first, runs.reps)
		if err != nil {
			colErr = err
			return
		}
		if out, ok, err := explRepeatVector(reps.(*structured.Dense), runs.counts, n); ok || err != nil {
			col, colErr = out, err
			return
		}
		col, colErr = structured.TakeValue(first, perm)
	}()
	others := append(append([]structured.FieldValue(nil), fields[:at]...), fields[at+1:]...)
	var rest []structured.FieldValue
	t, err := structured.FromFieldsShape(others, structured.Shape{n})
	if err == nil {
		if t, err = t.Take(perm); err == nil {
			rest = t.Fields()
		}
	}
	wg.Wait()
	if err != nil {
		return failed(wrap(op, err))
	}
	if colErr != nil {
		return failed(wrap(op, colErr))
	}
	out := append(append(append([]structured.FieldValue(nil), rest[:at]...), structured.FieldValue{Name: fields[at].Name, Value: col}), rest[at:]...)
	sorted, err := structured.FromFieldsShape(out, structured.Shape{n})
	if err != nil {
		return failed(wrap(op, err))
	}
	idx, err := f.idx.Take(perm)
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(sorted, idx)
}
