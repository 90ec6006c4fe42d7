package frame

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestJoinCross: every pair, left-major, as Polars' how="cross" (checked
// with nodejs-polars 0.26: its example's order and the suffixed "ham");
// nested columns carried, empty sides empty.
func TestJoinCross(t *testing.T) {
	l := FromColumns([]string{"foo", "ham", "tags"}, []int64{1, 2}, []string{"a", "b"}, []any{[]any{"x"}, nil})
	r := FromColumns([]string{"apple", "ham", "s"}, []string{"x", "y", "z"}, []any{"a", nil, "c"},
		[]any{map[string]any{"p": int64(1)}, nil, map[string]any{"p": int64(3)}})
	got := l.Join(r, On(), Cross)
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	if cols := got.Columns(); !reflect.DeepEqual(cols, []string{"foo", "ham", "tags", "apple", "ham_right", "s"}) {
		t.Errorf("columns %v", cols)
	}
	want := []string{
		`1 a [x] x a map[p:1]`, `1 a [x] y <nil> <nil>`, `1 a [x] z c map[p:3]`,
		`2 b <nil> x a map[p:1]`, `2 b <nil> y <nil> <nil>`, `2 b <nil> z c map[p:3]`,
	}
	if rows := joinRowStrings(got); !reflect.DeepEqual(rows, want) {
		t.Errorf("rows\n%s", strings.Join(rows, "\n"))
	}
	for _, pair := range [][2]*Frame{{l.Head(0), r}, {l, r.Head(0)}, {l.Head(0), r.Head(0)}} {
		g := pair[0].Join(pair[1], On(), Cross)
		if err := g.Err(); err != nil || g.NumRows() != 0 || g.NumColumns() != 6 {
			t.Errorf("empty side: %v, %d rows, %d columns", err, g.NumRows(), g.NumColumns())
		}
	}
	if g := l.Join(r.Head(1), On(), Cross, WithSuffix("_r")); !reflect.DeepEqual(g.Columns(), []string{"foo", "ham", "tags", "apple", "ham_r", "s"}) {
		t.Errorf("suffix: %v (%v)", g.Columns(), g.Err())
	}
	for _, tc := range []struct {
		got *Frame
		msg string
	}{
		{l.Join(r, On("ham"), Cross), "takes no keys"},
		{l.Join(r, On(), Cross, WithValidate(OneToOne)), "no keys to validate"},
	} {
		if err := tc.got.Err(); !errors.Is(err, ErrArgument) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("err %v, want %q", err, tc.msg)
		}
	}
	for _, tc := range []struct {
		n, m, size int
		ok         bool
	}{{3, 4, 12, true}, {0, math.MaxInt, 0, true}, {math.MaxInt, 1, math.MaxInt, true}, {math.MaxInt/2 + 1, 2, 0, false}, {1 << 32, 1 << 32, 0, false}} {
		if size, ok := joinCrossSize(tc.n, tc.m); size != tc.size || ok != tc.ok {
			t.Errorf("joinCrossSize(%d, %d) = %d, %v", tc.n, tc.m, size, ok)
		}
	}
}

// TestJoinCrossProperty: the row count is the product and row i*m+j pairs
// left row i with right row j, over random sizes.
func TestJoinCrossProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 3))
	for iter := range 30 {
		n, m := rng.IntN(12), rng.IntN(12)
		l := FromColumns([]string{"i"}, joinSeq(n))
		r := FromColumns([]string{"j"}, joinSeq(m))
		got := l.Join(r, On(), Cross)
		if err := got.Err(); err != nil {
			t.Fatal(err)
		}
		if got.NumRows() != n*m {
			t.Fatalf("iter %d: %d rows, want %d", iter, got.NumRows(), n*m)
		}
		rows := joinRowStrings(got)
		for k, row := range rows {
			if want := fmt.Sprintf("%d %d", k/m, k%m); row != want {
				t.Fatalf("iter %d: row %d is %q, want %q", iter, k, row, want)
			}
		}
	}
}

// joinSeq is 0, 1, ..., n-1.
func joinSeq(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i)
	}
	return out
}
