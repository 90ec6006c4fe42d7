package dtype

import "github.com/apache/arrow-go/v18/arrow"

// ListLike reports whether each item of the type is a list of the items
// of its one child: list, large list, fixed-size list, their views, and
// map (a list of key-value structures). A struct is nested but not
// list-like. Parquet gives such types the repeated levels of a column's
// path.
func (f Facts) ListLike() bool {
	switch f.ID {
	case arrow.LIST, arrow.LARGE_LIST, arrow.FIXED_SIZE_LIST, arrow.LIST_VIEW, arrow.LARGE_LIST_VIEW, arrow.MAP:
		return true
	}
	return false
}
