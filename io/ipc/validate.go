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

// validateRecord checks every column of rec in full with arrow-go's
// array.ValidateFull, which walks children and dictionaries. Its check
// of a string array slices the data by an offset before comparing that
// offset with the data's length, and so panics on the very offsets it
// should report: that panic is recovered here and is the error.
func validateRecord(rec arrow.RecordBatch) (err error) {
	defer guard(&err, "validating")
	for i, col := range rec.Columns() {
		if col.Len() < int(rec.NumRows()) {
			return fmt.Errorf("column %q: %d values, the batch has %d rows", rec.ColumnName(i), col.Len(), rec.NumRows())
		}
		if err := array.ValidateFull(col); err != nil {
			return fmt.Errorf("column %q: %w", rec.ColumnName(i), err)
		}
	}
	return nil
}
