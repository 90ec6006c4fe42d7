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
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// asofColumn renders column col of f, one value per row.
func asofColumn(t *testing.T, f *Frame, col string) string {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	s, err := f.Column(col)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(s.ToValue())
}

// TestJoinAsofStrategies: each strategy, with and without exact matches
// and tolerances, on right keys with ties (several rows of one key). The
// expected columns are nodejs-polars 0.26's joinAsof on the same frames
// (backward takes the last of tied rows, forward the first, nearest the
// last, and the greater key at equal distances; the tolerance bound is
// included).
func TestJoinAsofStrategies(t *testing.T) {
	l := FromColumns([]string{"t", "a"}, []int64{0, 1, 2, 3, 5, 7, 10}, []int64{0, 1, 2, 3, 5, 7, 10})
	r := FromColumns([]string{"t", "b"}, []int64{1, 1, 3, 3, 6, 8, 8}, []int64{10, 11, 30, 31, 60, 80, 81})
	tests := []struct {
		s    AsofStrategy
		opts []AsofOption
		want string
	}{
		{AsofBackward, nil, "[<nil> 11 11 31 31 60 81]"},
		{AsofBackward, []AsofOption{WithAllowExactMatches(false)}, "[<nil> <nil> 11 11 31 60 81]"},
		{AsofBackward, []AsofOption{WithAsofTolerance(1)}, "[<nil> 11 11 31 <nil> 60 <nil>]"},
		{AsofBackward, []AsofOption{WithAsofTolerance(0)}, "[<nil> 11 <nil> 31 <nil> <nil> <nil>]"},
		{AsofForward, nil, "[10 10 30 30 60 80 <nil>]"},
		{AsofForward, []AsofOption{WithAllowExactMatches(false)}, "[10 30 30 60 60 80 <nil>]"},
		{AsofForward, []AsofOption{WithAsofTolerance(1)}, "[10 10 30 30 60 80 <nil>]"},
		{AsofForward, []AsofOption{WithAsofTolerance(0)}, "[<nil> 10 <nil> 30 <nil> <nil> <nil>]"},
		{AsofNearest, nil, "[11 11 31 31 60 81 81]"},
		{AsofNearest, []AsofOption{WithAllowExactMatches(false)}, "[11 31 31 11 60 81 81]"},
		{AsofNearest, []AsofOption{WithAsofTolerance(1)}, "[11 11 31 31 60 81 <nil>]"},
		{AsofNearest, []AsofOption{WithAsofTolerance(0)}, "[<nil> 11 <nil> 31 <nil> <nil> <nil>]"},
		// A float tolerance on integer keys: distances of whole units.
		{AsofBackward, []AsofOption{WithAsofTolerance(1.5)}, "[<nil> 11 11 31 <nil> 60 <nil>]"},
	}
	for _, tc := range tests {
		got := l.JoinAsof(r, On("t"), append(tc.opts, WithAsofStrategy(tc.s))...)
		if b := asofColumn(t, got, "b"); b != tc.want {
			t.Errorf("%v %v: b = %s, want %s", tc.s, tc.opts, b, tc.want)
		}
		if cols := got.Columns(); !reflect.DeepEqual(cols, []string{"t", "a", "b"}) {
			t.Errorf("%v: columns %v", tc.s, cols)
		}
	}
	// The one tie of distances: 7 between 6 and 8 takes 8 (nodejs-polars).
	one := FromColumns([]string{"t"}, []int64{7})
	got := one.JoinAsof(FromColumns([]string{"t", "b"}, []int64{6, 8}, []int64{60, 80}), On("t"), WithAsofStrategy(AsofNearest))
	if b := asofColumn(t, got, "b"); b != "[80]" {
		t.Errorf("nearest tie: %s", b)
	}
}

// TestJoinAsofColumns: the right on key is dropped when it has the left
// one's name (unless WithCoalesce(false)), kept under another name, and
// the right by keys are dropped (nodejs-polars 0.26 names them so).
func TestJoinAsofColumns(t *testing.T) {
	l := FromColumns([]string{"g", "t", "v"}, []string{"a", "b"}, []int64{1, 3}, []string{"x", "y"})
	r := FromColumns([]string{"g", "t", "v"}, []string{"b", "a"}, []int64{0, 0}, []int64{1, 2})
	u := r.Rename(map[string]string{"t": "u", "g": "h"})
	nested := FromColumns([]string{"s", "w"}, []any{
		map[string]any{"t": int64(0), "g": "a"}, map[string]any{"t": int64(2), "g": "b"},
	}, []any{[]any{int64(1)}, nil})
	tests := []struct {
		name string
		got  *Frame
		cols []string
		rows []string
	}{
		{"by", l.JoinAsof(r, On("t"), WithAsofBy(On("g"))), []string{"g", "t", "v", "v_right"}, []string{`a 1 x 2`, `b 3 y 1`}},
		{"by no coalesce", l.JoinAsof(r, On("t"), WithAsofBy(On("g")), WithCoalesce(false)),
			[]string{"g", "t", "v", "t_right", "v_right"}, []string{`a 1 x 0 2`, `b 3 y 0 1`}},
		{"names differ", l.JoinAsof(u, LeftOn("t").RightOn("u"), WithAsofBy(LeftOn("g").RightOn("h")), WithSuffix("_r")),
			[]string{"g", "t", "v", "u", "v_r"}, []string{`a 1 x 0 2`, `b 3 y 0 1`}},
		{"nested keys", l.JoinAsof(nested, LeftOn("t").RightOn("s.t"), WithAsofBy(LeftOn("g").RightOn("s.g"))),
			[]string{"g", "t", "v", "s", "w"}, []string{`a 1 x map[g:a t:0] [1]`, `b 3 y map[g:b t:2] <nil>`}},
		{"expr key", l.JoinAsof(r, LeftOnExprs(Col("t").Sub(Lit(1))).RightOn("t")),
			[]string{"g", "t", "v", "g_right", "t_right", "v_right"}, []string{`a 1 x a 0 2`, `b 3 y a 0 2`}},
	}
	for _, tc := range tests {
		if err := tc.got.Err(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if cols := tc.got.Columns(); !reflect.DeepEqual(cols, tc.cols) {
			t.Errorf("%s: columns %v, want %v", tc.name, cols, tc.cols)
		}
		if rows := joinRowStrings(tc.got); !reflect.DeepEqual(rows, tc.rows) {
			t.Errorf("%s: rows %q, want %q", tc.name, rows, tc.rows)
		}
	}
}

// TestJoinAsofByGroups: by groups interleaved in row order, each sorted
// within itself (the right side's group "a" rows at 1 and 2, "b" at 0
// and 3); a null by key and a group only one side has match nothing;
// nearest takes the greater key at equal distances (1 between 0 and 2).
// Polars (nodejs-polars 0.26) gives these rows, warning that it cannot
// check sortedness with by; JoinAsof checks it.
func TestJoinAsofByGroups(t *testing.T) {
	l := FromColumns([]string{"g", "t"}, []any{"a", "b", "a", "b", "c", nil}, []int64{1, 1, 5, 3, 2, 9})
	r := FromColumns([]string{"g", "t", "b"}, []any{"b", "a", "a", "b", nil}, []int64{0, 2, 4, 2, 0}, []int64{1, 2, 3, 4, 5})
	for s, want := range map[AsofStrategy]string{
		AsofBackward: "[<nil> 1 3 4 <nil> <nil>]",
		AsofForward:  "[2 4 <nil> <nil> <nil> <nil>]",
		AsofNearest:  "[2 4 3 4 <nil> <nil>]",
	} {
		got := l.JoinAsof(r, On("t"), WithAsofBy(On("g")), WithAsofStrategy(s))
		if b := asofColumn(t, got, "b"); b != want {
			t.Errorf("%v: b = %s, want %s", s, b, want)
		}
	}
	// Two by keys.
	l2 := FromColumns([]string{"g", "h", "t"}, []string{"a", "a", "a"}, []int64{1, 2, 1}, []int64{5, 5, 6})
	r2 := FromColumns([]string{"g", "h", "t", "b"}, []string{"a", "a", "a"}, []int64{2, 1, 1}, []int64{4, 3, 5}, []int64{1, 2, 3})
	got := l2.JoinAsof(r2, On("t"), WithAsofBy(On("g", "h")))
	if b := asofColumn(t, got, "b"); b != "[3 1 3]" {
		t.Errorf("two by keys: %s", b)
	}
}

// TestJoinAsofNulls: null keys never match and may sit anywhere (Polars
// refuses them as unsorted; JoinAsof skips them), on either side.
func TestJoinAsofNulls(t *testing.T) {
	l := FromColumns([]string{"t"}, []any{nil, int64(1), int64(2), nil, int64(5)})
	r := FromColumns([]string{"t", "b"}, []any{nil, int64(1), nil, int64(3)}, []int64{0, 10, 20, 30})
	for s, want := range map[AsofStrategy]string{
		AsofBackward: "[<nil> 10 10 <nil> 30]",
		AsofForward:  "[<nil> 10 30 <nil> <nil>]",
		AsofNearest:  "[<nil> 10 30 <nil> 30]",
	} {
		got := l.JoinAsof(r, On("t"), WithAsofStrategy(s))
		if b := asofColumn(t, got, "b"); b != want {
			t.Errorf("%v: b = %s, want %s", s, b, want)
		}
	}
	// A key of Arrow type Null matches nothing.
	got := FromColumns([]string{"t", "v"}, []any{nil, nil}, []int64{1, 2}).JoinAsof(r, On("t"))
	if b := asofColumn(t, got, "b"); b != "[<nil> <nil>]" {
		t.Errorf("null key: %s", b)
	}
}

// TestJoinAsofFloats: float keys with NaN (greatest, equal to NaN) and a
// float tolerance; nodejs-polars 0.26 gives these columns.
func TestJoinAsofFloats(t *testing.T) {
	nan := math.NaN()
	l := FromColumns([]string{"t"}, []float64{0.5, 1.5, 2.5, nan})
	r := FromColumns([]string{"t", "b"}, []float64{1, 2, nan}, []int64{1, 2, 3})
	for _, tc := range []struct {
		opts []AsofOption
		want string
	}{
		{nil, "[<nil> 1 2 3]"},
		{[]AsofOption{WithAsofStrategy(AsofForward)}, "[1 2 3 3]"},
		{[]AsofOption{WithAsofStrategy(AsofNearest), WithAsofTolerance(0.5)}, "[1 2 <nil> <nil>]"},
		{[]AsofOption{WithAsofStrategy(AsofNearest), WithAsofTolerance(float32(0.25))}, "[<nil> <nil> <nil> <nil>]"},
		{[]AsofOption{WithAsofTolerance(1)}, "[<nil> 1 2 <nil>]"},
		{[]AsofOption{WithAsofStrategy(AsofNearest)}, "[1 2 3 3]"},
	} {
		got := l.JoinAsof(r, On("t"), tc.opts...)
		if b := asofColumn(t, got, "b"); b != tc.want {
			t.Errorf("%v: b = %s, want %s", tc.opts, b, tc.want)
		}
	}
}

// TestJoinAsofTemporal: dates with a duration-string, a time.Duration and
// an integer (days) tolerance, timestamps with seconds; nodejs-polars
// 0.26 gives these columns ("36h" on dates matches nothing two days
// away; "1mo" is refused).
func TestJoinAsofTemporal(t *testing.T) {
	mem := memory.DefaultAllocator
	dates := func(days ...int32) arrow.Array {
		b := array.NewDate32Builder(mem)
		for _, d := range days {
			b.Append(arrow.Date32(18262 + d)) // 2020-01-01 + d
		}
		return b.NewArray()
	}
	l := FromColumns([]string{"d"}, dates(0, 4, 9))
	r := FromColumns([]string{"d", "v"}, dates(2, 7), []int64{3, 8})
	for _, tc := range []struct {
		opt  AsofOption
		want string
	}{
		{WithAsofTolerance("2d"), "[<nil> 3 8]"},
		{WithAsofTolerance("1d"), "[<nil> <nil> <nil>]"},
		{WithAsofTolerance(2), "[<nil> 3 8]"},
		{WithAsofTolerance("36h"), "[<nil> <nil> <nil>]"},
		{WithAsofTolerance("48h"), "[<nil> 3 8]"},
		{WithAsofTolerance(48 * time.Hour), "[<nil> 3 8]"},
		{WithAsofTolerance("1w"), "[<nil> 3 8]"},
	} {
		got := l.JoinAsof(r, On("d"), tc.opt)
		if v := asofColumn(t, got, "v"); v != tc.want {
			t.Errorf("%v: v = %s, want %s", tc.opt, v, tc.want)
		}
	}
	ts := func(secs ...int64) arrow.Array {
		b := array.NewTimestampBuilder(mem, &arrow.TimestampType{Unit: arrow.Millisecond, TimeZone: "UTC"})
		for _, s := range secs {
			b.Append(arrow.Timestamp(1577836800_000 + s*1000))
		}
		return b.NewArray()
	}
	lt := FromColumns([]string{"d"}, ts(0, 10))
	rt := FromColumns([]string{"d", "v"}, ts(5), []int64{5})
	for _, tc := range []struct {
		opt  AsofOption
		want string
	}{
		{WithAsofTolerance("5s"), "[5 <nil>]"},
		{WithAsofTolerance("4s"), "[<nil> <nil>]"},
		{WithAsofTolerance(5000), "[5 <nil>]"},
		{WithAsofTolerance(4999 * time.Millisecond), "[<nil> <nil>]"},
	} {
		got := lt.JoinAsof(rt, On("d"), tc.opt, WithAsofStrategy(AsofForward))
		if v := asofColumn(t, got, "v"); v != tc.want {
			t.Errorf("timestamps %v: v = %s, want %s", tc.opt, v, tc.want)
		}
	}
	if err := l.JoinAsof(r, On("d"), WithAsofTolerance("1mo")).Err(); !errors.Is(err, ErrArgument) || !strings.Contains(err.Error(), "calendar months") {
		t.Errorf("1mo: %v", err)
	}
}

// TestJoinAsofStrings: string keys search backward and forward (as
// Polars); nearest and tolerances need a distance.
func TestJoinAsofStrings(t *testing.T) {
	l := FromColumns([]string{"t"}, []string{"b", "d"})
	r := FromColumns([]string{"t", "v"}, []string{"a", "c"}, []int64{1, 2})
	if v := asofColumn(t, l.JoinAsof(r, On("t")), "v"); v != "[1 2]" {
		t.Errorf("backward: %s", v)
	}
	if v := asofColumn(t, l.JoinAsof(r, On("t"), WithAsofStrategy(AsofForward)), "v"); v != "[2 <nil>]" {
		t.Errorf("forward: %s", v)
	}
	for _, opt := range []AsofOption{WithAsofStrategy(AsofNearest), WithAsofTolerance(1)} {
		if err := l.JoinAsof(r, On("t"), opt).Err(); !errors.Is(err, ErrType) {
			t.Errorf("%v: %v", opt, err)
		}
	}
}

// TestJoinAsofErrors: unsorted keys name the side, column and rows; bad
// arguments and key types are refused with nothing joined.
func TestJoinAsofErrors(t *testing.T) {
	sorted := FromColumns([]string{"g", "t", "x"}, []string{"a", "a", "b"}, []int64{1, 2, 3}, []float64{1, 2, 3})
	unsorted := FromColumns([]string{"g", "t", "x"}, []string{"a", "b", "a"}, []int64{4, 1, 2}, []float64{1, 2, 3})
	db := array.NewDurationBuilder(memory.DefaultAllocator, &arrow.DurationType{Unit: arrow.Second})
	db.AppendValues([]arrow.Duration{1, 2}, nil)
	durs := FromColumns([]string{"d"}, db.NewArray())
	tests := []struct {
		name string
		got  *Frame
		err  error
		msg  string
	}{
		{"left unsorted", unsorted.JoinAsof(sorted, On("t")), ErrUnsorted, `left key "t" is not sorted ascending: row 1 (1) comes after row 0 (4)`},
		{"right unsorted", sorted.JoinAsof(unsorted, On("t")), ErrUnsorted, `right key "t" is not sorted ascending: row 1 (1) comes after row 0 (4)`},
		{"right unsorted in group", sorted.JoinAsof(unsorted, On("t"), WithAsofBy(On("g"))), ErrUnsorted,
			`right key "t" is not sorted ascending within its by group: row 2 (2) comes after row 0 (4)`},
		{"two keys", sorted.JoinAsof(sorted, On("t", "x")), ErrArgument, "one key on each side"},
		{"no key", sorted.JoinAsof(sorted, On()), ErrArgument, "one key on each side"},
		{"by counts", sorted.JoinAsof(sorted, On("t"), WithAsofBy(LeftOn("g", "t").RightOn("g"))), ErrArgument, "2 left by keys"},
		{"int float", sorted.JoinAsof(sorted, LeftOn("t").RightOn("x")), ErrType, `left "t" is int64, right "x" is float64`},
		{"bool", FromColumns([]string{"t"}, []bool{true}).JoinAsof(FromColumns([]string{"t"}, []bool{true}), On("t")), ErrType, "an as-of key is a number"},
		{"list", FromColumns([]string{"t"}, []any{[]any{int64(1)}}).JoinAsof(sorted, On("t")), ErrType, "list column"},
		{"unknown", sorted.JoinAsof(sorted, On("nope")), ErrColumn, "left key"},
		{"unknown by", sorted.JoinAsof(sorted, On("t"), WithAsofBy(On("nope"))), ErrColumn, "left by key"},
		{"negative", sorted.JoinAsof(sorted, On("t"), WithAsofTolerance(-1)), ErrArgument, "tolerance -1 is negative"},
		{"NaN", sorted.JoinAsof(sorted, On("x"), WithAsofTolerance(math.NaN())), ErrArgument, "negative"},
		{"negative duration", durs.JoinAsof(durs, On("d"), WithAsofTolerance("-2s")), ErrArgument, "negative"},
		{"duration on ints", sorted.JoinAsof(sorted, On("t"), WithAsofTolerance("2d")), ErrType, "is a duration"},
		{"duration on floats", sorted.JoinAsof(sorted, On("x"), WithAsofTolerance(time.Second)), ErrType, "is a duration"},
		{"bad duration", durs.JoinAsof(durs, On("d"), WithAsofTolerance("2x")), ErrArgument, "unknown unit"},
		{"bad strategy", sorted.JoinAsof(sorted, On("t"), WithAsofStrategy(9)), ErrArgument, "unknown strategy"},
		{"nil", sorted.JoinAsof(nil, On("t")), ErrArgument, "nil right frame"},
	}
	for _, tc := range tests {
		err := tc.got.Err()
		if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: err = %v, want %v with %q", tc.name, err, tc.err, tc.msg)
		}
	}
	if s := AsofNearest.String() + AsofStrategy(7).String(); s != "nearestAsofStrategy(7)" {
		t.Errorf("String: %s", s)
	}
}

// TestJoinAsofEmpty: empty sides give every left row, unmatched.
func TestJoinAsofEmpty(t *testing.T) {
	l := FromColumns([]string{"t", "v"}, []int64{1, 2}, []any{[]any{"x"}, nil})
	r := FromColumns([]string{"t", "w"}, []int64{1}, []string{"p"})
	for _, tc := range []struct {
		l, r *Frame
		want string
	}{
		{l, r.Head(0), "[<nil> <nil>]"},
		{l.Head(0), r, "[]"},
		{l.Head(0), r.Head(0), "[]"},
		{l, r, "[p p]"},
	} {
		got := tc.l.JoinAsof(tc.r, On("t"))
		if w := asofColumn(t, got, "w"); w != tc.want {
			t.Errorf("%d×%d: w = %s, want %s", tc.l.NumRows(), tc.r.NumRows(), w, tc.want)
		}
	}
}
