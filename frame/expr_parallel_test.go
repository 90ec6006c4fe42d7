package frame

import (
	"os"
	"strings"
	"testing"
)

// TestMain runs the package's tests with the expressions of SelectExprs
// and WithColumns evaluated concurrently whatever the frame's size, so
// that the race detector checks that evaluation shares nothing mutable.
func TestMain(m *testing.M) {
	exprParallelRows = 0
	os.Exit(m.Run())
}

// TestExprsEachOrder: concurrent or not, the error reported is the first
// expression's in order, and a duplicate name only after the expressions
// before it succeed.
func TestExprsEachOrder(t *testing.T) {
	f := FromColumns([]string{"a", "s"}, []int64{1, 2, 3}, []string{"x", "y", "z"})
	for _, rows := range []int{0, 1 << 30} {
		exprParallelRows = rows
		cases := []struct {
			exprs []Expr
			want  string
		}{
			{[]Expr{Col("a"), Col("nope"), Col("s").Add(Lit(1))}, `frame: SelectExprs: column "nope" not found`},
			{[]Expr{Col("s").Add(Lit(1)), Col("nope")}, "cannot"},
			{[]Expr{Col("a"), Col("a")}, "both make column"},
			{[]Expr{Col("nope"), Col("a"), Col("a")}, `column "nope" not found`},
		}
		for _, c := range cases {
			err := f.SelectExprs(c.exprs...).Err()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("parallel rows %d, %v: %v, want %q", rows, c.exprs, err, c.want)
			}
		}
		got := f.SelectExprs(Col("a").Mul(Lit(2)).Alias("b"), Col("s").Str().ToUpper(), Col("a").Sum().Alias("t"))
		if err := got.Err(); err != nil {
			t.Fatal(err)
		}
		want := FromColumns([]string{"b", "s", "t"}, []int64{2, 4, 6}, []string{"X", "Y", "Z"}, []int64{6, 6, 6})
		if !got.data.Equal(want.data) {
			t.Errorf("parallel rows %d: %v, want %v", rows, got, want)
		}
	}
	exprParallelRows = 0
}
