package frame

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// storedColumn is a column of n random items of dt built through an
// Arrow builder, with nulls every seventh row when nulls is set, sliced
// by one row when sliced is set.
func storedColumn(t *testing.T, dt arrow.DataType, n int, lo, span int64, nulls, sliced bool) structured.Value {
	t.Helper()
	r := rand.New(rand.NewPCG(uint64(n), uint64(span)))
	b := array.NewBuilder(memory.DefaultAllocator, dt)
	defer b.Release()
	for i := range n + 1 {
		if nulls && i%7 == 3 {
			b.AppendNull()
			continue
		}
		x := lo + r.Int64N(span)
		switch b := b.(type) {
		case *array.Int8Builder:
			b.Append(int8(x))
		case *array.Int16Builder:
			b.Append(int16(x))
		case *array.Int32Builder:
			b.Append(int32(x))
		case *array.Uint8Builder:
			b.Append(uint8(x))
		case *array.Uint16Builder:
			b.Append(uint16(x))
		case *array.Uint32Builder:
			b.Append(uint32(x))
		case *array.Date32Builder:
			b.Append(arrow.Date32(x))
		default:
			t.Fatalf("no builder case for %s", dt)
		}
	}
	arr := b.NewArray()
	defer arr.Release()
	if sliced {
		s := array.NewSlice(arr, 1, int64(n+1))
		defer s.Release()
		arr = s
	} else {
		s := array.NewSlice(arr, 0, int64(n))
		defer s.Release()
		arr = s
	}
	v, err := structured.NewDense(arr)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestSumStored: the sum of a narrow integer column read as stored
// (aggSumStored) equals the sum of its int64 cast, over the whole frame
// and by group, with nulls and sliced arrays.
func TestSumStored(t *testing.T) {
	types := []struct {
		dt       arrow.DataType
		lo, span int64
	}{
		{arrow.PrimitiveTypes.Int8, -128, 256},
		{arrow.PrimitiveTypes.Int16, -30000, 60000},
		{arrow.PrimitiveTypes.Int32, -2_000_000_000, 4_000_000_000},
		{arrow.PrimitiveTypes.Uint8, 0, 256},
		{arrow.PrimitiveTypes.Uint16, 0, 65536},
		{arrow.PrimitiveTypes.Uint32, 0, 1 << 32},
	}
	for _, ty := range types {
		for _, n := range []int{0, 1, 9, 1000} {
			for _, nulls := range []bool{false, true} {
				for _, sliced := range []bool{false, true} {
					name := fmt.Sprintf("%s/n=%d/nulls=%v/sliced=%v", ty.dt, n, nulls, sliced)
					x := storedColumn(t, ty.dt, n, ty.lo, ty.span, nulls, sliced)
					g := make([]int64, n)
					for i := range g {
						g[i] = int64(i % 3)
					}
					f := FromColumns([]string{"x", "g"}, x, g)
					got := f.SelectExprs(Col("x").Sum().Alias("s"))
					want := f.SelectExprs(Col("x").Cast(arrow.PrimitiveTypes.Int64).Sum().Alias("s"))
					if !reflect.DeepEqual(got.data.ToValue(), want.data.ToValue()) {
						t.Errorf("%s: sum %v, the int64 cast's %v", name, got.data.ToValue(), want.data.ToValue())
					}
					if got.Err() == nil {
						s, _ := got.Column("s")
						if dt := s.Value().(structured.Leaf).DataType(); dt.ID() != arrow.INT64 {
							t.Errorf("%s: the sum is %s, not int64", name, dt)
						}
					}
					gotG := f.GroupBy("g").Agg(Col("x").Sum().Alias("s"))
					wantG := f.GroupBy("g").Agg(Col("x").Cast(arrow.PrimitiveTypes.Int64).Sum().Alias("s"))
					if !reflect.DeepEqual(gotG.data.ToValue(), wantG.data.ToValue()) {
						t.Errorf("%s: group sums %v, the int64 cast's %v", name, gotG.data.ToValue(), wantG.data.ToValue())
					}
				}
			}
		}
	}
}

// TestDtFieldsOfDate32: the fields of a stored date32 column
// (dtFieldOfDate32) equal those of the same dates computed from int64
// days (the general path, through a cast), with nulls and sliced arrays,
// over short spans (the table) and long ones, on both sides of 1970.
func TestDtFieldsOfDate32(t *testing.T) {
	spans := []struct {
		name     string
		lo, span int64
	}{
		{"2020s", 18262, 1500},
		{"around 1970", -200, 400},
		{"around 2^15 days", 32768 - 40, 80},
		{"long", -700_000, 1_500_000},
	}
	fields := map[string]func(ExprDt) Expr{
		"year": ExprDt.Year, "quarter": ExprDt.Quarter, "month": ExprDt.Month,
		"day": ExprDt.Day, "weekday": ExprDt.Weekday, "ordinal_day": ExprDt.OrdinalDay, "week": ExprDt.Week,
	}
	for _, sp := range spans {
		for _, n := range []int{1, 50, 5000} {
			for _, nulls := range []bool{false, true} {
				for _, sliced := range []bool{false, true} {
					d := storedColumn(t, arrow.FixedWidthTypes.Date32, n, sp.lo, sp.span, nulls, sliced)
					f := FromColumns([]string{"d"}, d)
					for fname, field := range fields {
						name := fmt.Sprintf("%s/%s/n=%d/nulls=%v/sliced=%v", sp.name, fname, n, nulls, sliced)
						got := f.SelectExprs(field(Col("d").Dt()).Alias("v"))
						// The cast loads the days as int64: the general path.
						want := f.SelectExprs(field(Col("d").Cast(arrow.FixedWidthTypes.Date32).Dt()).Alias("v"))
						if got.Err() != nil || want.Err() != nil {
							t.Fatalf("%s: %v; the general path: %v", name, got.Err(), want.Err())
						}
						g, w := got.data.ToValue().([]any), want.data.ToValue().([]any)
						for i := range w {
							if !reflect.DeepEqual(g[i], w[i]) {
								t.Fatalf("%s: row %d is %v, the general path's %v", name, i, g[i], w[i])
							}
						}
					}
				}
			}
		}
	}
}

// TestSplitByteAgrees: Split at one byte of a stored string column (the
// word-at-a-time exprSplitWords) gives strings.Split's pieces, with
// separators at the ends and side by side, empty and null rows, rows
// longer than a word, the last row ending at the last byte, and sliced
// arrays.
func TestSplitByteAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	alphabet := []byte("ab ,é")
	for trial := range 200 {
		n := 1 + r.IntN(40)
		rows := make([]string, n+1)
		b := array.NewStringBuilder(memory.DefaultAllocator)
		for i := range rows {
			if r.IntN(9) == 0 && trial%2 == 1 {
				b.AppendNull()
				rows[i] = "\x00null"
				continue
			}
			l := r.IntN(30)
			if r.IntN(5) == 0 {
				l = 0
			}
			s := make([]byte, l)
			for j := range s {
				s[j] = alphabet[r.IntN(len(alphabet)-1)] // bytes of é are not cut apart: é is left out here
			}
			rows[i] = string(s)
			b.Append(rows[i])
		}
		arr := b.NewArray()
		b.Release()
		lo := trial % 3 % 2
		sl := array.NewSlice(arr, int64(lo), int64(lo+n))
		arr.Release()
		col, err := structured.NewDense(sl)
		sl.Release()
		if err != nil {
			t.Fatal(err)
		}
		for _, sep := range []string{" ", ","} {
			f := FromColumns([]string{"s"}, col)
			got := f.SelectExprs(Col("s").Str().Split(sep).Alias("p"))
			if got.Err() != nil {
				t.Fatal(got.Err())
			}
			vals := got.data.ToValue().([]any)
			for i, v := range vals {
				want := rows[lo+i]
				p := v.(map[string]any)["p"]
				if want == "\x00null" {
					if p != nil {
						t.Fatalf("trial %d row %d: null split to %v", trial, i, p)
					}
					continue
				}
				pieces := strings.Split(want, sep)
				gotPieces := make([]string, 0, len(pieces))
				for _, x := range p.([]any) {
					gotPieces = append(gotPieces, x.(string))
				}
				if !reflect.DeepEqual(gotPieces, pieces) {
					t.Fatalf("trial %d row %d: %q split at %q is %q, want %q", trial, i, want, sep, gotPieces, pieces)
				}
			}
		}
	}
}
