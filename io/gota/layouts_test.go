package gota

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
)

// layout is one way Arrow lays out the same flat columns: a frame read
// from a file or built by a user may hold any of them, and ToDataFrame
// must give the same gota columns for each.
type layout int

const (
	layoutPlain             layout = iota // int64, float64, utf8, each array from a builder
	layoutLargeString                     // strings as large_string
	layoutDictionary                      // strings as dictionary<int32, utf8>
	layoutViews                           // strings as string_view
	layoutNarrow                          // int32 and float32 in place of int64 and float64
	layoutSliced                          // arrays built with padding rows and cut with array.NewSlice
	layoutRecordBatch                     // FromRecordBatch over a record batch
	layoutRecordBatchSliced               // FromRecordBatch over RecordBatch.NewSlice
	layoutMixed                           // each column a layout of the ones above, sliced
	numLayouts
)

var layoutNames = [...]string{"plain", "largeString", "dictionary", "views", "narrow", "sliced",
	"recordBatch", "recordBatchSliced", "mixed"}

func (l layout) String() string { return layoutNames[l] }

// layoutRows draws n rows of the columns id (the row number), ki (an int
// key with nulls and repeats), ks (a string key with nulls and "") and x
// (a float with nulls and NaN).
func layoutRows(rng *rand.Rand, n int) []map[string]any {
	null := func() bool { return rng.IntN(5) == 0 }
	rows := make([]map[string]any, n)
	for i := range rows {
		m := map[string]any{"id": int64(i), "ki": nil, "ks": nil, "x": nil}
		if !null() {
			m["ki"] = int64(rng.IntN(5) - 2)
		}
		if !null() {
			m["ks"] = []string{"a", "b", "cc", ""}[rng.IntN(4)]
		}
		if !null() {
			m["x"] = []float64{math.NaN(), -1.5, 0, 0.25, 2}[rng.IntN(5)]
		}
		rows[i] = m
	}
	return rows
}

// layoutColumns are the columns of layoutRows and their Arrow types in
// the plain layout.
var layoutColumns = []arrow.Field{
	{Name: "id", Type: arrow.PrimitiveTypes.Int64},
	{Name: "ki", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "ks", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "x", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
}

// layoutType is the Arrow type of a column of plain type dt in layout l.
func layoutType(dt arrow.DataType, l layout) arrow.DataType {
	switch dt.ID() {
	case arrow.STRING:
		switch l {
		case layoutLargeString:
			return arrow.BinaryTypes.LargeString
		case layoutDictionary:
			return &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}
		case layoutViews:
			return arrow.BinaryTypes.StringView
		}
	case arrow.INT64:
		if l == layoutNarrow {
			return arrow.PrimitiveTypes.Int32
		}
	case arrow.FLOAT64:
		if l == layoutNarrow {
			return arrow.PrimitiveTypes.Float32
		}
	}
	return dt
}

// layoutAppend appends v (an int64, float64, string or nil) to b.
func layoutAppend(t testing.TB, b array.Builder, v any) {
	t.Helper()
	if v == nil {
		b.AppendNull()
		return
	}
	switch b := b.(type) {
	case *array.Int64Builder:
		b.Append(v.(int64))
	case *array.Int32Builder:
		b.Append(int32(v.(int64)))
	case *array.Float64Builder:
		b.Append(v.(float64))
	case *array.Float32Builder:
		b.Append(float32(v.(float64)))
	case *array.StringBuilder:
		b.Append(v.(string))
	case *array.LargeStringBuilder:
		b.Append(v.(string))
	case *array.StringViewBuilder:
		b.Append(v.(string))
	case *array.BinaryDictionaryBuilder:
		if err := b.AppendString(v.(string)); err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatalf("layoutAppend: no case for builder %T of %#v", b, v)
	}
}

// layoutBuild builds the frame of rows in layout l.
func layoutBuild(t testing.TB, rng *rand.Rand, rows []map[string]any, l layout) *frame.Frame {
	t.Helper()
	pre, post := 0, 0
	if l == layoutSliced || l == layoutRecordBatchSliced || l == layoutMixed {
		pre, post = 1+rng.IntN(3), rng.IntN(3)
	}
	pad := func() map[string]any {
		if rng.IntN(2) == 0 {
			return rows[rng.IntN(len(rows))]
		}
		return map[string]any{}
	}
	all := make([]map[string]any, 0, pre+len(rows)+post)
	for range pre {
		all = append(all, pad())
	}
	all = append(all, rows...)
	for range post {
		all = append(all, pad())
	}
	fields := make([]arrow.Field, len(layoutColumns))
	cols := make([]arrow.Array, len(layoutColumns))
	names := make([]string, len(layoutColumns))
	for i, fd := range layoutColumns {
		cl := l
		if l == layoutMixed {
			cl = layout(rng.IntN(int(layoutNarrow) + 1))
		}
		fd.Type = layoutType(fd.Type, cl)
		b := array.NewBuilder(memory.DefaultAllocator, fd.Type)
		for _, row := range all {
			layoutAppend(t, b, row[fd.Name])
		}
		cols[i] = b.NewArray()
		b.Release()
		fields[i], names[i] = fd, fd.Name
	}
	defer func() {
		for _, c := range cols {
			c.Release()
		}
	}()
	if l == layoutRecordBatch || l == layoutRecordBatchSliced {
		rec := array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, int64(len(all)))
		defer rec.Release()
		if pre+post > 0 {
			s := rec.NewSlice(int64(pre), int64(pre+len(rows)))
			defer s.Release()
			rec = s
		}
		return frame.FromRecordBatch(rec)
	}
	columns := make([]any, len(cols))
	for i, c := range cols {
		if pre+post > 0 {
			s := array.NewSlice(c, int64(pre), int64(pre+len(rows)))
			defer s.Release()
			c = s
		}
		columns[i] = c
	}
	return frame.FromColumns(names, columns...)
}

// layoutRoundTrip is f through gota and back, as its rows.
func layoutRoundTrip(f *frame.Frame) (any, error) {
	df, err := ToDataFrame(f)
	if err != nil {
		return nil, err
	}
	back, err := FromDataFrame(df)
	if err != nil {
		return nil, err
	}
	d, err := back.Data()
	if err != nil {
		return nil, err
	}
	return d.ToValue(), nil
}

// TestLayoutsAgree converts random frames built in every Arrow layout to
// gota and back: each gives what the same rows built by FromRecords give.
func TestLayoutsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for iter := range 6 {
		rows := layoutRows(rng, 2+rng.IntN(20))
		records := make([]any, len(rows))
		for i, r := range rows {
			records[i] = r
		}
		want, wantErr := layoutRoundTrip(frame.FromRecords(records))
		if wantErr != nil {
			t.Fatalf("iter %d: FromRecords frame: %v", iter, wantErr)
		}
		for l := range numLayouts {
			t.Run(fmt.Sprintf("%d/%s", iter, l), func(t *testing.T) {
				f := layoutBuild(t, rng, rows, l)
				if err := f.Err(); err != nil {
					t.Fatal(err)
				}
				got, err := layoutRoundTrip(f)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("got  %v\nwant %v", got, want)
				}
			})
		}
	}
}
