package ipc

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured"
)

// WithValidate(false) makes the readers trust the input's layout, for
// data from a trusted source (files this program wrote). By default
// (WithValidate(true)) every batch's layout is checked in full before it
// is handed out, at every depth: buffers as long as their arrays need,
// offsets of strings, binaries and lists never decreasing and within
// their data, struct children as long as their parent, dictionary
// indices within their dictionary, bitmaps and null counts agreeing
// (structured.Tensor.Validate). A file that fails is an error naming the
// file, the column (its field path) and the record batch. The bytes of
// strings are not read (UTF-8 is not checked, as Go strings do not
// need it), so the check costs a pass over the offsets and dictionary
// indices, O(rows), never over the values. Without it a read costs
// O(buffers), and a corrupt offset surfaces later as a wrong value or an
// out-of-range panic wherever the column is read. Reading.
func WithValidate(on bool) Option { return func(c *config) { c.noValidate = !on } }

// checkRecord checks what the conversion to a Tensor relies on before it
// runs, in time independent of the row count: each column as long as the
// batch, and each array's buffers as long as its length needs
// (structured.CheckArrowLayout, children and dictionaries included). Offsets and indices are
// checked after the conversion, in full, by Tensor.Validate, which names
// the field. arrow-go's checks can panic on the very layouts they should
// report: the panic is recovered and is the error.
func checkRecord(rec arrow.RecordBatch) (err error) {
	col := -1
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("column %q: malformed layout: %v", rec.ColumnName(col), p)
		}
	}()
	for i, a := range rec.Columns() {
		col = i
		if a.Len() < int(rec.NumRows()) {
			return fmt.Errorf("column %q: %d values, the batch has %d rows", rec.ColumnName(i), a.Len(), rec.NumRows())
		}
		if err := structured.CheckArrowLayout(a); err != nil {
			return fmt.Errorf("column %q: %w", rec.ColumnName(i), err)
		}
	}
	return nil
}
