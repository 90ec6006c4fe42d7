package frame

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// buildArray appends vals to b, null where valid is false (valid nil: no
// null), releases b and returns the array it built: the one way a typed Go
// slice becomes an Arrow array through a builder.
func buildArray[T any](b interface {
	array.Builder
	AppendValues([]T, []bool)
}, vals []T, valid []bool) arrow.Array {
	defer b.Release()
	b.AppendValues(vals, valid)
	return b.NewArray()
}
