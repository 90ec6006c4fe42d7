package frame

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// TestExprFixedSizeList runs list functions and aggregations over an
// Arrow fixed_size_list column (a dense [n, 2] value).
func TestExprFixedSizeList(t *testing.T) {
	b := array.NewInt64Builder(memory.NewGoAllocator())
	b.AppendValues([]int64{1, 2, 3, 4, 5, 6}, nil)
	v, err := structured.NewDense(b.NewArray(), 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	f := FromColumns([]string{"k", "v"}, []string{"a", "b", "a"}, v)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	got, err := exprTestEval(f, Col("v").List().Sum())
	if err != nil || !reflect.DeepEqual(got, []any{int64(3), int64(7), int64(11)}) {
		t.Errorf("list.sum = %v, %v", got, err)
	}
	got, err = exprTestEval(f, Col("v").List().Get(-1))
	if err != nil || !reflect.DeepEqual(got, []any{int64(2), int64(4), int64(6)}) {
		t.Errorf("list.get(-1) = %v, %v", got, err)
	}
	g := f.GroupBy("k").Agg(Col("v").Sum(), Col("v").Implode().Alias("all"))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	d, _ := g.Data()
	want := []any{
		map[string]any{"k": "a", "v": int64(14), "all": []any{[]any{int64(1), int64(2)}, []any{int64(5), int64(6)}}},
		map[string]any{"k": "b", "v": int64(7), "all": []any{[]any{int64(3), int64(4)}}},
	}
	if !reflect.DeepEqual(d.ToValue(), want) {
		t.Errorf("GroupBy over fixed-size lists = %#v", d.ToValue())
	}
}

// TestExprErrorMessages checks that errors name the operation, the
// expression (so the columns) and, for data errors, the row.
func TestExprErrorMessages(t *testing.T) {
	f := exprTestFrame(t)
	tests := []struct {
		got  *Frame
		kind error
		want []string
	}{
		{f.Filter(Col("s").Gt(Lit(1))), ErrType, []string{"Filter", "col(s).gt(lit(1))", "string", "int64"}},
		{f.WithColumns(Col("s").Cast(arrow.PrimitiveTypes.Int64)), ErrType, []string{"WithColumns", "col(s)", "row 0", `"Apple"`}},
		{f.GroupBy("b").Agg(Col("s").Mean()), ErrType, []string{"GroupBy.Agg", "col(s).mean()", "mean", "string"}},
		{f.GroupBy("l").Agg(Col("l").Implode().Alias("ll")).GroupBy("ll").Agg(Len()), ErrType, []string{"GroupBy.Agg", `key "ll"`, "shape [4, var, var]"}},
		{f.SelectExprs(Col("nope")), ErrColumn, []string{"SelectExprs", `"nope"`, "columns: i, f, s"}},
		{f.Filter(Col("i")), ErrType, []string{"Filter", "col(i)", "not bool"}},
	}
	for _, tc := range tests {
		err := tc.got.Err()
		if !errors.Is(err, tc.kind) {
			t.Errorf("err = %v, want %v", err, tc.kind)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%q does not say %q", err, w)
			}
		}
	}
}

// TestExprStructCount counts structures, null ones excluded.
func TestExprStructCount(t *testing.T) {
	f := exprTestFrame(t)
	got, err := exprTestEval(f, Col("n").Count())
	if err != nil || !reflect.DeepEqual(got, []any{int64(3)}) {
		t.Errorf("count of structs = %v, %v", got, err)
	}
}

// TestExprLabelIndexSafe checks that expressions leave their inputs as
// they were (a held value never changes).
func TestExprInputsUnchanged(t *testing.T) {
	f := exprTestFrame(t)
	before, _ := f.Data()
	want := before.ToValue()
	_ = f.Filter(Col("i").Mod(Lit(0)).IsNull()).WithColumns(Col("b").And(Lit(nil)), Col("f").FillNull(Lit(0)))
	_ = f.GroupBy("b").Agg(Col("l").Implode(), Col("s").Min())
	after, _ := f.Data()
	if !reflect.DeepEqual(after.ToValue(), want) {
		t.Error("the frame changed")
	}
}

// TestGroupByDictionary groups a dictionary column whose entries repeat a
// string and hold a null: rows group by string, not by index.
func TestGroupByDictionary(t *testing.T) {
	mem := memory.NewGoAllocator()
	sb := array.NewStringBuilder(mem)
	sb.AppendValues([]string{"x", "y", "x", ""}, []bool{true, true, true, false})
	ib := array.NewInt16Builder(mem)
	ib.AppendValues([]int16{0, 1, 2, 3, 0, 0}, []bool{true, true, true, true, false, true})
	dt := &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int16, ValueType: arrow.BinaryTypes.String}
	dict := array.NewDictionaryArray(dt, ib.NewArray(), sb.NewArray())
	f := FromColumns([]string{"k", "v"}, dict, []int64{1, 2, 3, 4, 5, 6})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	g := f.GroupBy("k").Agg(Col("v").Sum())
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	d, _ := g.Data()
	want := []any{
		map[string]any{"k": "x", "v": int64(10)},
		map[string]any{"k": "y", "v": int64(2)},
		map[string]any{"k": nil, "v": int64(9)},
	}
	if !reflect.DeepEqual(d.ToValue(), want) {
		t.Errorf("got %#v", d.ToValue())
	}
	// The general kernel (two keys) agrees.
	g2 := f.GroupBy("k", "k").Agg(Len())
	if !errors.Is(g2.Err(), ErrDuplicate) {
		t.Errorf("duplicate keys: %v", g2.Err())
	}
	g3 := f.WithColumns(Lit(1).Alias("one")).GroupBy("k", "one").Agg(Col("v").Sum())
	d3, _ := g3.Data()
	if g3.Err() != nil || len(d3.ToValue().([]any)) != 3 {
		t.Errorf("two keys: %v %v", g3.Err(), d3)
	}
}

// TestExprMapColumn runs expressions over a map column (a list of
// {key, value} structures).
func TestExprMapColumn(t *testing.T) {
	f := FromRecords([]any{
		map[string]any{"id": "a", "price": map[string]any{"EUR": 1.0, "USD": 1.1}},
		map[string]any{"id": "b", "price": map[string]any{"GBP": 0.9}},
		map[string]any{"id": "a", "price": nil},
	}, structured.WithMapThreshold(1))
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	got, err := exprTestEval(f, Col("price").List().Len())
	if err != nil || !reflect.DeepEqual(got, []any{int64(2), int64(1), nil}) {
		t.Errorf("map entries = %v, %v", got, err)
	}
	got, err = exprTestEval(f, Col("price.value").List().Max())
	if err != nil || !reflect.DeepEqual(got, []any{1.1, 0.9, nil}) {
		t.Errorf("max map value = %v, %v", got, err)
	}
	g := f.GroupBy("id").Agg(Col("price").First(), Col("price.value").Sum().Alias("total"), Col("price").NUnique().Alias("nu"))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	d, _ := g.Data()
	want := []any{
		map[string]any{"id": "a", "price": map[string]any{"EUR": 1.0, "USD": 1.1}, "total": 2.1, "nu": int64(2)},
		map[string]any{"id": "b", "price": map[string]any{"GBP": 0.9}, "total": 0.9, "nu": int64(1)},
	}
	if !grpApproxEqual(d.ToValue(), want) {
		t.Errorf("GroupBy over a map column = %#v", d.ToValue())
	}
	if n := f.Unique([]string{"price"}).NumRows(); n != 3 {
		t.Errorf("Unique(price) = %d rows", n)
	}
}

// TestExprNoColumns evaluates over frames without columns.
func TestExprNoColumns(t *testing.T) {
	empty := FromColumns(nil)
	one := empty.SelectExprs(Len(), Lit("x").Alias("x"))
	if err := one.Err(); err != nil {
		t.Fatal(err)
	}
	s, _ := one.Column("len")
	if r, c := one.NumRows(), one.NumColumns(); r != 1 || c != 2 || !reflect.DeepEqual(s.ToValue(), []any{int64(0)}) {
		t.Errorf("SelectExprs over 0×0: %d×%d %v", r, c, s.ToValue())
	}
	if n := empty.Filter(Lit(true)).NumRows(); n != 0 {
		t.Errorf("Filter over 0×0: %d rows", n)
	}
	if err := empty.SelectExprs(Col("a")).Err(); !errors.Is(err, ErrColumn) {
		t.Errorf("unknown column over 0×0: %v", err)
	}
}

// TestExprLabelIndex: Filter keeps the labels of the kept rows,
// WithColumns keeps the index, GroupBy.Agg numbers its groups.
func TestExprLabelIndex(t *testing.T) {
	f := FromColumns([]string{"id", "city", "score"},
		[]string{"r1", "r2", "r3", "r4"}, []string{"a", "b", "a", "c"}, []float64{1, 2, 3, 4}).SetIndex("id")
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	g := f.Filter(Col("score").Gt(Lit(1.5)))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	back := g.ResetIndex()
	s, err := back.Column("id")
	if err != nil || !reflect.DeepEqual(s.ToValue(), []any{"r2", "r3", "r4"}) {
		t.Errorf("labels after Filter = %v, %v", s.ToValue(), err)
	}
	w := f.WithColumns(Col("score").Mul(Lit(2)))
	if w.Index().String() != f.Index().String() {
		t.Errorf("WithColumns index = %s, want %s", w.Index(), f.Index())
	}
	a := f.GroupBy("city").Agg(Col("score").Sum())
	if err := a.Err(); err != nil || a.Index().NumLevels() != 0 || a.NumRows() != 3 {
		t.Errorf("GroupBy over a label index: %v, %s", err, a.Index())
	}
	if got := f.Unique([]string{"city"}).ResetIndex().Columns(); !reflect.DeepEqual(got, []string{"id", "city", "score"}) {
		t.Errorf("Unique keeps labels: %v", got)
	}
}

// TestExprTemporalCasts casts between integers and temporal types and
// materialises temporal literals.
func TestExprTemporalCasts(t *testing.T) {
	f := FromColumns([]string{"days"}, []any{int64(0), nil, int64(19783)})
	tm := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	out := f.SelectExprs(
		Col("days").Cast(arrow.FixedWidthTypes.Date32).Alias("d"),
		Col("days").Cast(arrow.FixedWidthTypes.Date32).Cast(arrow.PrimitiveTypes.Int64).Alias("back"),
		Lit(tm).Alias("t"),
		Lit("42").Cast(arrow.PrimitiveTypes.Int32).Alias("n"),
	)
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	d, _ := out.Data()
	want := []any{
		map[string]any{"d": arrow.Date32(0), "back": int64(0), "t": tm, "n": int32(42)},
		map[string]any{"d": nil, "back": nil, "t": tm, "n": int32(42)},
		map[string]any{"d": arrow.Date32(19783), "back": int64(19783), "t": tm, "n": int32(42)},
	}
	if !reflect.DeepEqual(d.ToValue(), want) {
		t.Errorf("got %#v", d.ToValue())
	}
	if got := out.Schema().String(); got != "3 * {d: ?date32, back: ?int64, t: timestamp[us, tz=UTC], n: int32}" {
		t.Errorf("Schema = %s", got)
	}
	if got, err := exprTestEval(f, Col("days").Cast(arrow.FixedWidthTypes.Date32).Cast(arrow.BinaryTypes.String)); err != nil || !reflect.DeepEqual(got, []any{"1970-01-01", nil, "2024-03-01"}) {
		t.Errorf("date to string: %v %v", got, err)
	}
}

// TestExprEmptyStringArray runs the string kernels over an Arrow string
// array of 0 rows without an offsets buffer (legal Arrow).
func TestExprEmptyStringArray(t *testing.T) {
	data := array.NewData(arrow.BinaryTypes.String, 0, []*memory.Buffer{nil, nil, nil}, nil, 0, 0)
	arr := array.NewStringData(data)
	f := FromColumns([]string{"s"}, arr)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	for _, g := range []*Frame{
		f.Filter(Col("s").Str().StartsWith("a")),
		f.Filter(Col("s").Eq(Lit("a"))),
		f.WithColumns(Col("s").Str().LenChars().Alias("n")),
		f.GroupBy("s").Agg(Len()),
		f.WithColumns(Lit(1).Alias("k")).GroupBy("s", "k").Agg(Len()),
		f.Unique(nil),
	} {
		if err := g.Err(); err != nil || g.NumRows() != 0 {
			t.Errorf("%v, %d rows", err, g.NumRows())
		}
	}
}
