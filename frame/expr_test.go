package frame

import (
	"errors"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// exprTestFrame has every kind of column, with nulls.
func exprTestFrame(t *testing.T) *Frame {
	t.Helper()
	f := FromColumns(
		[]string{"i", "f", "s", "b", "l", "ls", "n"},
		[]any{int64(1), int64(-7), nil, int64(4)},
		[]any{1.5, nil, 3.0, -0.5},
		[]any{"Apple", "banana", nil, "Cherry"},
		[]any{true, false, nil, true},
		[]any{[]any{int64(1), int64(2), nil}, []any{}, nil, []any{int64(5)}},
		[]any{[]any{"a", "b"}, []any{"c"}, nil, []any{nil, "d"}},
		[]any{map[string]any{"x": int64(1), "y": "p"}, nil, map[string]any{"x": nil, "y": "q"}, map[string]any{"x": int64(4), "y": nil}},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// exprTestEval evaluates one expression over f's rows and returns its
// values (nil and the error when it fails).
func exprTestEval(f *Frame, e Expr) ([]any, error) {
	out := f.SelectExprs(e.Alias("out"))
	if err := out.Err(); err != nil {
		return nil, err
	}
	s, err := out.Column("out")
	if err != nil {
		return nil, err
	}
	return s.ToValue(), nil
}

func TestExprEval(t *testing.T) {
	f := exprTestFrame(t)
	tests := []struct {
		name string
		e    Expr
		want []any
		err  error
	}{
		{"column", Col("i"), []any{int64(1), int64(-7), nil, int64(4)}, nil},
		{"nested path", Col("n.x"), []any{int64(1), nil, nil, int64(4)}, nil},
		{"struct field", Col("n").Struct().Field("y"), []any{"p", nil, "q", nil}, nil},
		{"struct field of a leaf", Col("i").Struct().Field("y"), nil, ErrType},
		{"struct field missing", Col("n").Struct().Field("z"), nil, ErrColumn},
		{"unknown column", Col("nope"), nil, ErrColumn},
		{"add int", Col("i").Add(Lit(10)), []any{int64(11), int64(3), nil, int64(14)}, nil},
		{"add int float", Col("i").Add(Col("f")), []any{2.5, nil, nil, 3.5}, nil},
		{"sub lit left", Lit(1).Sub(Col("i")), []any{int64(0), int64(8), nil, int64(-3)}, nil},
		{"mul", Col("f").Mul(Lit(2)), []any{3.0, nil, 6.0, -1.0}, nil},
		{"div ints is float", Col("i").Div(Lit(2)), []any{0.5, -3.5, nil, 2.0}, nil},
		{"mod floored", Col("i").Mod(Lit(3)), []any{int64(1), int64(2), nil, int64(1)}, nil},
		{"mod by zero is null", Col("i").Mod(Lit(0)), []any{nil, nil, nil, nil}, nil},
		{"neg", Col("i").Neg(), []any{int64(-1), int64(7), nil, int64(-4)}, nil},
		{"add null lit", Col("i").Add(Lit(nil)), []any{nil, nil, nil, nil}, nil},
		{"concat strings", Col("s").Add(Lit("!")), []any{"Apple!", "banana!", nil, "Cherry!"}, nil},
		{"add string int", Col("s").Add(Lit(1)), nil, ErrType},
		{"add bool", Col("b").Add(Lit(1)), nil, ErrType},
		{"add list", Col("l").Add(Lit(1)), nil, ErrType},
		{"gt", Col("i").Gt(Lit(0)), []any{true, false, nil, true}, nil},
		{"ge int float exact", Col("i").Ge(Lit(1.0)), []any{true, false, nil, true}, nil},
		{"lt float int", Col("f").Lt(Col("i")), []any{false, nil, nil, true}, nil},
		{"eq string", Col("s").Eq(Lit("banana")), []any{false, true, nil, false}, nil},
		{"lt string", Col("s").Lt(Lit("B")), []any{true, false, nil, false}, nil},
		{"gt string swapped", Lit("B").Gt(Col("s")), []any{true, false, nil, false}, nil},
		{"le string swapped", Lit("banana").Le(Col("s")), []any{false, true, nil, false}, nil},
		{"eq null string literal", Col("s").Eq(Lit(nil)), []any{nil, nil, nil, nil}, nil},
		{"ne bool", Col("b").Ne(Lit(true)), []any{false, true, nil, false}, nil},
		{"compare string number", Col("s").Eq(Lit(1)), nil, ErrType},
		{"and kleene", Col("b").And(Col("i").Gt(Lit(0))), []any{true, false, nil, true}, nil},
		{"and false null", Col("b").And(Lit(nil)), []any{nil, false, nil, nil}, nil},
		{"or true null", Col("b").Or(Lit(nil)), []any{true, nil, nil, true}, nil},
		{"or", Col("b").Or(Col("i").Lt(Lit(0))), []any{true, true, nil, true}, nil},
		{"not", Col("b").Not(), []any{false, true, nil, false}, nil},
		{"and of ints", Col("i").And(Col("b")), nil, ErrType},
		{"is null", Col("s").IsNull(), []any{false, false, true, false}, nil},
		{"is not null list", Col("l").IsNotNull(), []any{true, true, false, true}, nil},
		{"is null struct", Col("n").IsNull(), []any{false, true, false, false}, nil},
		{"fill null", Col("i").FillNull(Lit(0)), []any{int64(1), int64(-7), int64(0), int64(4)}, nil},
		{"fill null float", Col("i").FillNull(Lit(0.5)), []any{1.0, -7.0, 0.5, 4.0}, nil},
		{"fill null column", Col("f").FillNull(Col("i")), []any{1.5, -7.0, 3.0, -0.5}, nil},
		{"fill null string", Col("s").FillNull(Lit("?")), []any{"Apple", "banana", "?", "Cherry"}, nil},
		{"fill null mismatch", Col("s").FillNull(Lit(1)), nil, ErrType},
		{"cast int to string", Col("i").Cast(arrow.BinaryTypes.String), []any{"1", "-7", nil, "4"}, nil},
		{"cast float to int", Col("f").Cast(arrow.PrimitiveTypes.Int64), []any{int64(1), nil, int64(3), int64(0)}, nil},
		{"cast int to int8", Col("i").Cast(arrow.PrimitiveTypes.Int8), []any{int8(1), int8(-7), nil, int8(4)}, nil},
		{"cast int to uint8 fails", Col("i").Cast(arrow.PrimitiveTypes.Uint8), nil, ErrType},
		{"cast string to int fails", Col("s").Cast(arrow.PrimitiveTypes.Int64), nil, ErrType},
		{"cast bool to float", Col("b").Cast(arrow.PrimitiveTypes.Float64), []any{1.0, 0.0, nil, 1.0}, nil},
		{"str len", Col("s").Str().LenChars(), []any{int64(5), int64(6), nil, int64(6)}, nil},
		{"str contains", Col("s").Str().Contains("an"), []any{false, true, nil, false}, nil},
		{"str starts", Col("s").Str().StartsWith("Ch"), []any{false, false, nil, true}, nil},
		{"str ends", Col("s").Str().EndsWith("e"), []any{true, false, nil, false}, nil},
		{"str lower", Col("s").Str().ToLower(), []any{"apple", "banana", nil, "cherry"}, nil},
		{"str upper", Col("s").Str().ToUpper(), []any{"APPLE", "BANANA", nil, "CHERRY"}, nil},
		{"str of int", Col("i").Str().LenChars(), nil, ErrType},
		{"list len", Col("l").List().Len(), []any{int64(3), int64(0), nil, int64(1)}, nil},
		{"list get", Col("l").List().Get(1), []any{int64(2), nil, nil, nil}, nil},
		{"list get last", Col("l").List().Get(-1), []any{nil, nil, nil, int64(5)}, nil},
		{"list sum", Col("l").List().Sum(), []any{int64(3), int64(0), nil, int64(5)}, nil},
		{"list mean", Col("l").List().Mean(), []any{1.5, nil, nil, 5.0}, nil},
		{"list min", Col("l").List().Min(), []any{int64(1), nil, nil, int64(5)}, nil},
		{"list max", Col("l").List().Max(), []any{int64(2), nil, nil, int64(5)}, nil},
		{"list contains", Col("l").List().Contains(Lit(2)), []any{true, false, nil, false}, nil},
		{"list contains per row", Col("l").List().Contains(Col("i")), []any{true, false, nil, false}, nil},
		{"list join", Col("ls").List().Join("-"), []any{"a-b", "c", nil, "d"}, nil},
		{"list join of ints", Col("l").List().Join("-"), nil, ErrType},
		{"list of a scalar", Col("i").List().Len(), nil, ErrType},
		{"sum broadcast", Col("i").Sum().Add(Col("i").Mul(Lit(0))), []any{int64(-2), int64(-2), nil, int64(-2)}, nil},
		{"agg inside agg", Col("i").Sum().Sum(), nil, ErrArgument},
		{"empty expr", Expr{}, nil, ErrArgument},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := exprTestEval(f, tc.e)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("%s: err = %v, want %v", tc.e, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.e, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s = %#v, want %#v", tc.e, got, tc.want)
			}
		})
	}
}

func TestExprAggregations(t *testing.T) {
	f := exprTestFrame(t)
	tests := []struct {
		name string
		e    Expr
		want any
		err  error
	}{
		{"sum", Col("i").Sum(), int64(-2), nil},
		{"sum float", Col("f").Sum(), 4.0, nil},
		{"sum bool", Col("b").Sum(), int64(2), nil},
		{"mean", Col("i").Mean(), -2.0 / 3, nil},
		{"min", Col("i").Min(), int64(-7), nil},
		{"max string", Col("s").Max(), "banana", nil},
		{"min bool", Col("b").Min(), false, nil},
		{"count", Col("i").Count(), int64(3), nil},
		{"len", Len(), int64(4), nil},
		{"first", Col("s").First(), "Apple", nil},
		{"last", Col("i").Last(), int64(4), nil},
		{"first list", Col("l").First(), []any{int64(1), int64(2), nil}, nil},
		{"n unique with null", Col("b").NUnique(), int64(3), nil},
		{"std", Col("f").Std(), math.Sqrt(((1.5-4.0/3)*(1.5-4.0/3) + (3-4.0/3)*(3-4.0/3) + (-0.5-4.0/3)*(-0.5-4.0/3)) / 2), nil},
		{"implode", Col("i").Implode(), []any{int64(1), int64(-7), nil, int64(4)}, nil},
		{"sum over list items", Col("l").Sum(), int64(8), nil},
		{"count over list items", Col("l").Count(), int64(3), nil},
		{"mean of strings", Col("s").Mean(), nil, ErrType},
		{"sum of list of strings", Col("ls").Sum(), nil, ErrType},
		{"n unique struct", Col("n").NUnique(), int64(4), nil},
		{"combined", Col("i").Sum().Div(Len()), -0.5, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := exprTestEval(f, tc.e)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("%s: err = %v, want %v", tc.e, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.e, err)
			}
			if len(got) != 1 {
				t.Fatalf("%s: %d rows, want 1", tc.e, len(got))
			}
			if g, ok := got[0].(float64); ok {
				if w, ok := tc.want.(float64); ok && math.Abs(g-w) < 1e-12 {
					return
				}
			}
			if !reflect.DeepEqual(got[0], tc.want) {
				t.Errorf("%s = %#v, want %#v", tc.e, got[0], tc.want)
			}
		})
	}
}

func TestExprNames(t *testing.T) {
	tests := []struct {
		e    Expr
		name string
		str  string
	}{
		{Col("a"), "a", "col(a)"},
		{Col("a").Add(Col("b")), "a", "col(a).add(col(b))"},
		{Lit(1).Add(Col("b")), "b", "lit(1).add(col(b))"},
		{Lit("x"), "literal", `lit("x")`},
		{Col("a").Mean().Alias("m"), "m", `col(a).mean().alias("m")`},
		{Col("s").Struct().Field("x"), "x", `col(s).struct.field("x")`},
		{Col("s").Str().StartsWith("p"), "s", `col(s).str.starts_with("p")`},
		{Len(), "len", "len()"},
		{Col("r.x").List().Get(-1), "r.x", "col(r.x).list.get(-1)"},
	}
	for _, tc := range tests {
		if got := tc.e.Name(); got != tc.name {
			t.Errorf("%s: Name = %q, want %q", tc.e, got, tc.name)
		}
		if got := tc.e.String(); got != tc.str {
			t.Errorf("String = %q, want %q", got, tc.str)
		}
	}
}

// TestExprArrowTypes runs kernels over the Arrow types beyond int64,
// float64 and string.
func TestExprArrowTypes(t *testing.T) {
	mem := memory.NewGoAllocator()
	i32 := array.NewInt32Builder(mem)
	i32.AppendValues([]int32{3, -1, 0}, []bool{true, true, false})
	f32 := array.NewFloat32Builder(mem)
	f32.AppendValues([]float32{0.5, 2, 4}, nil)
	u8 := array.NewUint8Builder(mem)
	u8.AppendValues([]uint8{200, 1, 2}, nil)
	sv := array.NewStringViewBuilder(mem)
	sv.AppendValues([]string{"a long string view value", "b", "c"}, []bool{true, false, true})
	ls := array.NewLargeStringBuilder(mem)
	ls.AppendValues([]string{"xa", "yb", "xc"}, nil)
	db := array.NewDictionaryBuilder(mem, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}).(*array.BinaryDictionaryBuilder)
	for _, s := range []string{"k", "j", "k"} {
		if err := db.AppendString(s); err != nil {
			t.Fatal(err)
		}
	}
	day := arrow.Date32FromTime(time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC))
	d32 := array.NewDate32Builder(mem)
	d32.AppendValues([]arrow.Date32{day - 1, day, day + 1}, nil)
	ts := array.NewTimestampBuilder(mem, &arrow.TimestampType{Unit: arrow.Millisecond, TimeZone: "UTC"})
	tm := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	ts.AppendValues([]arrow.Timestamp{arrow.Timestamp(tm.UnixMilli() - 1), arrow.Timestamp(tm.UnixMilli()), arrow.Timestamp(tm.UnixMilli() + 1)}, nil)
	cols := []any{i32.NewArray(), f32.NewArray(), u8.NewArray(), sv.NewArray(), ls.NewArray(), db.NewArray(), d32.NewArray(), ts.NewArray()}
	f := FromColumns([]string{"i32", "f32", "u8", "sv", "ls", "dict", "day", "ts"}, cols...)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		e    Expr
		want []any
		err  error
	}{
		{"int32 add", Col("i32").Add(Lit(1)), []any{int64(4), int64(0), nil}, nil},
		{"int32 passes through", Col("i32"), []any{int32(3), int32(-1), nil}, nil},
		{"float32 mul", Col("f32").Mul(Col("i32")), []any{1.5, -2.0, nil}, nil},
		{"uint8 gt", Col("u8").Gt(Lit(100)), []any{true, false, false}, nil},
		{"string view", Col("sv").Str().StartsWith("a long"), []any{true, nil, false}, nil},
		{"large string", Col("ls").Str().StartsWith("x"), []any{true, false, true}, nil},
		{"dictionary eq", Col("dict").Eq(Lit("k")), []any{true, false, true}, nil},
		{"date vs date", Col("day").Ge(Lit(day)), []any{false, true, true}, nil},
		{"date vs time", Col("day").Lt(Lit(time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC))), []any{true, false, false}, nil},
		{"timestamp vs time", Col("ts").Gt(Lit(tm)), []any{false, false, true}, nil},
		{"date arithmetic", Col("day").Add(Lit(1)), nil, ErrType},
		{"date vs int", Col("day").Eq(Lit(1)), nil, ErrType},
		{"cast int32 to int16", Col("i32").Cast(arrow.PrimitiveTypes.Int16), []any{int16(3), int16(-1), nil}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := exprTestEval(f, tc.e)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("%s: err = %v, want %v", tc.e, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.e, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s = %#v, want %#v", tc.e, got, tc.want)
			}
		})
	}
	g := f.GroupBy("dict").Agg(Col("f32").Max(), Col("day").Min(), Col("sv").Max().Alias("svmax"))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	got, _ := g.Data()
	want := []any{
		map[string]any{"dict": "k", "f32": float32(4), "day": day - 1, "svmax": "c"},
		map[string]any{"dict": "j", "f32": float32(2), "day": day, "svmax": nil},
	}
	if !reflect.DeepEqual(got.ToValue(), want) {
		t.Errorf("group by dictionary = %#v, want %#v", got.ToValue(), want)
	}
}

func TestExprEvalFrame(t *testing.T) {
	f := exprTestFrame(t)
	v, err := Lit(2).evalFrame("Sort", f)
	if err != nil {
		t.Fatal(err)
	}
	if v.NumRows() != 4 {
		t.Errorf("literal has %d rows, want 4", v.NumRows())
	}
	v, err = Col("i").Max().evalFrame("Sort", f)
	if err != nil || !reflect.DeepEqual(v.ToValue(), []any{int64(4), int64(4), int64(4), int64(4)}) {
		t.Errorf("max over rows = %v, %v", v, err)
	}
	empty := f.Head(0)
	v, err = Col("i").Add(Lit(1)).evalFrame("Sort", empty)
	if err != nil || v.NumRows() != 0 {
		t.Errorf("empty frame: %v, %v", v, err)
	}
	if _, err := structured.ArrowType(v); err != nil {
		t.Error(err)
	}
}
