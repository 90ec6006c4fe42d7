package frame

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// rowsEval evaluates e over f's rows and returns the result's values.
func rowsEval(t *testing.T, f *Frame, e Expr) ([]any, error) {
	t.Helper()
	g := f.WithColumns(e.Alias("out_"))
	if err := g.Err(); err != nil {
		return nil, err
	}
	return sortColumn(t, g, "out_"), nil
}

// fillFrame has nulls at both ends and in runs, in every kind of column.
func fillFrame(t *testing.T) *Frame {
	t.Helper()
	nan := math.NaN()
	i8 := array.NewInt8Builder(memory.DefaultAllocator)
	i8.AppendValues([]int8{0, 5, 0, 0, -7, 0, 0}, []bool{false, true, false, false, true, false, false})
	d32 := array.NewDate32Builder(memory.DefaultAllocator)
	d32.AppendValues([]arrow.Date32{0, 10, 0, 0, 13, 0, 0}, []bool{false, true, false, false, true, false, false})
	ts := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	f := FromColumns([]string{"i", "x", "s", "b", "i8", "d", "t", "l", "st", "z"},
		[]any{nil, int64(1), nil, nil, int64(4), nil, nil},
		[]any{nil, 1.5, nan, nil, -2.0, nil, nil},
		[]any{nil, "a", nil, nil, "b", nil, nil},
		[]any{nil, true, nil, nil, false, nil, nil},
		i8.NewArray(),
		d32.NewArray(),
		[]any{nil, ts, nil, nil, ts.Add(time.Hour), nil, nil},
		[]any{nil, []any{int64(1), int64(2)}, nil, nil, []any{}, nil, nil},
		[]any{nil, map[string]any{"v": "p"}, nil, nil, map[string]any{"v": nil}, nil, nil},
		[]any{nil, nil, nil, nil, nil, nil, nil},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestFillNullWith(t *testing.T) {
	f := fillFrame(t)
	nan := math.NaN()
	ts := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	l1 := []any{int64(1), int64(2)}
	s1, s2 := map[string]any{"v": "p"}, map[string]any{"v": nil}
	tests := []struct {
		name string
		e    Expr
		want []any
	}{
		// Checked against nodejs-polars 0.26 (Polars 0.55): fill_null with
		// each strategy, forward and backward with limit 1 and 2.
		{"forward", Col("i").FillNullWith(FillForward), []any{nil, int64(1), int64(1), int64(1), int64(4), int64(4), int64(4)}},
		{"forward limit 1", Col("i").FillNullWith(FillForward, WithFillLimit(1)), []any{nil, int64(1), int64(1), nil, int64(4), int64(4), nil}},
		{"forward limit 2", Col("i").FillNullWith(FillForward, WithFillLimit(2)), []any{nil, int64(1), int64(1), int64(1), int64(4), int64(4), int64(4)}},
		{"backward", Col("i").FillNullWith(FillBackward), []any{int64(1), int64(1), int64(4), int64(4), int64(4), nil, nil}},
		{"backward limit 1", Col("i").FillNullWith(FillBackward, WithFillLimit(1)), []any{int64(1), int64(1), nil, int64(4), int64(4), nil, nil}},
		{"min", Col("i").FillNullWith(FillMin), []any{int64(1), int64(1), int64(1), int64(1), int64(4), int64(1), int64(1)}},
		{"max", Col("i").FillNullWith(FillMax), []any{int64(4), int64(1), int64(4), int64(4), int64(4), int64(4), int64(4)}},
		// The mean 2.5 truncated to the column's type, as Polars casts it.
		{"mean int", Col("i").FillNullWith(FillMean), []any{int64(2), int64(1), int64(2), int64(2), int64(4), int64(2), int64(2)}},
		{"mean int8", Col("i8").FillNullWith(FillMean), []any{int8(-1), int8(5), int8(-1), int8(-1), int8(-7), int8(-1), int8(-1)}},
		{"zero", Col("i").FillNullWith(FillZero), []any{int64(0), int64(1), int64(0), int64(0), int64(4), int64(0), int64(0)}},
		{"one", Col("i8").FillNullWith(FillOne), []any{int8(1), int8(5), int8(1), int8(1), int8(-7), int8(1), int8(1)}},
		// NaN is a value, not a null: forward fill carries it, the mean
		// takes it (NaN), max skips it.
		{"forward NaN", Col("x").FillNullWith(FillForward), []any{nil, 1.5, nan, nan, -2.0, -2.0, -2.0}},
		{"backward NaN", Col("x").FillNullWith(FillBackward), []any{1.5, 1.5, nan, -2.0, -2.0, nil, nil}},
		{"zero float", Col("x").FillNullWith(FillZero), []any{0.0, 1.5, nan, 0.0, -2.0, 0.0, 0.0}},
		{"strings forward", Col("s").FillNullWith(FillForward), []any{nil, "a", "a", "a", "b", "b", "b"}},
		{"strings min", Col("s").FillNullWith(FillMin), []any{"a", "a", "a", "a", "b", "a", "a"}},
		{"strings max", Col("s").FillNullWith(FillMax), []any{"b", "a", "b", "b", "b", "b", "b"}},
		{"bools zero", Col("b").FillNullWith(FillZero), []any{false, true, false, false, false, false, false}},
		{"bools one", Col("b").FillNullWith(FillOne), []any{true, true, true, true, false, true, true}},
		{"bools min", Col("b").FillNullWith(FillMin), []any{false, true, false, false, false, false, false}},
		{"date forward", Col("d").FillNullWith(FillForward), []any{nil, arrow.Date32(10), arrow.Date32(10), arrow.Date32(10), arrow.Date32(13), arrow.Date32(13), arrow.Date32(13)}},
		{"date max", Col("d").FillNullWith(FillMax), []any{arrow.Date32(13), arrow.Date32(10), arrow.Date32(13), arrow.Date32(13), arrow.Date32(13), arrow.Date32(13), arrow.Date32(13)}},
		{"timestamp backward", Col("t").FillNullWith(FillBackward, WithFillLimit(1)), []any{ts, ts, nil, ts.Add(time.Hour), ts.Add(time.Hour), nil, nil}},
		{"list forward", Col("l").FillNullWith(FillForward), []any{nil, l1, l1, l1, []any{}, []any{}, []any{}}},
		{"list backward limit", Col("l").FillNullWith(FillBackward, WithFillLimit(1)), []any{l1, l1, nil, []any{}, []any{}, nil, nil}},
		{"struct forward", Col("st").FillNullWith(FillForward, WithFillLimit(1)), []any{nil, s1, s1, nil, s2, s2, nil}},
		{"all null", Col("z").FillNullWith(FillForward), []any{nil, nil, nil, nil, nil, nil, nil}},
		{"all null mean", Col("z").FillNullWith(FillMean), []any{nil, nil, nil, nil, nil, nil, nil}},
		{"computed", Col("i").Add(Lit(1)).FillNullWith(FillForward), []any{nil, int64(2), int64(2), int64(2), int64(5), int64(5), int64(5)}},
		{"computed strings", Col("s").Add(Lit("!")).FillNullWith(FillBackward), []any{"a!", "a!", "b!", "b!", "b!", nil, nil}},
		{"literal", Lit(nil).FillNullWith(FillForward), []any{nil, nil, nil, nil, nil, nil, nil}},
	}
	for _, tc := range tests {
		got, err := rowsEval(t, f, tc.e)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !randDeepEqual(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestFillNullWithTypes(t *testing.T) {
	f := fillFrame(t)
	for _, ref := range []string{"i8", "d", "t", "l", "st"} {
		g := f.WithColumns(Col(ref).FillNullWith(FillForward))
		if err := g.Err(); err != nil {
			t.Fatal(err)
		}
		want, _ := f.Column(ref)
		got, _ := g.Column(ref)
		if !arrow.TypeEqual(structSpecType(t, want), structSpecType(t, got)) {
			t.Errorf("%s: type %s, want %s", ref, structSpecType(t, got), structSpecType(t, want))
		}
	}
	// A dictionary column keeps its type.
	db := array.NewDictionaryBuilder(memory.DefaultAllocator, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}).(*array.BinaryDictionaryBuilder)
	_ = db.AppendString("x")
	db.AppendNull()
	_ = db.AppendString("y")
	g := FromColumns([]string{"c"}, db.NewArray()).WithColumns(Col("c").FillNullWith(FillForward))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	c, _ := g.Column("c")
	if got := c.ToValue(); !reflect.DeepEqual(got, []any{"x", "x", "y"}) {
		t.Errorf("dictionary: %v", got)
	}
	if _, ok := structSpecType(t, c).(*arrow.DictionaryType); !ok {
		t.Errorf("dictionary: type %s", structSpecType(t, c))
	}
}

// structSpecType is the Arrow type of a scalar column, or a list or struct
// type standing for a nested one.
func structSpecType(t *testing.T, s Series) arrow.DataType {
	t.Helper()
	switch v := s.Value().(type) {
	case interface{ DataType() arrow.DataType }:
		if s.Value().Rank() == 1 {
			return v.DataType()
		}
		return arrow.ListOf(v.DataType())
	}
	return arrow.StructOf()
}

func TestFillNullWithErrors(t *testing.T) {
	f := fillFrame(t)
	tests := []struct {
		name string
		e    Expr
		want error
	}{
		{"mean of strings", Col("s").FillNullWith(FillMean), ErrType},
		{"mean of bools", Col("b").FillNullWith(FillMean), ErrType},
		{"mean of dates", Col("d").FillNullWith(FillMean), ErrType},
		{"zero of strings", Col("s").FillNullWith(FillZero), ErrType},
		{"zero of dates", Col("d").FillNullWith(FillZero), ErrType},
		{"min of lists", Col("l").FillNullWith(FillMin), ErrType},
		{"one of structs", Col("st").FillNullWith(FillOne), ErrType},
		{"limit for min", Col("i").FillNullWith(FillMin, WithFillLimit(1)), ErrArgument},
		{"limit 0", Col("i").FillNullWith(FillForward, WithFillLimit(0)), ErrArgument},
		{"unknown strategy", Col("i").FillNullWith(FillNullStrategy(42)), ErrArgument},
		{"unknown column", Col("nope").FillNullWith(FillForward), ErrColumn},
	}
	for _, tc := range tests {
		if _, err := rowsEval(t, f, tc.e); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	if err := f.FillNullWith(FillMean, WithFillLimit(2)).Err(); !errors.Is(err, ErrArgument) {
		t.Errorf("frame limit for mean: %v", err)
	}
	if s := FillBackward.String(); s != "backward" {
		t.Errorf("String = %q", s)
	}
	if s := FillNullStrategy(9).String(); s != "FillNullStrategy(9)" {
		t.Errorf("String = %q", s)
	}
	if s := Col("a").FillNullWith(FillForward, WithFillLimit(3)).String(); s != "col(a).fill_null(strategy=forward, limit=3)" {
		t.Errorf("String = %q", s)
	}
}

// TestFillNullWithParts runs the fills over two interleaved parts, as Over
// sets them: each part fills from its own rows only.
func TestFillNullWithParts(t *testing.T) {
	f := FromColumns([]string{"v", "s"},
		[]any{int64(1), int64(10), nil, nil, nil, int64(20), nil, nil},
		[]any{"a", nil, nil, "b", nil, nil, nil, "c"},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	// Part 0: rows 0, 2, 4, 6; part 1: rows 1, 3, 5, 7 (in that order);
	// and one part in reverse row order.
	inter := &winParts{order: []int{0, 2, 4, 6, 1, 3, 5, 7}, starts: []int{0, 4, 8}}
	rev := &winParts{order: []int{7, 6, 5, 4, 3, 2, 1, 0}, starts: []int{0, 8}}
	tests := []struct {
		name string
		p    *winParts
		e    Expr
		want []any
	}{
		{"forward", inter, Col("v").FillNullWith(FillForward), []any{int64(1), int64(10), int64(1), int64(10), int64(1), int64(20), int64(1), int64(20)}},
		{"forward limit", inter, Col("v").FillNullWith(FillForward, WithFillLimit(1)), []any{int64(1), int64(10), int64(1), int64(10), nil, int64(20), nil, int64(20)}},
		{"backward", inter, Col("v").FillNullWith(FillBackward), []any{int64(1), int64(10), nil, int64(20), nil, int64(20), nil, nil}},
		{"min", inter, Col("v").FillNullWith(FillMin), []any{int64(1), int64(10), int64(1), int64(10), int64(1), int64(20), int64(1), int64(10)}},
		{"mean", inter, Col("v").FillNullWith(FillMean), []any{int64(1), int64(10), int64(1), int64(15), int64(1), int64(20), int64(1), int64(15)}},
		{"strings forward", inter, Col("s").FillNullWith(FillForward), []any{"a", nil, "a", "b", "a", "b", "a", "c"}},
		{"strings backward", inter, Col("s").FillNullWith(FillBackward), []any{"a", "b", nil, "b", nil, "c", nil, "c"}},
		{"reversed order forward", rev, Col("v").FillNullWith(FillForward), []any{int64(1), int64(10), int64(20), int64(20), int64(20), int64(20), nil, nil}},
	}
	for _, tc := range tests {
		c := &exprCtx{op: "test", f: f, rows: true, win: tc.p}
		v, err := tc.e.eval(c)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		val, err := v.toValue(f.NumRows())
		if err != nil {
			t.Fatal(err)
		}
		got := Series{v: val}.ToValue()
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestFrameFillNullWith(t *testing.T) {
	f := fillFrame(t)
	g := f.FillNullWith(FillForward, WithFillLimit(1))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	want := map[string][]any{
		"i": {nil, int64(1), int64(1), nil, int64(4), int64(4), nil},
		"s": {nil, "a", "a", nil, "b", "b", nil},
		"l": {nil, []any{int64(1), int64(2)}, []any{int64(1), int64(2)}, nil, []any{}, []any{}, nil},
		"z": {nil, nil, nil, nil, nil, nil, nil},
	}
	for name, w := range want {
		if got := sortColumn(t, g, name); !randDeepEqual(got, w) {
			t.Errorf("forward %s: %v, want %v", name, got, w)
		}
	}
	// The mean fills numbers and leaves the other columns as they are.
	m := f.FillNullWith(FillMean)
	if err := m.Err(); err != nil {
		t.Fatal(err)
	}
	if got := sortColumn(t, m, "x"); !randDeepEqual(got, []any{math.NaN(), 1.5, math.NaN(), math.NaN(), -2.0, math.NaN(), math.NaN()}) {
		t.Errorf("mean x: %v", got)
	}
	for _, name := range []string{"s", "b", "d", "l", "st"} {
		a, _ := f.Column(name)
		b, _ := m.Column(name)
		if a.Value() != b.Value() {
			t.Errorf("mean: column %s was not shared", name)
		}
	}
	z := f.FillNullWith(FillZero)
	if got := sortColumn(t, z, "b"); !reflect.DeepEqual(got, []any{false, true, false, false, false, false, false}) {
		t.Errorf("zero b: %v", got)
	}
	// No null: the frame itself.
	full := FromColumns([]string{"a"}, []int64{1, 2})
	if full.FillNullWith(FillForward) != full {
		t.Error("a frame without nulls is not returned as is")
	}
	if e := FromColumns([]string{"a"}, []int64{}).FillNullWith(FillMax); e.Err() != nil || e.NumRows() != 0 {
		t.Errorf("empty: %v", e.Err())
	}
}

// TestFillNullWithProperty checks forward and backward fill with random
// limits against a naive fill over ToValue, on random columns and on
// random interleaved parts.
func TestFillNullWithProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 21))
	for iter := range 200 {
		n := rng.IntN(30)
		vals := make([]any, n)
		for i := range vals {
			if rng.IntN(10) < 4 {
				continue
			}
			vals[i] = int64(rng.IntN(5))
		}
		f := FromColumns([]string{"v"}, vals)
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		parts := 1 + rng.IntN(3)
		part := make([]int, n)
		var order []int
		starts := []int{0}
		for i := range part {
			part[i] = rng.IntN(parts)
		}
		for k := range parts {
			for i := range part {
				if part[i] == k {
					order = append(order, i)
				}
			}
			starts = append(starts, len(order))
		}
		limit := rng.IntN(3)
		backward := rng.IntN(2) == 1
		s := FillForward
		if backward {
			s = FillBackward
		}
		var opts []FillNullOption
		if limit > 0 {
			opts = append(opts, WithFillLimit(limit))
		}
		// naive: walk each part's rows in order (reversed when backward).
		want := make([]any, n)
		for k := range parts {
			rows := order[starts[k]:starts[k+1]]
			var last any
			run := 0
			for j := range rows {
				if backward {
					j = len(rows) - 1 - j
				}
				r := rows[j]
				if vals[r] != nil {
					last, run = vals[r], 0
					want[r] = vals[r]
					continue
				}
				run++
				if limit == 0 || run <= limit {
					want[r] = last
				}
			}
		}
		c := &exprCtx{op: "test", f: f, rows: true, win: &winParts{order: order, starts: starts}}
		v, err := Col("v").FillNullWith(s, opts...).eval(c)
		if err != nil {
			t.Fatal(err)
		}
		val, err := v.toValue(n)
		if err != nil {
			t.Fatal(err)
		}
		if got := (Series{v: val}).ToValue(); !reflect.DeepEqual(got, want) {
			t.Fatalf("iteration %d (%s, limit %d, parts %v %v): %v, want %v (input %v)", iter, s, limit, order, starts, got, want, vals)
		}
	}
}

// TestRowsKernelsInAgg checks that inside GroupBy.Agg the fills,
// Interpolate and the distinct-value tests see each group's rows only,
// as Polars evaluates them per group.
func TestRowsKernelsInAgg(t *testing.T) {
	f := FromColumns([]string{"g", "v"},
		[]string{"a", "b", "a", "b", "a", "b"},
		[]any{int64(1), int64(2), nil, nil, int64(5), int64(2)},
	)
	got := f.GroupBy("g").Agg(
		Col("v").FillNullWith(FillForward).Alias("ff"),
		Col("v").FillNullWith(FillMean).Alias("mean"),
		Col("v").Interpolate(InterpolateLinear).Alias("lin"),
		Col("v").IsFirstDistinct().Alias("first"),
	)
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	want := map[string][]any{
		"ff":    {[]any{int64(1), int64(1), int64(5)}, []any{int64(2), int64(2), int64(2)}},
		"mean":  {[]any{int64(1), int64(3), int64(5)}, []any{int64(2), int64(2), int64(2)}},
		"lin":   {[]any{1.0, 3.0, 5.0}, []any{2.0, 2.0, 2.0}},
		"first": {[]any{true, true, true}, []any{true, true, false}},
	}
	for name, w := range want {
		if g := sortColumn(t, got, name); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: %v, want %v", name, g, w)
		}
	}
}
