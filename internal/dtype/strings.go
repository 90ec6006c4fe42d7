package dtype

import (
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
)

// offsetStrings is Strings for LayoutOffsets: one call per item, no
// Bytes accessor between (ok is false for other layouts).
func offsetStrings(a arrow.ArrayData) (at func(i int) string, ok bool) {
	if offs, data, ok := Offsets[int32](a); ok {
		return offsetString(offs, data), true
	}
	if offs, data, ok := Offsets[int64](a); ok {
		return offsetString(offs, data), true
	}
	return nil, false
}

// offsetString returns the accessor of the strings at offs in data.
func offsetString[O int32 | int64](offs []O, data []byte) func(i int) string {
	s := unsafe.String(unsafe.SliceData(data), len(data))
	return func(i int) string { return s[offs[i]:offs[i+1]] }
}
