package frame

import "testing"

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
