package frame

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// joinNullFrames returns two sides with null keys: the left has two.
func joinNullFrames(t *testing.T) (a, b *Frame) {
	t.Helper()
	a = FromColumns([]string{"k", "v"}, []any{int64(1), nil, int64(2), nil}, []string{"a", "b", "c", "d"})
	b = FromColumns([]string{"k", "w"}, []any{nil, int64(2), int64(3)}, []string{"x", "y", "z"})
	if err := errors.Join(a.Err(), b.Err()); err != nil {
		t.Fatal(err)
	}
	return a, b
}

// TestJoinNullsEqualAndCoalesce: null keys match under WithNullsEqual, and
// WithCoalesce(false) keeps both keys. Checked against nodejs-polars 0.26
// (join with nullsEqual, coalesce), which agrees on every row; its Right
// join puts the right key at the right's position, where Join keeps the
// left columns first.
func TestJoinNullsEqualAndCoalesce(t *testing.T) {
	a, b := joinNullFrames(t)
	tests := []struct {
		how  JoinHow
		opts []JoinOption
		cols []string
		rows []string
	}{
		{Inner, []JoinOption{WithNullsEqual(true)}, []string{"k", "v", "w"}, []string{`<nil> b x`, `2 c y`, `<nil> d x`}},
		{Left, []JoinOption{WithNullsEqual(true)}, []string{"k", "v", "w"}, []string{`1 a <nil>`, `<nil> b x`, `2 c y`, `<nil> d x`}},
		{Right, []JoinOption{WithNullsEqual(true)}, []string{"k", "v", "w"}, []string{`<nil> b x`, `<nil> d x`, `2 c y`, `3 <nil> z`}},
		{Outer, []JoinOption{WithNullsEqual(true)}, []string{"k", "v", "w"}, []string{`1 a <nil>`, `<nil> b x`, `2 c y`, `<nil> d x`, `3 <nil> z`}},
		{Semi, []JoinOption{WithNullsEqual(true)}, []string{"k", "v"}, []string{`<nil> b`, `2 c`, `<nil> d`}},
		{Anti, []JoinOption{WithNullsEqual(true)}, []string{"k", "v"}, []string{`1 a`}},
		{Inner, []JoinOption{WithNullsEqual(false)}, []string{"k", "v", "w"}, []string{`2 c y`}},
		{Anti, nil, []string{"k", "v"}, []string{`1 a`, `<nil> b`, `<nil> d`}},
		{Inner, []JoinOption{WithCoalesce(false)}, []string{"k", "v", "k_right", "w"}, []string{`2 c 2 y`}},
		{Left, []JoinOption{WithCoalesce(false)}, []string{"k", "v", "k_right", "w"},
			[]string{`1 a <nil> <nil>`, `<nil> b <nil> <nil>`, `2 c 2 y`, `<nil> d <nil> <nil>`}},
		{Right, []JoinOption{WithCoalesce(false)}, []string{"k", "v", "k_right", "w"},
			[]string{`<nil> <nil> <nil> x`, `2 c 2 y`, `<nil> <nil> 3 z`}},
		{Outer, []JoinOption{WithCoalesce(false)}, []string{"k", "v", "k_right", "w"},
			[]string{`1 a <nil> <nil>`, `<nil> b <nil> <nil>`, `2 c 2 y`, `<nil> d <nil> <nil>`, `<nil> <nil> <nil> x`, `<nil> <nil> 3 z`}},
		{Outer, []JoinOption{WithCoalesce(true)}, []string{"k", "v", "w"},
			[]string{`1 a <nil>`, `<nil> b <nil>`, `2 c y`, `<nil> d <nil>`, `<nil> <nil> x`, `3 <nil> z`}},
		{Outer, []JoinOption{WithCoalesce(false), WithNullsEqual(true)}, []string{"k", "v", "k_right", "w"},
			[]string{`1 a <nil> <nil>`, `<nil> b <nil> x`, `2 c 2 y`, `<nil> d <nil> x`, `<nil> <nil> 3 z`}},
	}
	for _, tc := range tests {
		got := a.Join(b, On("k"), tc.how, tc.opts...)
		if err := got.Err(); err != nil {
			t.Fatalf("%v %v: %v", tc.how, tc.opts, err)
		}
		if cols := got.Columns(); !reflect.DeepEqual(cols, tc.cols) {
			t.Errorf("%v %v: columns %v, want %v", tc.how, tc.opts, cols, tc.cols)
		}
		if rows := joinRowStrings(got); !reflect.DeepEqual(rows, tc.rows) {
			t.Errorf("%v %v: rows\n%s\nwant\n%s", tc.how, tc.opts, strings.Join(rows, "\n"), strings.Join(tc.rows, "\n"))
		}
	}
}

// TestJoinNullsEqualKinds: nulls match under WithNullsEqual whatever the
// key's kind, a column of Arrow type Null, and one key of several.
func TestJoinNullsEqualKinds(t *testing.T) {
	l := FromColumns([]string{"s", "n", "i", "v"},
		[]any{"a", nil, "b"}, []any{nil, nil, nil}, []any{int64(1), int64(1), nil}, []int64{1, 2, 3})
	r := FromColumns([]string{"s", "n", "i", "w"},
		[]any{nil, "a", nil}, []any{int64(5), nil, nil}, []any{int64(1), int64(1), nil}, []int64{10, 20, 30})
	tests := []struct {
		on   []string
		rows []string
	}{
		{[]string{"s"}, []string{`a <nil> 1 1 <nil> 1 20`, `<nil> <nil> 1 2 5 1 10`, `<nil> <nil> 1 2 <nil> <nil> 30`}},
		{[]string{"n"}, []string{`a <nil> 1 1 a 1 20`, `a <nil> 1 1 <nil> <nil> 30`, `<nil> <nil> 1 2 a 1 20`, `<nil> <nil> 1 2 <nil> <nil> 30`, `b <nil> <nil> 3 a 1 20`, `b <nil> <nil> 3 <nil> <nil> 30`}},
		{[]string{"s", "i"}, []string{`a <nil> 1 1 <nil> 20`, `<nil> <nil> 1 2 5 10`}},
	}
	for _, tc := range tests {
		got := l.Join(r, On(tc.on...), Inner, WithNullsEqual(true), WithSuffix("_r"))
		if err := got.Err(); err != nil {
			t.Fatalf("%v: %v", tc.on, err)
		}
		if rows := joinRowStrings(got); !reflect.DeepEqual(rows, tc.rows) {
			t.Errorf("%v (%v): rows\n%s\nwant\n%s", tc.on, got.Columns(), strings.Join(rows, "\n"), strings.Join(tc.rows, "\n"))
		}
	}
}

// TestJoinValidate: each check against duplicated keys on each side; null
// keys are duplicates only when they match (Polars' validate, checked
// with nodejs-polars 0.26: nulls pass 1:1 unless nullsEqual).
func TestJoinValidate(t *testing.T) {
	uniq := FromColumns([]string{"k", "v"}, []int64{1, 2, 3}, []string{"a", "b", "c"})
	dup := FromColumns([]string{"k", "w"}, []int64{7, 2, 7}, []string{"x", "y", "z"})
	nulls := FromColumns([]string{"k", "w"}, []any{nil, int64(2), nil}, []string{"x", "y", "z"})
	strs := FromColumns([]string{"s", "t"}, []string{"p", "q", "q"}, []int64{1, 2, 2})
	tests := []struct {
		name  string
		l, r  *Frame
		on    JoinOn
		v     JoinValidate
		opts  []JoinOption
		want  string // "" for no error
		nrows int
	}{
		{"m:m dup", dup, dup, On("k"), ManyToMany, nil, "", 5},
		{"1:1 uniq", uniq, uniq, On("k"), OneToOne, nil, "", 3},
		{"1:1 right dup", uniq, dup, On("k"), OneToOne, nil, `validate 1:1: the right key k = 7 is on rows 0 and 2`, 0},
		{"1:1 left dup", dup, uniq, On("k"), OneToOne, nil, `validate 1:1: the left key k = 7 is on rows 0 and 2`, 0},
		{"1:m left dup", dup, uniq, On("k"), OneToMany, nil, `the left key k = 7`, 0},
		{"1:m right dup", uniq, dup, On("k"), OneToMany, nil, "", 1},
		{"m:1 right dup", uniq, dup, On("k"), ManyToOne, nil, `validate m:1: the right key k = 7`, 0},
		{"m:1 left dup", dup, uniq, On("k"), ManyToOne, nil, "", 1},
		{"1:1 null dups", nulls, nulls, On("k"), OneToOne, nil, "", 1},
		{"1:1 null dups equal", uniq, nulls, On("k"), OneToOne, []JoinOption{WithNullsEqual(true)}, `the right key k = <nil> is on rows 0 and 2`, 0},
		{"1:1 strings", strs, strs, On("s", "t"), OneToOne, nil, `the left key s = "q", t = 2 is on rows 1 and 2`, 0},
		{"1:1 empty", uniq.Head(0), dup.Head(0), On("k"), OneToOne, nil, "", 0},
		{"bad", uniq, uniq, On("k"), JoinValidate(9), nil, "unknown validation", 0},
	}
	for _, tc := range tests {
		got := tc.l.Join(tc.r, tc.on, Inner, append(tc.opts, WithValidate(tc.v))...)
		err := got.Err()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want == "" && got.NumRows() != tc.nrows:
			t.Errorf("%s: %d rows, want %d", tc.name, got.NumRows(), tc.nrows)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: err %v, want %q", tc.name, err, tc.want)
		case tc.want != "" && tc.v <= ManyToOne && !errors.Is(err, ErrValidate):
			t.Errorf("%s: err %v is not ErrValidate", tc.name, err)
		}
	}
	// Empty sides with every option.
	for _, how := range []JoinHow{Inner, Left, Right, Outer, Semi, Anti} {
		oneNull := nulls.Head(2)
		for _, pair := range [][2]*Frame{{uniq.Head(0), oneNull}, {oneNull, dup.Head(0)}} {
			g := pair[0].Join(pair[1], On("k"), how, WithNullsEqual(true), WithValidate(OneToOne), WithCoalesce(false))
			if err := g.Err(); err != nil {
				t.Errorf("%v on an empty side: %v", how, err)
			}
		}
	}
	// Semi and Anti are checked too.
	if err := uniq.Join(dup, On("k"), Semi, WithValidate(ManyToOne)).Err(); !errors.Is(err, ErrValidate) {
		t.Errorf("semi m:1: err %v", err)
	}
	if s := OneToMany.String() + ManyToOne.String() + JoinValidate(7).String(); s != "1:mm:1JoinValidate(7)" {
		t.Errorf("String: %s", s)
	}
}
