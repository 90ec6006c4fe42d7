package frame

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// dynTestFrame is the small table the GroupByDynamic and Rolling cases
// were run on in Polars: timestamps at irregular times over two days, a
// key and a float column with a null.
func dynTestFrame(t *testing.T) *Frame {
	t.Helper()
	return rollTimeFrame(t,
		[]string{"2024-01-01 10:00", "2024-01-01 11:30", "2024-01-01 12:00", "2024-01-01 14:59", "2024-01-01 15:00", "2024-01-01 19:20", "2024-01-01 20:00", "2024-01-02 01:00"},
		[]string{"g", "x", "l"},
		[]string{"a", "b", "a", "a", "b", "a", "b", "a"},
		[]any{1.0, 2.0, 3.0, nil, 5.0, 6.0, 7.0, 8.0},
		[]any{[]any{int64(1)}, nil, []any{}, nil, nil, nil, nil, []any{int64(2)}})
}

// dynColumns reads columns of a result, timestamps as "MM-DD HH:MM".
func dynColumns(t *testing.T, f *Frame, names ...string) map[string][]any {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	out := make(map[string][]any)
	for _, name := range names {
		e := Col(name)
		if name == "t" || strings.HasPrefix(name, "_") {
			e = e.Dt().Strftime("%m-%d %H:%M")
		}
		got, err := exprTestEval(f, e)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = got
	}
	return out
}

// TestGroupByDynamic checks GroupByDynamic against Polars 0.26.1
// (nodejs-polars group_by_dynamic with start_by "window"): the labels,
// sums and row counts below are its output for the same table and
// settings.
func TestGroupByDynamic(t *testing.T) {
	f := dynTestFrame(t)
	aggs := []Expr{Col("x").Sum().Alias("s"), Len().Alias("n")}
	tests := []struct {
		name  string
		every string
		opts  []DynamicOption
		t     []any
		s     []any
		n     []any
	}{
		{"every 4h", "4h", nil,
			[]any{"01-01 08:00", "01-01 12:00", "01-01 16:00", "01-01 20:00", "01-02 00:00"},
			[]any{3.0, 8.0, 6.0, 7.0, 8.0}, []any{int64(2), int64(3), int64(1), int64(1), int64(1)}},
		{"period 6h overlaps", "4h", []DynamicOption{WithPeriod("6h")},
			[]any{"01-01 08:00", "01-01 12:00", "01-01 16:00", "01-01 20:00", "01-02 00:00"},
			[]any{6.0, 8.0, 13.0, 15.0, 8.0}, []any{int64(3), int64(3), int64(2), int64(2), int64(1)}},
		{"closed right label right", "4h", []DynamicOption{WithClosed(ClosedRight), WithLabel(LabelRight)},
			[]any{"01-01 12:00", "01-01 16:00", "01-01 20:00", "01-02 04:00"},
			[]any{6.0, 5.0, 13.0, 8.0}, []any{int64(3), int64(2), int64(2), int64(1)}},
		{"closed both label datapoint", "4h", []DynamicOption{WithClosed(ClosedBoth), WithLabel(LabelDatapoint)},
			[]any{"01-01 10:00", "01-01 12:00", "01-01 19:20", "01-01 20:00", "01-02 01:00"},
			[]any{6.0, 8.0, 13.0, 7.0, 8.0}, []any{int64(3), int64(3), int64(2), int64(1), int64(1)}},
		{"closed none", "4h", []DynamicOption{WithClosed(ClosedNone)},
			[]any{"01-01 08:00", "01-01 12:00", "01-01 16:00", "01-02 00:00"},
			[]any{3.0, 5.0, 6.0, 8.0}, []any{int64(2), int64(2), int64(1), int64(1)}},
		{"offset 1h", "4h", []DynamicOption{WithOffset("1h")},
			[]any{"01-01 09:00", "01-01 13:00", "01-01 17:00", "01-02 01:00"},
			[]any{6.0, 5.0, 13.0, 8.0}, []any{int64(3), int64(2), int64(2), int64(1)}},
		{"start by datapoint", "4h", []DynamicOption{WithStartBy(StartByDatapoint)},
			[]any{"01-01 10:00", "01-01 14:00", "01-01 18:00", "01-01 22:00"},
			[]any{6.0, 5.0, 13.0, 8.0}, []any{int64(3), int64(2), int64(2), int64(1)}},
		{"every 1d period 2d", "1d", []DynamicOption{WithPeriod("2d")},
			[]any{"01-01 00:00", "01-02 00:00"}, []any{32.0, 8.0}, []any{int64(8), int64(1)}},
		{"gaps: period shorter than every", "3h", []DynamicOption{WithOffset("-30m"), WithPeriod("2h")},
			[]any{"01-01 08:30", "01-01 11:30", "01-01 14:30", "01-01 17:30", "01-01 23:30"},
			[]any{1.0, 5.0, 5.0, 6.0, 8.0}, []any{int64(1), int64(2), int64(2), int64(1), int64(1)}},
	}
	for _, tt := range tests {
		got := dynColumns(t, f.GroupByDynamic("t", tt.every, tt.opts...).Agg(aggs...), "t", "s", "n")
		if !reflect.DeepEqual(got["t"], tt.t) || !rollSame(got["s"], tt.s) || !reflect.DeepEqual(got["n"], tt.n) {
			t.Errorf("%s: got t=%v s=%v n=%v\nwant t=%v s=%v n=%v", tt.name, got["t"], got["s"], got["n"], tt.t, tt.s, tt.n)
		}
	}
	// with a key: each group's own windows, groups sorted, boundaries
	out := f.GroupByDynamic("t", "4h", WithGroupBy("g"), WithIncludeBoundaries(true)).Agg(Col("x").Sum().Alias("s"), Col("l").First())
	if cols := out.Columns(); !reflect.DeepEqual(cols, []string{"g", "_lower_boundary", "_upper_boundary", "t", "s", "l"}) {
		t.Errorf("columns %v", cols)
	}
	got := dynColumns(t, out, "g", "_upper_boundary", "t", "s")
	want := map[string][]any{
		"g":               {"a", "a", "a", "a", "b", "b", "b"},
		"t":               {"01-01 08:00", "01-01 12:00", "01-01 16:00", "01-02 00:00", "01-01 08:00", "01-01 12:00", "01-01 20:00"},
		"_upper_boundary": {"01-01 12:00", "01-01 16:00", "01-01 20:00", "01-02 04:00", "01-01 12:00", "01-01 16:00", "01-02 00:00"},
		"s":               {1.0, 3.0, 6.0, 8.0, 2.0, 5.0, 7.0},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("by g: got %v\nwant %v", got, want)
	}
}

// TestGroupByDynamicCalendar checks window starts against Polars 0.26.1:
// a first time before the offset start, a first time on a boundary with
// closed right, calendar months (with a period and an offset), weeks,
// a start on the first datapoint, dates and integers.
func TestGroupByDynamicCalendar(t *testing.T) {
	sums := func(f *Frame, every string, opts ...DynamicOption) (labels, s []any) {
		got := dynColumns(t, f.GroupByDynamic("t", every, opts...).Agg(Col("x").Sum().Alias("s")), "t", "s")
		return got["t"], got["s"]
	}
	check := func(name string, labels, s, wantT, wantS []any) {
		t.Helper()
		if !reflect.DeepEqual(labels, wantT) || !rollSame(s, wantS) {
			t.Errorf("%s: got %v %v, want %v %v", name, labels, s, wantT, wantS)
		}
	}
	a := rollTimeFrame(t, []string{"2024-01-01 10:00", "2024-01-01 11:30", "2024-01-01 16:00"}, []string{"x"}, []float64{1, 2, 3})
	l, s := sums(a, "4h", WithOffset("3h"))
	check("offset 3h", l, s, []any{"01-01 07:00", "01-01 11:00", "01-01 15:00"}, []any{1.0, 2.0, 3.0})
	l, s = sums(a, "4h", WithOffset("5h"))
	check("offset 5h", l, s, []any{"01-01 09:00", "01-01 13:00"}, []any{3.0, 3.0})
	b := rollTimeFrame(t, []string{"2024-01-01 08:00", "2024-01-01 11:30", "2024-01-01 16:00"}, []string{"x"}, []float64{1, 2, 3})
	l, s = sums(b, "4h", WithClosed(ClosedRight))
	check("closed right on a boundary", l, s, []any{"01-01 04:00", "01-01 08:00", "01-01 12:00"}, []any{1.0, 2.0, 3.0})
	l, s = sums(b, "4h", WithClosed(ClosedRight), WithPeriod("8h"))
	check("closed right period 8h", l, s, []any{"01-01 04:00", "01-01 08:00", "01-01 12:00"}, []any{3.0, 5.0, 3.0})
	m := rollTimeFrame(t, []string{"2024-01-31 08:00", "2024-02-29 11:30", "2024-03-01 16:00", "2024-05-02 00:00"}, []string{"x"}, []float64{1, 2, 3, 4})
	l, s = sums(m, "1mo")
	check("1mo", l, s, []any{"01-01 00:00", "02-01 00:00", "03-01 00:00", "05-01 00:00"}, []any{1.0, 2.0, 3.0, 4.0})
	l, s = sums(m, "1mo", WithPeriod("2mo"), WithLabel(LabelRight))
	check("1mo period 2mo", l, s, []any{"03-01 00:00", "04-01 00:00", "05-01 00:00", "06-01 00:00", "07-01 00:00"}, []any{3.0, 5.0, 3.0, 4.0, 4.0})
	l, s = sums(m, "1mo", WithOffset("15d"))
	check("1mo offset 15d", l, s, []any{"01-16 00:00", "02-16 00:00", "04-16 00:00"}, []any{1.0, 5.0, 4.0})
	l, s = sums(m, "1w")
	check("1w", l, s, []any{"01-29 00:00", "02-26 00:00", "04-29 00:00"}, []any{1.0, 5.0, 4.0})
	l, s = sums(m, "1w", WithStartBy(StartByMonday))
	check("1w monday", l, s, []any{"01-29 00:00", "02-26 00:00", "04-29 00:00"}, []any{1.0, 5.0, 4.0})
	l, s = sums(m, "1mo", WithStartBy(StartByDatapoint))
	check("1mo datapoint", l, s, []any{"01-31 08:00", "02-29 08:00", "04-29 08:00"}, []any{1.0, 5.0, 4.0})
	d := FromColumns([]string{"t", "x"}, []string{"2024-01-01", "2024-01-01", "2024-01-01"}, []float64{1, 2, 3}).
		WithColumns(Col("t").Str().ToDate("").Alias("t"))
	got := dynColumns(t, d.GroupByDynamic("t", "2d").Agg(Col("x").Sum().Alias("s")), "t", "s")
	check("date 2d", got["t"], got["s"], []any{"12-31 00:00"}, []any{6.0})
	ints := FromColumns([]string{"t", "x"}, []int64{1, 2, 2, 5, 9}, []float64{1, 2, 4, 8, 16})
	r := ints.GroupByDynamic("t", "3i").Agg(Col("x").Sum().Alias("s"))
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	lt, _ := exprTestEval(r, Col("t"))
	ls, _ := exprTestEval(r, Col("s"))
	check("3i", lt, ls, []any{int64(0), int64(3), int64(9)}, []any{7.0, 8.0, 16.0})
}

// TestRollingContext checks Frame.Rolling against Polars 0.26.1
// (nodejs-polars group_by_rolling / rolling): duplicate times share a
// window, an empty window (closed left, an offset) aggregates as an
// empty group, calendar months, keys.
func TestRollingContext(t *testing.T) {
	f := rollTimeFrame(t,
		[]string{"2024-01-01", "2024-01-02", "2024-01-02", "2024-01-05", "2024-01-06", "2024-01-31", "2024-02-29", "2024-03-01"},
		[]string{"a"}, []any{1.0, 2.0, 3.0, nil, 5.0, 6.0, 7.0, 8.0})
	aggs := []Expr{Col("a").Sum().Alias("s"), Len().Alias("n"), Col("a").Mean().Alias("m")}
	i := func(xs ...int64) []any {
		out := make([]any, len(xs))
		for k, x := range xs {
			out[k] = x
		}
		return out
	}
	tests := []struct {
		name   string
		period string
		opts   []RollingGroupOption
		s, n   []any
		m      []any
	}{
		{"3d", "3d", nil, []any{1.0, 6.0, 6.0, 0.0, 5.0, 6.0, 7.0, 15.0}, i(1, 3, 3, 1, 2, 1, 1, 2), nil},
		{"1mo", "1mo", nil, []any{1.0, 6.0, 6.0, 6.0, 11.0, 17.0, 13.0, 15.0}, i(1, 3, 3, 4, 5, 6, 2, 2), nil},
		{"closed left", "3d", []RollingGroupOption{WithClosed(ClosedLeft)}, []any{0.0, 1.0, 1.0, 5.0, 0.0, 0.0, 0.0, 7.0}, i(0, 1, 1, 2, 1, 0, 0, 1),
			[]any{nil, 1.0, 1.0, 2.5, nil, nil, nil, 7.0}},
		{"offset 1d", "3d", []RollingGroupOption{WithOffset("1d")}, []any{0.0, 5.0, 5.0, 0.0, 0.0, 0.0, 0.0, 0.0}, i(1, 2, 2, 0, 0, 0, 0, 0), nil},
	}
	for _, tt := range tests {
		got := dynColumns(t, f.Rolling("t", tt.period, tt.opts...).Agg(aggs...), "t", "s", "n", "m")
		if !rollSame(got["s"], tt.s) || !reflect.DeepEqual(got["n"], tt.n) || (tt.m != nil && !rollSame(got["m"], tt.m)) {
			t.Errorf("%s: got s=%v n=%v m=%v, want %v %v %v", tt.name, got["s"], got["n"], got["m"], tt.s, tt.n, tt.m)
		}
		if got["t"][1] != "01-02 00:00" || len(got["t"]) != 8 {
			t.Errorf("%s: times %v", tt.name, got["t"])
		}
	}
	g := rollTimeFrame(t, []string{"2024-01-01 08:00", "2024-01-01 09:00", "2024-01-01 10:00", "2024-01-01 11:00", "2024-01-01 12:00", "2024-01-01 13:00"},
		[]string{"g", "x"}, []string{"c", "a", "b", "d", "b", "a"}, []float64{1, 2, 3, 4, 5, 6})
	got := dynColumns(t, g.Rolling("t", "2h", WithGroupBy("g")).Agg(Col("x").Sum().Alias("s")), "g", "s")
	if want := []any{"a", "a", "b", "b", "c", "d"}; !reflect.DeepEqual(got["g"], want) || !rollSame(got["s"], []any{2.0, 6.0, 3.0, 5.0, 1.0, 4.0}) {
		t.Errorf("by g: %v", got)
	}
	ints := FromColumns([]string{"t", "x"}, []int64{1, 2, 2, 5, 9}, []float64{1, 2, 4, 8, 16})
	got = dynColumns(t, ints.Rolling("t", "3i").Agg(Col("x").Sum().Alias("s")), "s")
	if !rollSame(got["s"], []any{1.0, 7.0, 7.0, 8.0, 16.0}) {
		t.Errorf("3i: %v", got["s"])
	}
	// an empty frame gives no window and the result's columns
	e := f.Head(0).Rolling("t", "2d").Agg(Col("a").Sum().Alias("s"))
	if err := e.Err(); err != nil || e.NumRows() != 0 || !reflect.DeepEqual(e.Columns(), []string{"t", "s"}) {
		t.Errorf("empty: %v %v", e.Columns(), err)
	}
	ed := f.Head(0).GroupByDynamic("t", "1d").Agg(Col("a").Sum().Alias("s"))
	if err := ed.Err(); err != nil || ed.NumRows() != 0 {
		t.Errorf("empty dynamic: %v", err)
	}
}

// TestTimeGroupErrors checks the errors: an unsorted time column (named
// with its row), within a group too, nulls, bad durations and settings.
func TestTimeGroupErrors(t *testing.T) {
	f := rollTimeFrame(t, []string{"2024-01-01 10:00", "2024-01-01 09:30", "2024-01-01 16:00"}, []string{"g", "x"}, []string{"a", "b", "a"}, []float64{1, 2, 3})
	err := f.GroupByDynamic("t", "4h").Agg(Col("x").Sum()).Err()
	if !errors.Is(err, ErrArgument) || !strings.Contains(err.Error(), "t is not sorted: row 1") {
		t.Errorf("unsorted: %v", err)
	}
	if err := f.GroupByDynamic("t", "4h", WithGroupBy("g")).Agg(Col("x").Sum()).Err(); err != nil {
		t.Errorf("sorted within each group: %v", err)
	}
	if err := f.Rolling("t", "1h").Agg(Col("x").Sum()).Err(); err == nil {
		t.Error("rolling unsorted: no error")
	}
	for name, err := range map[string]error{
		"bad every":     f.GroupByDynamic("t", "4x", WithGroupBy("g")).Agg().Err(),
		"zero every":    f.GroupByDynamic("t", "0h", WithGroupBy("g")).Agg().Err(),
		"mixed every":   f.GroupByDynamic("t", "1mo2d", WithGroupBy("g")).Agg().Err(),
		"index every":   f.GroupByDynamic("t", "2i", WithGroupBy("g")).Agg().Err(),
		"no column":     f.GroupByDynamic("nope", "1h").Agg().Err(),
		"string column": f.GroupByDynamic("g", "1h").Agg().Err(),
		"bad period":    f.Rolling("t", "-1h", WithGroupBy("g")).Agg().Err(),
		"bad label":     f.GroupByDynamic("t", "1h", WithGroupBy("g"), WithLabel(Label(9))).Agg().Err(),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	n := FromColumns([]string{"t", "x"}, []any{int64(1), nil}, []float64{1, 2})
	if err := n.Rolling("t", "2i").Agg(Col("x").Sum()).Err(); err == nil || !strings.Contains(err.Error(), "null at row 1") {
		t.Errorf("null time: %v", err)
	}
	if s := Label(1).String() + StartByMonday.String(); s != "rightmonday" {
		t.Errorf("names %s", s)
	}
}
