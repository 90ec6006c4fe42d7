package sqlresult

import (
	"errors"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
)

// tallBatch is a batch that claims more rows than its columns hold, as a
// broken server's message can.
type tallBatch struct {
	arrow.RecordBatch
	rows int64
}

func (b tallBatch) NumRows() int64 { return b.rows }

// batchOf is a batch of the one column col named name; the caller
// releases it.
func batchOf(name string, col arrow.Array) arrow.RecordBatch {
	defer col.Release()
	schema := arrow.NewSchema([]arrow.Field{{Name: name, Type: col.DataType(), Nullable: true}}, nil)
	return array.NewRecordBatch(schema, []arrow.Array{col}, int64(col.Len()))
}

// ints is an int64 array of values.
func ints(values ...int64) arrow.Array {
	b := array.NewInt64Builder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(values, nil)
	return b.NewArray()
}

// TestToFrame: a sound batch is a Frame of its rows either way; a
// malformed one is an error naming the column when validated, and is
// trusted when not (what it would break is later, where it is read).
func TestToFrame(t *testing.T) {
	good := batchOf("x", ints(1, 2, 3))
	defer good.Release()
	// A list of four with the offsets of one.
	short := batchOf("x", array.MakeFromData(array.NewData(arrow.ListOf(arrow.PrimitiveTypes.Int64), 4,
		[]*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes([]int32{0, 1}))},
		[]arrow.ArrayData{ints(1).Data()}, 0, 0)))
	defer short.Release()
	// A list whose offsets go back: 0, 2, 1.
	back := batchOf("l", array.MakeFromData(array.NewData(arrow.ListOf(arrow.PrimitiveTypes.Int64), 2,
		[]*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes([]int32{0, 2, 1}))},
		[]arrow.ArrayData{ints(1, 2).Data()}, 0, 0)))
	defer back.Release()
	tests := []struct {
		name    string
		rec     arrow.RecordBatch
		rows    int    // of the Frame, when there is one
		err     string // validated: in the error's message; "": none
		trusted bool   // not validated: a Frame is made all the same
	}{
		{"sound", good, 3, "", true},
		{"column shorter than the batch", tallBatch{good, 5}, 0, `column "x": 3 values, the batch has 5 rows`, false},
		{"buffer shorter than the column", short, 0, `column "x"`, false},
		{"offsets going back", back, 2, "row ends before it starts", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := ToFrame(tt.rec, true)
			switch {
			case tt.err == "" && err != nil:
				t.Fatalf("validated: %v", err)
			case tt.err == "" && f.NumRows() != tt.rows:
				t.Errorf("validated: %d rows, want %d", f.NumRows(), tt.rows)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("validated: %v, want an error holding %q", err, tt.err)
			}
			if !tt.trusted {
				return
			}
			f, err = ToFrame(tt.rec, false)
			if err != nil {
				t.Fatalf("not validated: %v", err)
			}
			if f.NumRows() != tt.rows {
				t.Errorf("not validated: %d rows, want %d", f.NumRows(), tt.rows)
			}
		})
	}
}

// TestEmptyFrame: a schema is the Frame of its columns over no rows; no
// schema, no columns; a type a Frame cannot hold, an error.
func TestEmptyFrame(t *testing.T) {
	union := arrow.SparseUnionOf([]arrow.Field{{Name: "i", Type: arrow.PrimitiveTypes.Int64}}, []arrow.UnionTypeCode{0})
	tests := []struct {
		name   string
		schema *arrow.Schema
		want   string // the Frame's schema; "": an error
	}{
		{"none", nil, "0 * {}"},
		{"flat and nested", arrow.NewSchema([]arrow.Field{
			{Name: "id", Type: arrow.PrimitiveTypes.Int64},
			{Name: "tags", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
		}, nil), "0 * {id: int64, tags: var * string}"},
		{"union", arrow.NewSchema([]arrow.Field{{Name: "u", Type: union}}, nil), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := EmptyFrame(tt.schema)
			if tt.want == "" {
				if err == nil {
					t.Errorf("a Frame of %s, want an error", f.Schema())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Schema().String(); got != tt.want {
				t.Errorf("schema %s, want %s", got, tt.want)
			}
		})
	}
}

// fakeReader gives the frames fs, then err; Close returns closeErr.
type fakeReader struct {
	fs       []*frame.Frame
	i        int
	err      error
	schema   *arrow.Schema
	closeErr error
	closed   int
}

func (r *fakeReader) Next() bool {
	if r.closed > 0 || r.i >= len(r.fs) {
		return false
	}
	r.i++
	return true
}
func (r *fakeReader) Frame() *frame.Frame { return r.fs[r.i-1] }
func (r *fakeReader) Err() error {
	if r.i >= len(r.fs) {
		return r.err
	}
	return nil
}
func (r *fakeReader) ArrowSchema() *arrow.Schema { return r.schema }
func (r *fakeReader) Close() error               { r.closed++; return r.closeErr }

// TestCollect: the batches are one Frame, no batch the schema's columns;
// the reader's errors come back as they are, the conversion's through
// wrap; the reader is closed in every case, and its Close's error fails
// the call.
func TestCollect(t *testing.T) {
	one := frame.FromColumns([]string{"x"}, []int64{1, 2})
	two := frame.FromColumns([]string{"x"}, []int64{3})
	other := frame.FromColumns([]string{"x"}, [][]string{{"a"}})
	xs := arrow.NewSchema([]arrow.Field{{Name: "x", Type: arrow.PrimitiveTypes.Int64}}, nil)
	union := arrow.NewSchema([]arrow.Field{{Name: "u", Type: arrow.SparseUnionOf(
		[]arrow.Field{{Name: "i", Type: arrow.PrimitiveTypes.Int64}}, []arrow.UnionTypeCode{0})}}, nil)
	readErr, closeErr := errors.New("stream broke"), errors.New("close failed")
	wrapped := errors.New("wrapped")
	tests := []struct {
		name   string
		r      *fakeReader
		schema string // of the result; "": an error
		is     error  // the error, for errors.Is
	}{
		{"batches joined", &fakeReader{fs: []*frame.Frame{one, two}, schema: xs}, "3 * {x: int64}", nil},
		{"no batch keeps the columns", &fakeReader{schema: xs}, "0 * {x: int64}", nil},
		{"no batch nor schema", &fakeReader{}, "0 * {}", nil},
		{"the reader's error as it is", &fakeReader{fs: []*frame.Frame{one}, err: readErr}, "", readErr},
		{"Close's error as it is", &fakeReader{fs: []*frame.Frame{one}, closeErr: closeErr}, "", closeErr},
		{"Close's error without rows too", &fakeReader{schema: xs, closeErr: closeErr}, "", closeErr},
		{"a schema a Frame cannot hold, wrapped", &fakeReader{schema: union}, "", wrapped},
		{"batches that do not join, wrapped", &fakeReader{fs: []*frame.Frame{one, other}}, "", wrapped},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Collect(tt.r, func(err error) error { return errors.Join(wrapped, err) })
			if tt.r.closed == 0 {
				t.Error("the reader was not closed")
			}
			if tt.schema == "" {
				if !errors.Is(err, tt.is) {
					t.Errorf("%v, want %v", err, tt.is)
				}
				if tt.is != wrapped && errors.Is(err, wrapped) {
					t.Errorf("%v: the reader's own error was wrapped", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Schema().String(); got != tt.schema {
				t.Errorf("schema %s, want %s", got, tt.schema)
			}
		})
	}
}
