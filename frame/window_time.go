package frame

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/internal/temporal"
)

// winDuration is the length or offset of a time window: a Polars
// duration string ("7d", "1mo", "3d12h", "-1h"; see ExprDt.Truncate), or
// "Ni" (N index counts) over an integer column.
type winDuration struct {
	ev    temporal.Every
	idx   int64 // "Ni"
	isIdx bool
	text  string
}

// parseWinDuration reads a window duration.
func parseWinDuration(s string) (winDuration, error) {
	if body, ok := strings.CutSuffix(s, "i"); ok && body != "" {
		n, err := strconv.ParseInt(body, 10, 64)
		if err == nil {
			return winDuration{idx: n, isIdx: true, text: s}, nil
		}
	}
	ev, err := temporal.ParseEvery(s)
	if err != nil {
		return winDuration{}, fmt.Errorf("%w: %v (or \"Ni\", N index counts, over an integer column)", ErrArgument, err)
	}
	return winDuration{ev: ev, text: s}, nil
}

// positive reports a duration greater than zero.
func (w winDuration) positive() bool {
	if w.isIdx {
		return w.idx > 0
	}
	e := w.ev
	return !e.Zero() && e.Months >= 0 && e.Weeks >= 0 && e.Days >= 0 && e.Ns >= 0
}

// negate is the duration backwards.
func (w winDuration) negate() winDuration {
	w.idx = -w.idx
	w.ev.Months, w.ev.Weeks, w.ev.Days, w.ev.Ns = -w.ev.Months, -w.ev.Weeks, -w.ev.Days, -w.ev.Ns
	if strings.HasPrefix(w.text, "-") {
		w.text = w.text[1:]
	} else {
		w.text = "-" + w.text
	}
	return w
}

// equal reports the same duration.
func (w winDuration) equal(o winDuration) bool {
	return w.isIdx == o.isIdx && w.idx == o.idx && w.ev.Months == o.ev.Months && w.ev.Weeks == o.ev.Weeks && w.ev.Days == o.ev.Days && w.ev.Ns == o.ev.Ns
}

// winAxis is a column windows are laid on: a date or timestamp column
// (its ticks, moved by durations on its wall clock), or an integer column
// (moved by "Ni" durations).
type winAxis struct {
	name string
	t    []int64
	d    *dtIn // nil for an integer column
}

// winAxisOf checks that v (loaded) can hold windows and reads it.
func winAxisOf(name string, v *exprVec) (*winAxis, error) {
	if v.t != exprIntT {
		return nil, fmt.Errorf("%w: %s is %s: windows need a date, a timestamp or an integer column", ErrType, name, v.typeName())
	}
	a := &winAxis{name: name, t: v.ints}
	if exprIsTemporal(v.dt) {
		d, err := dtInOf(name, v, dtype.ClassDate, dtype.ClassTimestamp)
		if err != nil {
			return nil, err
		}
		a.d = d
	}
	return a, nil
}

// check refuses a duration of the wrong kind for the axis.
func (a *winAxis) check(w winDuration) error {
	if a.d == nil && !w.isIdx {
		return fmt.Errorf("%w: %s is an integer column: windows over it take \"Ni\" durations, not %q", ErrArgument, a.name, w.text)
	}
	if a.d != nil && w.isIdx {
		return fmt.Errorf("%w: %q counts indexes, for an integer column; %s is %s", ErrArgument, w.text, a.name, exprArrowName(a.d.dt))
	}
	return nil
}

// step is the fixed number of ticks the duration moves by, when it
// moves every tick alike (no months, and no days in a zone).
func (a *winAxis) step(w winDuration) (int64, bool) {
	if w.isIdx {
		return w.idx, true
	}
	if w.ev.Months != 0 || (a.d.zone != nil && (w.ev.Days != 0 || w.ev.Weeks != 0)) {
		return 0, false
	}
	ns, _ := w.ev.Fixed()
	if ns%a.d.unitNs != 0 {
		return 0, false
	}
	return ns / a.d.unitNs, true
}

// shift moves tick t by n times w on the column's wall clock (months
// clamped to the month's last day, as OffsetBy).
func (a *winAxis) shift(t int64, w winDuration, n int64) (int64, error) {
	if w.isIdx {
		return t + n*w.idx, nil
	}
	d := a.d
	off := d.offset(t)
	if lim := int64(1<<63-1) / d.unitNs; t+off > lim || t+off < -lim {
		return 0, fmt.Errorf("%w: %s: %s is out of the nanosecond range", ErrArgument, a.name, exprDtShow(d, t))
	}
	l := (t + off) * d.unitNs
	lt, _ := temporal.FloorDiv(w.ev.Add(l, n), d.unitNs)
	res, ok := d.fromLocal(lt, off)
	if !ok {
		return 0, fmt.Errorf("%w: %s: %s moved by %s is a local time that does not exist in %s", ErrArgument, a.name, exprDtShow(d, t), w.text, d.tz)
	}
	return res, nil
}

// truncate is the start of the window of w that holds t (see
// ExprDt.Truncate; "Ni" windows start at multiples of N).
func (a *winAxis) truncate(t int64, w winDuration) (int64, error) {
	if w.isIdx {
		q, _ := temporal.FloorDiv(t, w.idx)
		return q * w.idx, nil
	}
	d := a.d
	off := d.offset(t)
	l := (t + off) * d.unitNs
	lt, _ := temporal.FloorDiv(w.ev.Truncate(l), d.unitNs)
	res, ok := d.fromLocal(lt, off)
	if !ok {
		return 0, fmt.Errorf("%w: %s: the window start of %s is a local time that does not exist in %s", ErrArgument, a.name, exprDtShow(d, t), d.tz)
	}
	return res, nil
}

// show renders tick t for a message.
func (a *winAxis) show(t int64) string {
	if a.d == nil {
		return strconv.FormatInt(t, 10)
	}
	return exprDtShow(a.d, t)
}

// checkSorted refuses nulls and values that go down inside a part of p
// (positions of the gathered column; rows named by p's order).
func (a *winAxis) checkSorted(v *exprVec, p *winParts) error {
	row := func(i int) int {
		if p.order == nil {
			return i
		}
		return p.order[i]
	}
	for k := range p.parts() {
		s, e := p.part(k)
		for i := s; i < e; i++ {
			if v.isNull(i) {
				return fmt.Errorf("%w: %s has a null at row %d: a window column may not hold nulls", ErrArgument, a.name, row(i))
			}
			if i > s && a.t[i] < a.t[i-1] {
				return fmt.Errorf("%w: %s is not sorted: row %d (%s) comes after %s; sort by it first (in each group with Over or a group key)", ErrArgument, a.name, row(i), a.show(a.t[i]), a.show(a.t[i-1]))
			}
		}
	}
	return nil
}

// lookBack gives, for each position of each part (sorted), the frame of
// the rows whose time falls in the window (t+offset, t+offset+period]
// of its own time t, with the ends closed as closed says; an offset of
// -period (the default) is the window (t-period, t] ending at t itself.
// Rows of equal time share their frame.
func (a *winAxis) lookBack(p *winParts, period, offset winDuration, closed Closed) (*winBounds, error) {
	n := len(a.t)
	b := &winBounds{lo: make([]int, n), hi: make([]int, n)}
	ts := a.t
	loOpen := closed == ClosedRight || closed == ClosedNone
	hiOpen := closed == ClosedLeft || closed == ClosedNone
	endsAtT := offset.equal(period.negate())
	stepP, fixedP := a.step(period)
	stepO, fixedO := a.step(offset)
	for k := range p.parts() {
		s, e := p.part(k)
		j, h := s, s
		for i := s; i < e; i++ {
			t := ts[i]
			var lower, upper int64
			var err error
			switch {
			case fixedP && fixedO:
				lower = t + stepO
				upper = lower + stepP
			default:
				if lower, err = a.shift(t, offset, 1); err != nil {
					return nil, err
				}
				if endsAtT {
					upper = t
				} else if upper, err = a.shift(lower, period, 1); err != nil {
					return nil, err
				}
			}
			if endsAtT {
				upper = t
			}
			for j < e && (ts[j] < lower || (ts[j] == lower && loOpen)) {
				j++
			}
			for h < e && (ts[h] < upper || (ts[h] == upper && !hiOpen)) {
				h++
			}
			// the frame's ends never go back: a later row's window starts
			// at or after this one's
			b.lo[i], b.hi[i] = j, max(h, j)
		}
	}
	return b, nil
}
