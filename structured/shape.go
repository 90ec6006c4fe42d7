package structured

import (
	"math"
	"strconv"
	"strings"
)

// Unknown marks a dimension whose size is not fixed: a ragged dimension.
const Unknown = -1

// Shape lists the sizes of a value's dimensions, outermost first. A ragged
// dimension is [Unknown]. A scalar has an empty Shape.
type Shape []int

// Rank is the number of dimensions.
func (s Shape) Rank() int { return len(s) }

// IsFullyKnown reports whether every dimension has a fixed size.
func (s Shape) IsFullyKnown() bool {
	for _, d := range s {
		if d == Unknown {
			return false
		}
	}
	return true
}

// NumElements is the product of the dimensions (1 for a scalar). It is
// Unknown when that is not a number of items: when a dimension is Unknown
// (or otherwise negative), or when the product does not fit an int, so
// that a hostile shape never wraps around to a small count. A zero
// dimension makes the product 0 whatever the others.
func (s Shape) NumElements() int {
	zero := false
	for _, d := range s {
		if d < 0 {
			return Unknown
		}
		zero = zero || d == 0
	}
	if zero {
		return 0
	}
	n := 1
	for _, d := range s {
		if n > math.MaxInt/d {
			return Unknown
		}
		n *= d
	}
	return n
}

// checkDims checks that every dimension of s is >= 0 (or Unknown, if
// unknownOK) and that the product of the known ones fits an int, so that
// hostile shapes give an error naming the dimension rather than a wrapped
// size or a failed allocation.
func checkDims(op, what string, s Shape, unknownOK bool) error {
	n := 1
	for i, d := range s {
		if d == Unknown && unknownOK {
			continue
		}
		if d < 0 {
			return errorf(op, ErrShape, "", "dimension %d of %s %v is %d: dimensions must be >= 0", i, what, s, d)
		}
		if d != 0 && n > math.MaxInt/d {
			return errorf(op, ErrShape, "", "%s %v: the product of its dimensions overflows an int at dimension %d", what, s, i)
		}
		n *= d
	}
	return nil
}

// Equal reports whether both shapes have the same dimensions.
func (s Shape) Equal(o Shape) bool {
	if len(s) != len(o) {
		return false
	}
	for i := range s {
		if s[i] != o[i] {
			return false
		}
	}
	return true
}

// String renders the shape as "[3, var]", with var for ragged dimensions.
func (s Shape) String() string {
	var b strings.Builder
	b.WriteByte('[')
	for i, d := range s {
		if i > 0 {
			b.WriteString(", ")
		}
		if d == Unknown {
			b.WriteString("var")
		} else {
			b.WriteString(strconv.Itoa(d))
		}
	}
	b.WriteByte(']')
	return b.String()
}
