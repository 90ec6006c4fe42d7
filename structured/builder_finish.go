package structured

import (
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured/internal/build"
)

// assemble converts col, a field of a structure of the given rank, number
// of rows (Unknown for rank 0) and row partitions, to a Value, keeping
// the column's buffers as they are (no copy). The field's own list levels
// add dimensions: for a rank-0 parent the first one gives the number of
// rows, the others (and all of them for a parent of rank >= 1) add row
// partitions after the parent's, shared by pointer. A leaf is dense when
// all of its partitions are uniform (no ragged dimension) with no null
// lists, and ragged otherwise; a structure gives a nested Tensor (a map,
// when the last list level is a map's).
func assemble(col build.Column, rank, nrows int, parts []*RowPartition) Value {
	isMap := false
	if col.Layout() == build.List {
		// Copy the parent's partitions once: siblings share them.
		own := parts[:len(parts):len(parts)]
		for col.Layout() == build.List {
			isMap = col.IsMap()
			p := listPartition(col)
			if rank == 0 {
				nrows = p.nvals
			} else {
				own = append(own, p)
			}
			rank++
			col = col.Child()
		}
		parts = own[:len(own):len(own)] // full: an append by anyone copies
	}
	if col.Layout() == build.Struct {
		t := assembleStruct(col, rank, nrows, parts)
		t.isMap = isMap
		return t
	}
	if !allUniform(parts) || !noNulls(parts) {
		return newRagged(col.Values(), parts)
	}
	shape := Shape{}
	if rank > 0 {
		shape = partsShape(nrows, parts)
	}
	return &Dense{leafOf(col.Values()), shape}
}

// assembleStruct builds the nested Tensor of a structure column.
func assembleStruct(col build.Column, rank, nrows int, parts []*RowPartition) *Tensor {
	t := &Tensor{rank: rank, nrows: nrows, parts: parts, valid: columnValidity(col)}
	if rank == 0 {
		t.nrows = Unknown
	}
	t.names = col.Names()
	t.fields = make([]Value, len(t.names))
	for i := range t.fields {
		t.fields[i] = assemble(col.Field(i), rank, nrows, parts)
	}
	return t
}

// listPartition returns the row partition of a list column: its offsets
// as int64 splits (kept, not copied) with its null lists, or a uniform
// partition for lists of fixed length (whose null lists hold
// placeholders).
func listPartition(col build.Column) *RowPartition {
	if fixed := col.Fixed(); fixed != Unknown {
		return mustUniform(fixed, col.Len()).withValidity(columnValidity(col))
	}
	return newSplitsPartition(col.Splits(), nil).withValidity(columnValidity(col))
}

// columnValidity wraps the validity bitmap of a list or structure column.
func columnValidity(col build.Column) validity {
	bits, nulls := col.Validity()
	if nulls == 0 {
		return validity{}
	}
	return validity{buf: memory.NewBufferBytes(bits), nulls: nulls}
}
