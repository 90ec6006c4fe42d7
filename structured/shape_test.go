package structured

import (
	"math"
	"testing"
)

// TestShapeNumElements checks that NumElements never wraps around: a
// product that does not fit an int is Unknown, like a ragged dimension.
func TestShapeNumElements(t *testing.T) {
	for _, c := range []struct {
		shape Shape
		want  int
	}{
		{Shape{}, 1},
		{Shape{3}, 3},
		{Shape{2, 3, 4}, 24},
		{Shape{0, 5}, 0},
		{Shape{2, Unknown}, Unknown},
		{Shape{0, Unknown}, Unknown},
		{Shape{-5, 2}, Unknown},
		{Shape{1 << 32, 1 << 32}, Unknown}, // 2^64 wrapped to 0
		{Shape{1 << 40, 1 << 40}, Unknown},
		{Shape{3, math.MaxInt/2 + 1}, Unknown}, // wraps to a positive count
		{Shape{math.MaxInt, 2, 0}, 0},          // zero wins over an overflow
		{Shape{math.MaxInt, 1}, math.MaxInt},
		{Shape{1 << 31, 1 << 31}, 1 << 62},
	} {
		if got := c.shape.NumElements(); got != c.want {
			t.Errorf("%v.NumElements() = %d, want %d", c.shape, got, c.want)
		}
	}
}
