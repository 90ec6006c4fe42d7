package structured

import (
	"math"
	"strconv"
	"strings"
)

// Slice selects a range of positions along one dimension, like Python's
// start:stop:step. It is a key element of [Tensor.Index]: a Slice keeps the
// dimension it indexes, where an int removes it.
//
// Step 0 means 1. A negative Start or Stop counts from the end of the
// dimension; a negative Step walks backwards. A missing Start or Stop
// (HasStart or HasStop false) takes Python's default: the whole dimension
// in the direction of Step. Out-of-range bounds are clamped, never an
// error. Build one with [Span], [From], [To] and [Slice.By], or parse
// Python's notation with [ParseSlice] or [S]:
//
//	structured.Span(1, -1).By(2) // 1:-1:2
//	structured.All.By(-1)        // ::-1, the dimension reversed
type Slice struct {
	Start, Stop, Step int
	HasStart, HasStop bool
}

// All is the full slice ":": the whole dimension. Indexing a rank-0 Tensor
// with All first applies the rest of the key to every field.
var All = Slice{}

// Span is the slice start:stop.
func Span(start, stop int) Slice {
	return Slice{Start: start, Stop: stop, HasStart: true, HasStop: true}
}

// From is the slice start: (to the end).
func From(start int) Slice { return Slice{Start: start, HasStart: true} }

// To is the slice :stop (from the beginning).
func To(stop int) Slice { return Slice{Stop: stop, HasStop: true} }

// By returns s with the given step: Span(0, 10).By(2) is 0:10:2. A step of
// 0 means 1.
func (s Slice) By(step int) Slice {
	s.Step = step
	return s
}

// ParseSlice parses Python's slice notation: "1:-1:2", "::2", "3:", ":"
// (spaces around the parts are allowed). It needs at least one colon, at
// most two, integers or nothing between them, and a step other than 0.
func ParseSlice(s string) (Slice, error) {
	const op = "ParseSlice"
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return Slice{}, errorf(op, ErrIndex, "", "%q is not a slice: want start:stop or start:stop:step", s)
	}
	var out Slice
	num := func(p, what string) (int, bool, error) {
		p = strings.TrimSpace(p)
		if p == "" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return 0, false, errorf(op, ErrIndex, "", "%q is not a slice: %s %q is not an integer", s, what, p)
		}
		return n, true, nil
	}
	var err error
	if out.Start, out.HasStart, err = num(parts[0], "start"); err != nil {
		return Slice{}, err
	}
	if out.Stop, out.HasStop, err = num(parts[1], "stop"); err != nil {
		return Slice{}, err
	}
	if len(parts) == 3 {
		step, has, err := num(parts[2], "step")
		if err != nil {
			return Slice{}, err
		}
		if has && step == 0 {
			return Slice{}, errorf(op, ErrIndex, "", "%q is not a slice: the step cannot be zero", s)
		}
		out.Step = step
	}
	return out, nil
}

// S is [ParseSlice] for literals known to be valid, as in examples and
// tests: people.Index(structured.S(":"), "names", structured.S("::2")). It
// panics if s is not a slice, like regexp.MustCompile.
func S(s string) Slice {
	out, err := ParseSlice(s)
	if err != nil {
		panic(err)
	}
	return out
}

// String renders the slice in Python's notation: ":", "1:-1", "::2".
// ParseSlice(s.String()) == s.
func (s Slice) String() string {
	var b strings.Builder
	if s.HasStart {
		b.WriteString(strconv.Itoa(s.Start))
	}
	b.WriteByte(':')
	if s.HasStop {
		b.WriteString(strconv.Itoa(s.Stop))
	}
	if s.Step != 0 {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(s.Step))
	}
	return b.String()
}

// Indices resolves the slice against a dimension of size n, like Python's
// slice.indices: it returns the first position, the position where the
// walk stops (exclusive; -1 when a negative step runs past the start) and
// the step (never 0). The selected positions are start, start+step, ...
// up to but excluding stop; [Slice.Len] counts them.
func (s Slice) Indices(n int) (start, stop, step int) {
	step = s.step()
	lower, upper := 0, n
	if step < 0 {
		lower, upper = -1, n-1
	}
	clamp := func(i int) int {
		if i < 0 {
			i += n
			if i < lower {
				i = lower
			}
		} else if i > upper {
			i = upper
		}
		return i
	}
	switch {
	case s.HasStart:
		start = clamp(s.Start)
	case step < 0:
		start = upper
	default:
		start = lower
	}
	switch {
	case s.HasStop:
		stop = clamp(s.Stop)
	case step < 0:
		stop = lower
	default:
		stop = upper
	}
	return start, stop, step
}

// Len is the number of positions the slice selects in a dimension of size n.
func (s Slice) Len(n int) int {
	start, stop, step := s.Indices(n)
	switch {
	case step > 0 && start < stop:
		return (stop-start-1)/step + 1
	case step < 0 && stop < start:
		return (start-stop-1)/(-step) + 1
	}
	return 0
}

// step is the effective step: 0 means 1, and math.MinInt (whose negation
// overflows) behaves as -math.MaxInt, which selects the same positions.
func (s Slice) step() int {
	switch s.Step {
	case 0:
		return 1
	case math.MinInt:
		return -math.MaxInt
	}
	return s.Step
}

// isFull reports whether s selects a whole dimension in order (":" or
// "::1"), which lets indexing keep a dimension untouched.
func (s Slice) isFull() bool {
	return !s.HasStart && !s.HasStop && (s.Step == 0 || s.Step == 1)
}
