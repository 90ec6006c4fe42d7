package dtype

import (
	"math"
	"testing"
)

// TestGoInt reads Go integers of every width, refusing unsigned values
// past math.MaxInt64 and non-integers.
func TestGoInt(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want int64
		ok   bool
	}{
		{int(-3), -3, true}, {int8(-128), -128, true}, {int16(7), 7, true}, {int32(-9), -9, true},
		{int64(math.MinInt64), math.MinInt64, true}, {uint8(255), 255, true}, {uint16(1), 1, true},
		{uint32(math.MaxUint32), math.MaxUint32, true}, {uint(5), 5, true},
		{uint64(math.MaxInt64), math.MaxInt64, true}, {uint64(math.MaxInt64 + 1), math.MinInt64, false},
		{uint(math.MaxUint64), -1, false}, {1.0, 0, false}, {"1", 0, false}, {nil, 0, false},
	} {
		if got, ok := GoInt(tc.v); ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("GoInt(%T %v) = %d %v, want %d %v", tc.v, tc.v, got, ok, tc.want, tc.ok)
		}
	}
}
