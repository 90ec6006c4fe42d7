package frame

// number is the Go types of Arrow's fixed-width integer and float items.
type number interface {
	int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float32 | float64
}

// numConvert converts every number of vals to U, in a new slice (Go's
// conversion: integers widen or wrap, floats round).
func numConvert[U, T number](vals []T) []U {
	out := make([]U, len(vals))
	for i, x := range vals {
		out[i] = U(x)
	}
	return out
}
