package frame

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured"
)

func TestExprCastMatrix(t *testing.T) {
	f := FromColumns([]string{"i", "f", "s", "b", "num", "when"},
		[]any{int64(1), int64(-300), nil, int64(0)},
		[]any{2.9, -2.9, nil, math.NaN()},
		[]any{"12", "Ünïcödé", nil, ""},
		[]any{true, false, nil, true},
		[]any{"1.5", "-0.25", nil, "1e3"},
		[]any{"2024-01-15", "1969-12-31 23:59:59.5", nil, "2024-02-29T12:00:00Z"},
	)
	dec := &arrow.Decimal128Type{Precision: 6, Scale: 2}
	tsUS := &arrow.TimestampType{Unit: arrow.Microsecond}
	tests := []struct {
		name string
		e    Expr
		want []any
		err  []string // the strict error's message parts, when it fails
	}{
		{"int to int8 strict fails", Col("i").Cast(arrow.PrimitiveTypes.Int8), nil, []string{"row 1", "-300", "int8"}},
		{"int to int8 non-strict", Col("i").Cast(arrow.PrimitiveTypes.Int8, NonStrict), []any{int8(1), nil, nil, int8(0)}, nil},
		{"int to uint16 non-strict", Col("i").Cast(arrow.PrimitiveTypes.Uint16, NonStrict), []any{uint16(1), nil, nil, uint16(0)}, nil},
		{"float truncates, NaN fails", Col("f").Cast(arrow.PrimitiveTypes.Int32), nil, []string{"row 3", "NaN"}},
		{"float truncates non-strict", Col("f").Cast(arrow.PrimitiveTypes.Int32, NonStrict), []any{int32(2), int32(-2), nil, nil}, nil},
		{"float to bool", Col("f").Cast(arrow.FixedWidthTypes.Boolean), []any{true, true, nil, true}, nil},
		{"string to int strict", Col("s").Cast(arrow.PrimitiveTypes.Int64), nil, []string{"row 1", `"Ünïcödé"`, "col(s)"}},
		{"string to int non-strict", Col("s").Cast(arrow.PrimitiveTypes.Int64, NonStrict), []any{int64(12), nil, nil, nil}, nil},
		{"string to float", Col("num").Cast(arrow.PrimitiveTypes.Float32), []any{float32(1.5), float32(-0.25), nil, float32(1000)}, nil},
		{"string to bool non-strict", Lit("TRUE").Cast(arrow.FixedWidthTypes.Boolean), []any{true}, nil},
		{"bool to string", Col("b").Cast(arrow.BinaryTypes.String), []any{"true", "false", nil, "true"}, nil},
		{"float to string", Col("f").Cast(arrow.BinaryTypes.LargeString), []any{"2.9", "-2.9", nil, "NaN"}, nil},
		{"int to string_view", Col("i").Cast(arrow.BinaryTypes.StringView), []any{"1", "-300", nil, "0"}, nil},
		{"string to categorical", Col("s").Cast(&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}), []any{"12", "Ünïcödé", nil, ""}, nil},
		{"string to decimal", Col("num").Cast(dec), []any{"1.50", "-0.25", nil, "1000.00"}, nil},
		{"decimal overflow fails", Lit("12345.5").Cast(dec), nil, []string{"12345.5", "precision 6"}},
		{"decimal to float", Col("num").Cast(dec).Cast(arrow.PrimitiveTypes.Float64), []any{1.5, -0.25, nil, 1000.0}, nil},
		{"decimal to int", Col("num").Cast(dec).Cast(arrow.PrimitiveTypes.Int64), []any{int64(1), int64(0), nil, int64(1000)}, nil},
		{"float to decimal", Col("f").Cast(dec, NonStrict), []any{"2.90", "-2.90", nil, nil}, nil},
		{"int to decimal", Col("i").Cast(dec), []any{"1.00", "-300.00", nil, "0.00"}, nil},
		{"string to date", Col("when").Cast(arrow.FixedWidthTypes.Date32).Cast(arrow.BinaryTypes.String), []any{"2024-01-15", "1969-12-31", nil, "2024-02-29"}, nil},
		{"string to timestamp", Col("when").Cast(tsUS).Cast(arrow.BinaryTypes.String), []any{"2024-01-15 00:00:00", "1969-12-31 23:59:59.500", nil, nil}, []string{"row 3", "2024-02-29T12:00:00Z"}},
		{"string to timestamp non-strict", Col("when").Cast(tsUS, NonStrict).Cast(arrow.BinaryTypes.String), []any{"2024-01-15 00:00:00", "1969-12-31 23:59:59.500", nil, nil}, nil},
		{"string to zoned timestamp", Lit("2024-07-01 12:00").Cast(&arrow.TimestampType{Unit: arrow.Second, TimeZone: "Europe/Paris"}).Cast(arrow.BinaryTypes.String), []any{"2024-07-01 12:00:00+02:00"}, nil},
		{"string to date fails", Col("s").Cast(arrow.FixedWidthTypes.Date32), nil, []string{"row 0", `"12"`, "date32"}},
		{"string to time", Lit("10:30:00.5").Cast(arrow.FixedWidthTypes.Time32ms).Cast(arrow.PrimitiveTypes.Int64), []any{int64(37800500)}, nil},
		{"string to duration", Lit("1d2h").Cast(arrow.FixedWidthTypes.Duration_s).Cast(arrow.PrimitiveTypes.Int64), []any{int64(93600)}, nil},
		{"timestamp to date", Col("when").Cast(tsUS, NonStrict).Cast(arrow.FixedWidthTypes.Date32).Cast(arrow.PrimitiveTypes.Int64), []any{int64(19737), int64(-1), nil, nil}, nil},
		{"date to timestamp", Col("when").Cast(arrow.FixedWidthTypes.Date32).Cast(&arrow.TimestampType{Unit: arrow.Second}).Cast(arrow.PrimitiveTypes.Int64), []any{int64(1705276800), int64(-86400), nil, int64(1709164800)}, nil},
		{"timestamp to time", Col("when").Cast(tsUS, NonStrict).Cast(arrow.FixedWidthTypes.Time64us).Cast(arrow.PrimitiveTypes.Int64), []any{int64(0), int64(86399500000), nil, nil}, nil},
		{"timestamp us to s floors", Col("when").Cast(tsUS, NonStrict).Cast(&arrow.TimestampType{Unit: arrow.Second}).Cast(arrow.PrimitiveTypes.Int64), []any{int64(1705276800), int64(-1), nil, nil}, nil},
		{"date32 to date64", Col("when").Cast(arrow.FixedWidthTypes.Date32).Cast(arrow.FixedWidthTypes.Date64).Cast(arrow.PrimitiveTypes.Int64), []any{int64(1705276800000), int64(-86400000), nil, int64(1709164800000)}, nil},
		{"null to date", Lit(nil).Cast(arrow.FixedWidthTypes.Date32), []any{nil}, nil},
		{"null to decimal", Lit(nil).Cast(dec), []any{nil}, nil},
		{"duration literal to string", Lit(90 * time.Minute).Cast(arrow.BinaryTypes.String), []any{"1h 30m"}, nil},
		{"bool to decimal refused", Col("b").Cast(dec), nil, []string{"cannot cast bool"}},
	}
	for _, tt := range tests {
		got, err := exprTestEval(f, tt.e)
		if tt.err != nil {
			if !errors.Is(err, ErrType) {
				t.Errorf("%s: %v, want ErrType", tt.name, err)
				continue
			}
			for _, m := range tt.err {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("%s: %v does not say %s", tt.name, err, m)
				}
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s = %#v, want %#v", tt.name, got, tt.want)
		}
	}
}

// TestExprCastTypes checks the Arrow types the casts make.
func TestExprCastTypes(t *testing.T) {
	f := FromColumns([]string{"s"}, []any{"1", nil})
	out := f.SelectExprs(
		Col("s").Cast(arrow.BinaryTypes.LargeString).Alias("ls"),
		Col("s").Cast(arrow.BinaryTypes.StringView).Alias("sv"),
		Col("s").Cast(&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int16, ValueType: arrow.BinaryTypes.String}).Alias("cat"),
		Col("s").Cast(&arrow.Decimal128Type{Precision: 10, Scale: 3}).Alias("dec"),
		Col("s").Cast(arrow.PrimitiveTypes.Uint8).Alias("u8"),
		Col("s").Cast(arrow.FixedWidthTypes.Duration_ms, NonStrict).Alias("dur"),
	)
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	want := "2 * {ls: ?large_string, sv: ?string_view, cat: ?dictionary[int16, string], dec: ?decimal(10, 3), u8: ?uint8, dur: ?duration[ms]}"
	if got := out.Schema().String(); got != want {
		t.Errorf("schema\n got %s\nwant %s", got, want)
	}
}

// TestCastWiden: a cast to a wider integer type keeps every value and
// null and gives the new type (it only relabels the computed int64s); a
// cast to a narrower one still checks the range.
func TestCastWiden(t *testing.T) {
	f := FromColumns([]string{"a", "b"}, []any{int32(-7), nil, int32(math.MaxInt32)}, []any{uint8(255), uint8(0), nil})
	for _, c := range []struct {
		e    Expr
		want string
		typ  arrow.DataType
	}{
		{Col("a").Cast(arrow.PrimitiveTypes.Int64), "[-7 <nil> 2147483647]", arrow.PrimitiveTypes.Int64},
		{Col("b").Cast(arrow.PrimitiveTypes.Int16), "[255 0 <nil>]", arrow.PrimitiveTypes.Int16},
		{Col("b").Cast(arrow.PrimitiveTypes.Uint64), "[255 0 <nil>]", arrow.PrimitiveTypes.Uint64},
		{Col("a").Add(Lit(1)).Cast(arrow.PrimitiveTypes.Int64), "[-6 <nil> 2147483648]", arrow.PrimitiveTypes.Int64},
	} {
		out := f.SelectExprs(c.e.Alias("x"))
		if err := out.Err(); err != nil {
			t.Fatalf("%s: %v", c.e, err)
		}
		s, _ := out.Column("x")
		l := s.Value().(structured.Leaf)
		if got := fmt.Sprint(s.ToValue()); got != c.want || !arrow.TypeEqual(l.DataType(), c.typ) {
			t.Errorf("%s = %s of %s, want %s of %s", c.e, got, l.DataType(), c.want, c.typ)
		}
	}
	if err := f.SelectExprs(Col("a").Cast(arrow.PrimitiveTypes.Int8)).Err(); err == nil {
		t.Error("int32 2147483647 cast to int8 did not fail")
	}
}

// TestCastWidenShares: widening relabels the computed values without a
// pass over them: the result holds the same slice.
func TestCastWidenShares(t *testing.T) {
	a := &exprVec{t: exprIntT, n: 3, loaded: true, ints: []int64{1, 2, 3}, dt: arrow.PrimitiveTypes.Int32}
	out, err := exprCast(a, arrow.PrimitiveTypes.Int64, true, false)
	if err != nil {
		t.Fatal(err)
	}
	if &out.ints[0] != &a.ints[0] || !arrow.TypeEqual(out.dt, arrow.PrimitiveTypes.Int64) {
		t.Errorf("int32 to int64 copied its values or kept its type: %v", out.dt)
	}
	if out, err = exprCast(a, arrow.PrimitiveTypes.Int16, true, false); err != nil || &out.ints[0] == &a.ints[0] {
		t.Errorf("int32 to int16 must check each value: %v", err)
	}
}
