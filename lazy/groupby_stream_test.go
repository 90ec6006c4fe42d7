package lazy

import (
	"context"
	"testing"

	"github.com/structframe/structframe/frame"
)

// TestGroupByCombines: partial results combined many times (a flush
// every few rows) give the eager group-by.
func TestGroupByCombines(t *testing.T) {
	defer func(n int) { partialFlush = n }(partialFlush)
	partialFlush = 3
	n := 500
	g, x := make([]any, n), make([]any, n)
	for i := range n {
		if i%11 != 0 {
			g[i] = string(rune('a' + i%7))
		}
		if i%5 != 0 {
			x[i] = int64(i % 13)
		}
	}
	f := frame.FromColumns([]string{"g", "x"}, g, x)
	aggs := []frame.Expr{frame.Col("x").Sum(), frame.Col("x").Mean().Alias("m"), frame.Col("x").Min().Alias("lo"), frame.Len().Alias("n")}
	// Batches of 10 rows: a concat of slices streams through.
	q := From(f.Slice(0, 10))
	for lo := 10; lo < n; lo += 10 {
		q = q.Concat(From(f.Slice(lo, lo+10)))
	}
	got, err := q.GroupBy("g").Agg(aggs...).Collect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if want := f.GroupBy("g").Agg(aggs...); got.String() != want.String() {
		t.Errorf("streamed\n%v\neager\n%v", got, want)
	}
}
