package main

import (
	"math/rand/v2"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
)

// words are the strings of the table: empty, padded, non-ASCII, digits,
// separators, mixed case.
var words = []string{
	"apple", "Banana split", "  padded  ", "", "Ünïcödé straße", "日本語テキスト",
	"carrot cake", "a,b,c", "x_12", "mixed Case 42", "emoji 🎉 party", "carrot",
	"the carrot top", "City1", "City12", "N/A", "3.5", "42", "line one two",
}

// makeTable builds the table the expressions run over: a row number
// (_row, for DuckDB's ORDER BY) and columns of every kind, about one in
// eight values null.
func makeTable(rng *rand.Rand, n int) (*frame.Frame, error) {
	mem := memory.DefaultAllocator
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "_row", Type: arrow.PrimitiveTypes.Int64},
		{Name: "i", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		{Name: "j", Type: arrow.PrimitiveTypes.Int64},
		{Name: "f", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "s", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "c", Type: arrow.BinaryTypes.String},
		{Name: "b", Type: arrow.FixedWidthTypes.Boolean, Nullable: true},
		{Name: "d", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
		{Name: "t", Type: &arrow.TimestampType{Unit: arrow.Microsecond}, Nullable: true},
		{Name: "l", Type: arrow.ListOf(arrow.PrimitiveTypes.Int64), Nullable: true},
		{Name: "ls", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
	}, nil)
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	null := func() bool { return rng.IntN(8) == 0 }
	day0 := time.Date(2019, 1, 1, 0, 0, 0, 0, time.UTC)
	for r := 0; r < n; r++ {
		b.Field(0).(*array.Int64Builder).Append(int64(r))
		if i := b.Field(1).(*array.Int64Builder); null() {
			i.AppendNull()
		} else {
			i.Append(int64(rng.IntN(101) - 50))
		}
		b.Field(2).(*array.Int64Builder).Append(int64(rng.IntN(5) + 1))
		if f := b.Field(3).(*array.Float64Builder); null() {
			f.AppendNull()
		} else {
			f.Append(float64(rng.IntN(2001)-1000) / 8) // halves, quarters, eighths
		}
		if s := b.Field(4).(*array.StringBuilder); null() {
			s.AppendNull()
		} else {
			s.Append(words[rng.IntN(len(words))])
		}
		b.Field(5).(*array.StringBuilder).Append(words[rng.IntN(len(words))])
		if x := b.Field(6).(*array.BooleanBuilder); null() {
			x.AppendNull()
		} else {
			x.Append(rng.IntN(2) == 0)
		}
		if d := b.Field(7).(*array.Date32Builder); null() {
			d.AppendNull()
		} else {
			d.Append(arrow.Date32FromTime(day0.AddDate(0, 0, rng.IntN(7*366))))
		}
		if t := b.Field(8).(*array.TimestampBuilder); null() {
			t.AppendNull()
		} else {
			at := day0.Add(time.Duration(rng.Int64N(int64(7 * 366 * 24 * time.Hour))))
			t.Append(arrow.Timestamp(at.Truncate(time.Millisecond).UnixMicro()))
		}
		l := b.Field(9).(*array.ListBuilder)
		if null() {
			l.AppendNull()
		} else {
			l.Append(true)
			items := l.ValueBuilder().(*array.Int64Builder)
			for k := rng.IntN(5); k > 0; k-- {
				if rng.IntN(10) == 0 {
					items.AppendNull()
				} else {
					items.Append(int64(rng.IntN(21) - 10))
				}
			}
		}
		ls := b.Field(10).(*array.ListBuilder)
		if null() {
			ls.AppendNull()
		} else {
			ls.Append(true)
			items := ls.ValueBuilder().(*array.StringBuilder)
			for k := rng.IntN(4); k > 0; k-- {
				items.Append(words[rng.IntN(len(words))])
			}
		}
	}
	rec := b.NewRecordBatch()
	defer rec.Release()
	f := frame.FromRecordBatch(rec)
	return f, f.Err()
}
