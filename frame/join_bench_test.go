package frame

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// joinBenchRight returns 10,000 rows of distinct values of column col of
// f, in first-seen order, with an extra int64 column.
func joinBenchRight(b *testing.B, f *Frame, col string, n int) *Frame {
	b.Helper()
	s, err := f.Column(col)
	if err != nil {
		b.Fatal(err)
	}
	seen := map[string]bool{}
	var keys []string
	var extra []int64
	for _, v := range s.ToValue() {
		k := v.(string)
		if !seen[k] {
			seen[k] = true
			keys, extra = append(keys, k), append(extra, int64(len(keys)))
			if len(keys) == n {
				break
			}
		}
	}
	r := FromColumns([]string{col, "rank"}, keys, extra)
	if err := r.Err(); err != nil {
		b.Fatal(err)
	}
	return r
}

func BenchmarkJoin(b *testing.B) {
	f := sortBenchFlat(b)
	right := joinBenchRight(b, f, "name", 10_000)
	ints := FromColumns([]string{"count", "rank"}, func() []int64 {
		out := make([]int64, 10_000)
		for i := range out {
			out[i] = int64(i)
		}
		return out
	}(), make([]int64, 10_000))
	for _, bc := range []struct {
		name  string
		right *Frame
		key   string
		how   JoinHow
	}{
		{"string_inner", right, "name", Inner},
		{"string_left", right, "name", Left},
		{"string_semi", right, "name", Semi},
		{"int_left", ints, "count", Left},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var rows int
			for b.Loop() {
				g := f.Join(bc.right, On(bc.key), bc.how)
				if err := g.Err(); err != nil {
					b.Fatal(err)
				}
				rows = g.NumRows()
			}
			b.ReportMetric(float64(rows), "out_rows")
		})
	}
}

// asofBenchSide is n rows of a time-ordered table: a ticker of 100 (by
// key), a timestamp-like int64 key ascending with ties, and a value.
func asofBenchSide(b *testing.B, n int, step int64, seed uint64) *Frame {
	b.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	tickers := make([]string, n)
	ts := make([]int64, n)
	vals := make([]float64, n)
	var at int64
	for i := range n {
		tickers[i] = fmt.Sprintf("T%02d", rng.IntN(100))
		at += rng.Int64N(step)
		ts[i], vals[i] = at, rng.Float64()
	}
	f := FromColumns([]string{"ticker", "time", "value"}, tickers, ts, vals)
	if err := f.Err(); err != nil {
		b.Fatal(err)
	}
	return f
}

// BenchmarkJoinAsof joins 1M trades with the latest of 100k quotes of
// their ticker (one by column), backward and nearest.
func BenchmarkJoinAsof(b *testing.B) {
	trades := asofBenchSide(b, 1_000_000, 10, 1)
	quotes := asofBenchSide(b, 100_000, 100, 2)
	for _, s := range []AsofStrategy{AsofBackward, AsofNearest} {
		b.Run(s.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				g := trades.JoinAsof(quotes, On("time"), WithAsofBy(On("ticker")), WithAsofStrategy(s))
				if err := g.Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCrossJoin pairs 1000 rows with 1000 rows (1M rows out), an
// int, a float and a string column a side.
func BenchmarkCrossJoin(b *testing.B) {
	l := asofBenchSide(b, 1000, 10, 3)
	r := asofBenchSide(b, 1000, 10, 4)
	b.ReportAllocs()
	for b.Loop() {
		g := l.Join(r, On(), Cross)
		if err := g.Err(); err != nil {
			b.Fatal(err)
		}
	}
}
