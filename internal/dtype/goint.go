package dtype

import "math"

// GoInt returns v, a Go integer of any width and signedness, as an
// int64: the one reading of integer constants (filter literals, row-group
// bounds) every package shares. ok is false for other values, and for an
// unsigned value above math.MaxInt64, which no int64 holds.
func GoInt(v any) (i int64, ok bool) {
	switch x := v.(type) {
	case int:
		return int64(x), true
	case int8:
		return int64(x), true
	case int16:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	case uint8:
		return int64(x), true
	case uint16:
		return int64(x), true
	case uint32:
		return int64(x), true
	case uint:
		return int64(x), uint64(x) <= math.MaxInt64
	case uint64:
		return int64(x), x <= math.MaxInt64
	}
	return 0, false
}
