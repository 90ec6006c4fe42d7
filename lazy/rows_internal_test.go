package lazy

import (
	"reflect"
	"testing"

	"github.com/structframe/structframe/frame"
)

// sameRows reports whether two frames hold the same columns, types and
// values in every row (String shows only the first and last rows).
func sameRows(t *testing.T, a, b *frame.Frame) bool {
	t.Helper()
	ta, err := a.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	tb, err := b.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(a.Columns(), b.Columns()) && a.Schema().String() == b.Schema().String() &&
		reflect.DeepEqual(ta.ToValue(), tb.ToValue())
}
