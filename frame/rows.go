package frame

import (
	"slices"

	"github.com/structframe/structframe/structured"
)

// Head returns the first n rows (all of them if there are fewer; n < 0
// means all rows but the last -n, as in Polars).
func (f *Frame) Head(n int) *Frame {
	if f.Err() != nil {
		return f
	}
	rows := f.data.NumRows()
	if n < 0 {
		n = max(rows+n, 0)
	}
	return f.Slice(0, min(n, rows))
}

// Tail returns the last n rows (all of them if there are fewer; n < 0
// means all rows but the first -n).
func (f *Frame) Tail(n int) *Frame {
	if f.Err() != nil {
		return f
	}
	rows := f.data.NumRows()
	if n < 0 {
		n = max(rows+n, 0)
	}
	n = min(n, rows)
	return f.Slice(rows-n, rows)
}

// Slice returns rows [start, stop), sharing every buffer (O(1) whatever
// the number of rows). Bounds outside [0, rows] or stop < start are an
// ErrIndex error.
func (f *Frame) Slice(start, stop int) *Frame {
	const op = "Slice"
	if f.Err() != nil {
		return f
	}
	rows := f.data.NumRows()
	if start < 0 || stop < start || stop > rows {
		return failed(errorf(op, ErrIndex, "rows [%d:%d] out of range for %d rows", start, stop, rows))
	}
	t, err := f.data.Slice(0, structured.Span(start, stop))
	if err != nil {
		return failed(wrap(op, err))
	}
	idx, err := f.idx.Slice(start, stop)
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, idx)
}

// Take returns the rows at the given positions, in that order; repeats
// are allowed and a negative position counts from the end. Label indexes
// follow their rows; a range index counts 0..len(rows)-1 again.
func (f *Frame) Take(rows []int) *Frame {
	const op = "Take"
	if f.Err() != nil {
		return f
	}
	n := f.data.NumRows()
	norm := make([]int, len(rows))
	for i, r := range rows {
		if r < 0 {
			r += n
		}
		if r < 0 || r >= n {
			return failed(errorf(op, ErrIndex, "rows[%d]=%d is out of range for %d rows", i, rows[i], n))
		}
		norm[i] = r
	}
	return f.take(op, norm)
}

// take selects rows already checked to be in range (or NullRow, which
// gives a null row: every column null), with the index.
func (f *Frame) take(op string, rows []int) *Frame {
	var (
		t   *structured.Tensor
		err error
	)
	if slices.Contains(rows, structured.NullRow) {
		fields := f.data.Fields()
		for i := range fields {
			if fields[i].Value, err = structured.TakeValueNullable(fields[i].Value, rows); err != nil {
				return failed(wrap(op, err))
			}
		}
		t, err = structured.FromFieldsShape(fields, structured.Shape{len(rows)})
	} else {
		t, err = f.data.Take(rows)
	}
	if err != nil {
		return failed(wrap(op, err))
	}
	idx, err := f.idx.Take(rows)
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, idx)
}
