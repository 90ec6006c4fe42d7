package structured

import (
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

// NumElements is the product of the dimensions, or Unknown if any is.
func (s Shape) NumElements() int {
	n := 1
	for _, d := range s {
		if d == Unknown {
			return Unknown
		}
		n *= d
	}
	return n
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
