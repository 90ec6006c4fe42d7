package ipc

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	aipc "github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// otherSchema has the types other writers put in files: pyarrow writes
// large_string and large_list for big columns, dictionaries for
// categoricals, decimals, zoned timestamps and maps; Polars writes
// string_view (Utf8View) and binary_view for its strings and binaries.
var otherSchema = arrow.NewSchema([]arrow.Field{
	{Name: "sv", Type: arrow.BinaryTypes.StringView, Nullable: true},
	{Name: "bv", Type: arrow.BinaryTypes.BinaryView, Nullable: true},
	{Name: "ls", Type: arrow.BinaryTypes.LargeString, Nullable: true},
	{Name: "ll", Type: arrow.LargeListOf(arrow.PrimitiveTypes.Int64), Nullable: true},
	{Name: "cat", Type: &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}, Nullable: true},
	{Name: "dec", Type: &arrow.Decimal128Type{Precision: 10, Scale: 2}, Nullable: true},
	{Name: "ts", Type: &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "Europe/Paris"}, Nullable: true},
	{Name: "m", Type: arrow.MapOf(arrow.BinaryTypes.String, arrow.PrimitiveTypes.Int64), Nullable: true},
	{Name: "d", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
	{Name: "lst", Type: arrow.ListOf(arrow.StructOf(
		arrow.Field{Name: "a", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		arrow.Field{Name: "tag", Type: &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}, Nullable: true},
	)), Nullable: true},
	{Name: "fs", Type: arrow.FixedSizeListOf(2, arrow.PrimitiveTypes.Float32), Nullable: true},
	{Name: "dur", Type: arrow.FixedWidthTypes.Duration_ms, Nullable: true},
}, nil)

// otherRecord builds one batch of otherSchema with nulls in every column.
func otherRecord(t *testing.T, mem memory.Allocator) arrow.RecordBatch {
	t.Helper()
	b := array.NewRecordBuilder(mem, otherSchema)
	defer b.Release()
	sv := b.Field(0).(*array.StringViewBuilder)
	sv.AppendValues([]string{"short", "a string longer than twelve bytes", ""}, []bool{true, true, false})
	bv := b.Field(1).(*array.BinaryViewBuilder)
	bv.AppendValues([][]byte{[]byte("ab"), nil, []byte("a binary longer than twelve")}, []bool{true, false, true})
	b.Field(2).(*array.LargeStringBuilder).AppendValues([]string{"x", "", "zz"}, []bool{true, false, true})
	ll := b.Field(3).(*array.LargeListBuilder)
	llv := ll.ValueBuilder().(*array.Int64Builder)
	ll.Append(true)
	llv.AppendValues([]int64{1, 2, 3}, nil)
	ll.AppendNull()
	ll.Append(true)
	cat := b.Field(4).(*array.BinaryDictionaryBuilder)
	for _, s := range []string{"red", "", "red"} {
		if s == "" {
			cat.AppendNull()
		} else if err := cat.AppendString(s); err != nil {
			t.Fatal(err)
		}
	}
	b.Field(5).(*array.Decimal128Builder).AppendValues([]decimal128.Num{decimal128.FromI64(12345), decimal128.FromI64(-1), {}}, []bool{true, true, false})
	b.Field(6).(*array.TimestampBuilder).AppendValues([]arrow.Timestamp{1_700_000_000_000_000, 0, 1}, []bool{true, false, true})
	m := b.Field(7).(*array.MapBuilder)
	m.Append(true)
	m.KeyBuilder().(*array.StringBuilder).AppendValues([]string{"k1", "k2"}, nil)
	m.ItemBuilder().(*array.Int64Builder).AppendValues([]int64{1, 2}, []bool{true, false})
	m.AppendNull()
	m.Append(true)
	b.Field(8).(*array.Date32Builder).AppendValues([]arrow.Date32{19000, 0, 1}, []bool{true, true, false})
	lst := b.Field(9).(*array.ListBuilder)
	st := lst.ValueBuilder().(*array.StructBuilder)
	lst.Append(true)
	st.Append(true)
	st.FieldBuilder(0).(*array.Float64Builder).Append(1.5)
	if err := st.FieldBuilder(1).(*array.BinaryDictionaryBuilder).AppendString("hot"); err != nil {
		t.Fatal(err)
	}
	st.AppendNull()
	st.FieldBuilder(0).(*array.Float64Builder).AppendNull()
	st.FieldBuilder(1).(*array.BinaryDictionaryBuilder).AppendNull()
	lst.Append(true)
	lst.AppendNull()
	fs := b.Field(10).(*array.FixedSizeListBuilder)
	fs.AppendValues([]bool{true, true, true})
	fs.ValueBuilder().(*array.Float32Builder).AppendValues([]float32{1, 2, 3, 4, 5, 6}, []bool{true, false, true, true, true, true})
	b.Field(11).(*array.DurationBuilder).AppendValues([]arrow.Duration{1500, 0, -2}, []bool{true, false, true})
	return b.NewRecordBatch()
}

// writeOther writes recs with arrow-go's writers, in the file or stream
// format, with the given extra writer options (compression).
func writeOther(t *testing.T, format Format, recs []arrow.RecordBatch, opts ...aipc.Option) []byte {
	t.Helper()
	var buf bytes.Buffer
	opts = append(opts, aipc.WithSchema(recs[0].Schema()))
	var w interface {
		Write(arrow.RecordBatch) error
		Close() error
	}
	if format == Stream {
		w = aipc.NewWriter(&buf, opts...)
	} else {
		fw, err := aipc.NewFileWriter(&buf, opts...)
		if err != nil {
			t.Fatal(err)
		}
		w = fw
	}
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestOtherWriters: files and streams written by arrow-go the way pyarrow
// and Polars write them (views, large types, dictionaries, decimals,
// zoned timestamps, maps), plain and compressed, read to the Tensor the
// batch itself gives, keeping dictionaries and time zones.
func TestOtherWriters(t *testing.T) {
	rec := otherRecord(t, memory.DefaultAllocator)
	defer rec.Release()
	want := structured.Must(structured.FromRecordBatch(rec))
	want2 := structured.Must(structured.Concat(0, want, want))
	dir := t.TempDir()
	for _, format := range []Format{File, Stream} {
		for name, copts := range map[string][]aipc.Option{"plain": nil, "lz4": {aipc.WithLZ4()}, "zstd": {aipc.WithZstd()}} {
			for _, n := range []int{1, 2} {
				recs := []arrow.RecordBatch{rec, rec}[:n]
				data := writeOther(t, format, recs, copts...)
				path := filepath.Join(dir, "o.arrow")
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				w := want
				if n == 2 {
					w = want2
				}
				got, err := ReadTensor(bytes.NewReader(data))
				if err != nil {
					t.Fatalf("%v %s %d: %v", format, name, n, err)
				}
				if !got.Equal(w) {
					t.Errorf("%v %s %d: Read gave\n%s\nwant\n%s", format, name, n, got, w)
				}
				got, err = ReadTensorFile(path)
				if err != nil {
					t.Fatalf("%v %s %d: ReadFile: %v", format, name, n, err)
				}
				if !got.Equal(w) {
					t.Errorf("%v %s %d: ReadFile gave\n%s\nwant\n%s", format, name, n, got, w)
				}
				f, err := ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				for _, col := range []string{"cat", "ts", "sv", "ls", "ll"} {
					s, err := f.Column(col)
					if err != nil {
						t.Fatal(err)
					}
					typ, _ := structured.ArrowType(s.Value())
					if wt := otherSchema.Field(otherSchema.FieldIndices(col)[0]).Type; !arrow.TypeEqual(typ, wt) && !strings.Contains(typ.String(), wt.String()) {
						t.Errorf("%v %s: column %s read as %s, want %s", format, name, col, typ, wt)
					}
				}
			}
		}
	}
}
