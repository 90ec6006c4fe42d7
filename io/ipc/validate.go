package ipc

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// WithValidate(true) makes the readers check every array of every batch
// in full before handing it out: offsets of strings, binaries and lists
// within their data, struct children lengths, dictionary indices within
// their dictionary, at every depth (arrow-go's ValidateFull, and
// structured.Tensor.Validate for the row partitions). This costs a pass
// over the offsets (O(rows)); without it a read costs O(buffers) and
// trusts the input as Arrow does, a corrupt offset surfacing later as an
// out-of-range panic. Use it for files from untrusted sources. Concerns
// reading.
func WithValidate(on bool) Option { return func(c *config) { c.validate = on } }

// validateRecord checks every column of rec in full. arrow-go's
// ValidateFull of a string array slices its data by an offset before
// checking it against the data's length, and panics on the very offsets
// it should report: that panic is recovered here and is the error.
func validateRecord(rec arrow.RecordBatch) (err error) {
	defer guard(&err, "validating")
	for i, col := range rec.Columns() {
		if col.Len() < int(rec.NumRows()) {
			return fmt.Errorf("column %q: %d values, the batch has %d rows", rec.ColumnName(i), col.Len(), rec.NumRows())
		}
		if err := validateArray(col, rec.ColumnName(i), 0); err != nil {
			return err
		}
	}
	return nil
}

// maxDepth bounds the nesting walked (arrow-go's reader accepts 64).
const maxDepth = 64

func validateArray(a arrow.Array, path string, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("%s: nested deeper than %d levels", path, maxDepth)
	}
	if d := a.Data(); a.DataType().ID() != arrow.NULL && d.NullN() != 0 && !isUnion(a.DataType()) {
		bufs := d.Buffers()
		if len(bufs) == 0 || bufs[0] == nil || bufs[0].Len()*8 < d.Offset()+d.Len() {
			return fmt.Errorf("%s: %d nulls counted but no validity bitmap for %d slots", path, d.NullN(), d.Len())
		}
	}
	if v, ok := a.(interface{ ValidateFull() error }); ok {
		if err := v.ValidateFull(); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	switch a := a.(type) {
	case *array.Struct:
		typ := a.DataType().(*arrow.StructType)
		for i := range a.NumField() {
			if err := validateArray(a.Field(i), path+"."+typ.Field(i).Name, depth+1); err != nil {
				return err
			}
		}
	case array.ListLike:
		return validateArray(a.ListValues(), path+"[]", depth+1)
	case *array.Dictionary:
		if _, err := array.NewValidatedDictionaryArray(a.DataType().(*arrow.DictionaryType), a.Indices(), a.Dictionary()); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		return validateArray(a.Dictionary(), path+"(dictionary)", depth+1)
	}
	return nil
}

func isUnion(t arrow.DataType) bool {
	id := t.ID()
	return id == arrow.SPARSE_UNION || id == arrow.DENSE_UNION
}
