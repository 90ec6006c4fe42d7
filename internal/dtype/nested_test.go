package dtype

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// TestListLike: lists, their views and maps are list-like; structs and
// leaves are not.
func TestListLike(t *testing.T) {
	for _, tc := range []struct {
		dt   arrow.DataType
		want bool
	}{
		{arrow.ListOf(arrow.PrimitiveTypes.Int64), true},
		{arrow.LargeListOf(arrow.PrimitiveTypes.Int64), true},
		{arrow.FixedSizeListOf(3, arrow.PrimitiveTypes.Int64), true},
		{arrow.ListViewOf(arrow.PrimitiveTypes.Int64), true},
		{arrow.LargeListViewOf(arrow.PrimitiveTypes.Int64), true},
		{arrow.MapOf(arrow.BinaryTypes.String, arrow.PrimitiveTypes.Int64), true},
		{arrow.StructOf(arrow.Field{Name: "a", Type: arrow.PrimitiveTypes.Int64}), false},
		{arrow.BinaryTypes.String, false},
		{arrow.PrimitiveTypes.Int64, false},
	} {
		if got := Of(tc.dt).ListLike(); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.dt, got, tc.want)
		}
	}
}
