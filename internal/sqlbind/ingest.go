package sqlbind

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
)

// Existing says what an ingest does when the table exists, in the words
// io/dataset's WithExisting uses for a directory. io/flightsql and
// io/adbc export it, and its constants, as their own Existing (a type
// alias), each mapping the mode onto its protocol: Flight SQL's table
// definition options, ADBC's ingest mode option.
type Existing uint8

const (
	// ErrorIfExists creates the table and fails if it exists (the
	// default; ADBC's ingest mode "create").
	ErrorIfExists Existing = iota
	// Overwrite replaces the table, dropping the one there (ADBC's
	// "replace").
	Overwrite
	// Append adds the rows to the table, creating it if it is missing
	// (ADBC's "create_append").
	Append
)

// String names the mode as its constant.
func (e Existing) String() string {
	switch e {
	case ErrorIfExists:
		return "ErrorIfExists"
	case Overwrite:
		return "Overwrite"
	case Append:
		return "Append"
	}
	return "Existing(" + strconv.Itoa(int(e)) + ")"
}

// IngestBatches is the record batches an ingest of f into table sends,
// the caller's to [Release]: f's rows in slices of batchRows rows sharing
// its buffers, a label index or MultiIndex as leading columns (as pandas'
// to_sql writes it; a range index is not written). An empty table name,
// or a frame that gives no batch, is an ErrParameter: a server would
// otherwise be asked for a table without a name or a schema.
func IngestBatches(table string, f *frame.Frame, batchRows int) ([]arrow.RecordBatch, error) {
	if table == "" {
		return nil, fmt.Errorf("%w: no table name", ErrParameter)
	}
	recs, err := FrameBatches(f, true, batchRows)
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%w: the frame gives no record batch", ErrParameter)
	}
	return recs, nil
}

// InsertSQL is the statement an ingest falls back on where bulk ingest
// is missing: INSERT INTO "table" ("col", ...) VALUES (?, ...), with the
// columns of schema and one "?" placeholder each, bound with the ingest's
// batches. The names are quoted as SQL identifiers (between double
// quotes, a double quote doubled), so any name is sent as it is.
func InsertSQL(table string, schema *arrow.Schema) string {
	fields := schema.Fields()
	cols := make([]string, len(fields))
	for i, f := range fields {
		cols[i] = quoteIdent(f.Name)
	}
	return "INSERT INTO " + quoteIdent(table) + " (" + strings.Join(cols, ", ") + ") VALUES (" +
		strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
}

// quoteIdent quotes a name as an SQL identifier: between double quotes,
// a double quote doubled.
func quoteIdent(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}
