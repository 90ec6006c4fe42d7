package frame

import (
	"errors"
	"fmt"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// Loc selects rows by label, as pandas' loc:
//
//	f.Loc("paris")                          // the rows labelled paris
//	f.Loc("paris", 2024)                    // a MultiIndex tuple prefix, outer first
//	f.Loc([]string{"paris", "rome"})        // several labels, rows in the list's order
//	f.Loc(index.Between("2024-01", "2024-03")) // lo through hi, both included
//
// One key per level, outer first: a prefix selects whole groups. Keys are
// Go scalars converted to the level's Arrow type (an int finds int32
// labels, a time.Time date32 or timestamp labels; nil finds null labels),
// lists ([]any or typed slices), or index.Between ranges (from the first
// lo to the last hi, inside each selected group for an inner level; the
// labels need not be sorted). A range index is labelled by positions.
// The result keeps the full index of its rows.
//
// Errors: a label absent from its level is an ErrIndex error naming it and
// the level, a key of the wrong type an ErrType error, more keys than
// levels an ErrArgument error.
func (f *Frame) Loc(keys ...any) *Frame {
	const op = "Loc"
	if f.Err() != nil {
		return f
	}
	rows, err := index.Locate(f.idx, keys...)
	if err != nil {
		return failed(locError(op, err))
	}
	return f.locRows(op, rows)
}

// locError maps the index package's errors to the frame's sentinels,
// keeping both for errors.Is.
func locError(op string, err error) error {
	kind := ErrArgument
	switch {
	case errors.Is(err, index.ErrNotFound):
		kind = ErrIndex
	case errors.Is(err, index.ErrKeyType):
		kind = ErrType
	}
	return errorf(op, fmt.Errorf("%w: %w", kind, err), "%v", err)
}

// locRows selects rows already in range: one ascending run shares every
// buffer (a Slice), anything else is a Take.
func (f *Frame) locRows(op string, rows []int) *Frame {
	if len(rows) > 0 && rows[len(rows)-1]-rows[0] == len(rows)-1 {
		run := true
		for i := 1; i < len(rows); i++ {
			if rows[i] != rows[i-1]+1 {
				run = false
				break
			}
		}
		if run {
			return f.Slice(rows[0], rows[0]+len(rows))
		}
	}
	return f.take(op, rows)
}

// ILoc selects rows by position, as pandas' iloc:
//
//	f.ILoc(0)                        // the first row; -1 the last
//	f.ILoc(2, 0, 2)                  // rows 2, 0, 2
//	f.ILoc(structured.S("::2"))      // every other row (start:stop:step)
//	f.ILoc([]int{3, 1})              // a list of positions
//	f.ILoc(mask)                     // a []bool of one entry per row
//
// Negative positions count from the end. A position out of range is an
// ErrIndex error naming it; a mask of the wrong length an ErrShape error;
// anything else an ErrArgument error. Label indexes follow their rows.
func (f *Frame) ILoc(rows ...any) *Frame {
	const op = "ILoc"
	if f.Err() != nil {
		return f
	}
	n := f.data.NumRows()
	if len(rows) == 1 {
		switch r := rows[0].(type) {
		case structured.Slice:
			start, stop, step := r.Indices(n)
			if step == 1 {
				return f.Slice(start, max(stop, start))
			}
			pos := make([]int, 0, r.Len(n))
			for i := start; step > 0 && i < stop || step < 0 && i > stop; i += step {
				pos = append(pos, i)
			}
			return f.take(op, pos)
		case []int:
			return f.Take(r)
		case []bool:
			if len(r) != n {
				return failed(errorf(op, ErrShape, "a mask of %d entries for %d rows", len(r), n))
			}
			pos := make([]int, 0, n)
			for i, keep := range r {
				if keep {
					pos = append(pos, i)
				}
			}
			return f.locRows(op, pos)
		}
	}
	if len(rows) == 0 {
		return failed(errorf(op, ErrArgument, "no position given"))
	}
	pos := make([]int, len(rows))
	for i, r := range rows {
		p, ok := atInt(r)
		if !ok {
			return failed(errorf(op, ErrArgument, "position %d is %v (%T): want an int, a structured.Slice, []int or []bool", i, r, r))
		}
		pos[i] = p
	}
	return f.Take(pos)
}
