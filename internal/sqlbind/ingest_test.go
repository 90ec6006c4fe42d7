package sqlbind

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
)

// TestIngestBatches: a frame to ingest is its rows in slices of the batch
// size, a label index as a leading column, a range index not at all; no
// table name, or a nil frame, is an ErrParameter.
func TestIngestBatches(t *testing.T) {
	plain := frame.FromColumns([]string{"city", "pop"}, []string{"Oslo", "Rome", "Lima"}, []int64{709, 2873, 10151})
	tests := []struct {
		name  string
		table string
		f     *frame.Frame
		sizes []int64
		cols  []string
		err   string // in the message of an ErrParameter
	}{
		{"range index not written", "cities", plain, []int64{2, 1}, []string{"city", "pop"}, ""},
		{"label index written first", "cities", plain.SetIndex("pop"), []int64{2, 1}, []string{"pop", "city"}, ""},
		{"no table name", "", plain, nil, nil, "no table name"},
		{"nil frame", "cities", nil, nil, nil, "nil *frame.Frame"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, err := IngestBatches(tt.table, tt.f, 2)
			checkBatches(t, recs, err, tt.sizes, tt.cols, tt.err)
		})
	}
}

// TestInsertSQL: the fallback INSERT names the table and every column
// quoted, with one placeholder per column.
func TestInsertSQL(t *testing.T) {
	field := func(name string) arrow.Field { return arrow.Field{Name: name, Type: arrow.PrimitiveTypes.Int64} }
	tests := []struct {
		table string
		cols  []string
		want  string
	}{
		{"scores", []string{"name"}, `INSERT INTO "scores" ("name") VALUES (?)`},
		{"scores", []string{"name", "score", "at"}, `INSERT INTO "scores" ("name", "score", "at") VALUES (?, ?, ?)`},
		{`my "t"`, []string{`a"b`, "select"}, `INSERT INTO "my ""t""" ("a""b", "select") VALUES (?, ?)`},
	}
	for _, tt := range tests {
		var fields []arrow.Field
		for _, c := range tt.cols {
			fields = append(fields, field(c))
		}
		if got := InsertSQL(tt.table, arrow.NewSchema(fields, nil)); got != tt.want {
			t.Errorf("%s\nwant %s", got, tt.want)
		}
	}
}

// TestExistingString: each mode prints as its constant, another value
// as its number.
func TestExistingString(t *testing.T) {
	for _, tt := range []struct {
		e    Existing
		want string
	}{
		{ErrorIfExists, "ErrorIfExists"},
		{Overwrite, "Overwrite"},
		{Append, "Append"},
		{Existing(7), "Existing(7)"},
	} {
		if got := tt.e.String(); got != tt.want {
			t.Errorf("%d: %q, want %q", uint8(tt.e), got, tt.want)
		}
	}
	if ErrorIfExists != 0 {
		t.Error("ErrorIfExists is not the zero value, the default of an unset option")
	}
}
