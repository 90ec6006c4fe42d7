package frame

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestOverProperty checks Over and the order-dependent kernels against a
// naive implementation over ToValue(): random frames (empty ones too) of
// a key with nulls, values with nulls and an order key with ties and
// nulls; each group is listed row by row, sorted by the order key when
// asked (stable, nulls last), and each function computed on that list.
func TestOverProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 7))
	for iter := 0; iter < 300; iter++ {
		n := rng.IntN(40)
		if iter%50 == 0 {
			n = 0
		}
		keys, xs, os := make([]any, n), make([]any, n), make([]any, n)
		for i := 0; i < n; i++ {
			if rng.IntN(6) > 0 {
				keys[i] = fmt.Sprint("k", rng.IntN(1+iter%7))
			}
			if rng.IntN(5) > 0 {
				xs[i] = int64(rng.IntN(9) - 4)
			}
			if rng.IntN(5) > 0 {
				os[i] = int64(rng.IntN(4))
			}
		}
		f := FromColumns([]string{"g", "x", "o"}, append([]any{}, keys...), append([]any{}, xs...), append([]any{}, os...))
		if n == 0 {
			f = FromColumns([]string{"g", "x", "o"}, []string{}, []int64{}, []int64{})
		}
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		ordered := iter%2 == 1
		groups := winNaiveGroups(keys, os, ordered)
		over := func(e Expr) Expr {
			if ordered {
				return e.OverExprs([]Expr{Col("g")}, WithOrderBy(Asc("o")))
			}
			return e.Over("g")
		}
		k := rng.IntN(5) - 2
		checks := []struct {
			e     Expr
			naive func(rows []int, out []any)
		}{
			{over(Col("x").Sum()), func(rows []int, out []any) {
				s := int64(0)
				for _, r := range rows {
					if xs[r] != nil {
						s += xs[r].(int64)
					}
				}
				for _, r := range rows {
					out[r] = s
				}
			}},
			{over(Col("x").Mean()), func(rows []int, out []any) {
				s, c := 0.0, 0
				for _, r := range rows {
					if xs[r] != nil {
						s += float64(xs[r].(int64))
						c++
					}
				}
				for _, r := range rows {
					if c > 0 {
						out[r] = s / float64(c)
					}
				}
			}},
			{over(Col("x").First()), func(rows []int, out []any) {
				for _, r := range rows {
					out[r] = xs[rows[0]]
				}
			}},
			{over(Col("x").Shift(k)), func(rows []int, out []any) {
				for p, r := range rows {
					if q := p - k; q >= 0 && q < len(rows) {
						out[r] = xs[rows[q]]
					}
				}
			}},
			{over(Col("x").Diff(1)), func(rows []int, out []any) {
				for p, r := range rows {
					if p > 0 && xs[r] != nil && xs[rows[p-1]] != nil {
						out[r] = xs[r].(int64) - xs[rows[p-1]].(int64)
					}
				}
			}},
			{over(Col("x").CumSum()), func(rows []int, out []any) {
				s := int64(0)
				for _, r := range rows {
					if xs[r] != nil {
						s += xs[r].(int64)
						out[r] = s
					}
				}
			}},
			{over(Col("x").CumMax(WithReverse(true))), func(rows []int, out []any) {
				var best any
				for p := len(rows) - 1; p >= 0; p-- {
					r := rows[p]
					if xs[r] != nil {
						if best == nil || xs[r].(int64) > best.(int64) {
							best = xs[r]
						}
						out[r] = best
					}
				}
			}},
			{over(Col("x").CumCount()), func(rows []int, out []any) {
				c := int64(0)
				for _, r := range rows {
					if xs[r] != nil {
						c++
					}
					out[r] = c
				}
			}},
			{over(RowNumber()), func(rows []int, out []any) {
				for p, r := range rows {
					out[r] = int64(p)
				}
			}},
			{over(Col("x").Rank(RankMin)), winNaiveRank(xs, RankMin, false)},
			{over(Col("x").Rank(RankDense, WithDescending(true))), winNaiveRank(xs, RankDense, true)},
			{over(Col("x").Rank(RankAverage)), winNaiveRank(xs, RankAverage, false)},
			{over(Col("x").Rank(RankOrdinal)), winNaiveRank(xs, RankOrdinal, false)},
		}
		for _, c := range checks {
			got, err := exprTestEval(f, c.e)
			if err != nil {
				t.Fatalf("iter %d: %s: %v", iter, c.e, err)
			}
			want := make([]any, n)
			for _, rows := range groups {
				c.naive(rows, want)
			}
			if !mathSame(got, want) {
				t.Fatalf("iter %d: %s\n g %v\n x %v\n o %v\n got  %v\n want %v", iter, c.e, keys, xs, os, got, want)
			}
		}
		// The text form's peers: an ORDER BY's ties share rank and sum.
		for _, c := range []struct {
			text  string
			naive func(rows []int, out []any)
		}{
			{"rank() OVER (PARTITION BY g ORDER BY o)", func(rows []int, out []any) {
				for p, r := range rows {
					q := p
					for q > 0 && winSameKey(os[rows[q-1]], os[r]) {
						q--
					}
					out[r] = int64(q + 1)
				}
			}},
			{"sum(x) OVER (PARTITION BY g ORDER BY o)", func(rows []int, out []any) {
				for p, r := range rows {
					end := p + 1
					for end < len(rows) && winSameKey(os[rows[end]], os[r]) {
						end++
					}
					var s any
					for _, q := range rows[:end] {
						if xs[q] != nil {
							if s == nil {
								s = int64(0)
							}
							s = s.(int64) + xs[q].(int64)
						}
					}
					out[r] = s
				}
			}},
		} {
			if !ordered {
				continue
			}
			got, err := exprTestEval(f, MustParseExpr(c.text))
			if err != nil {
				t.Fatalf("iter %d: %s: %v", iter, c.text, err)
			}
			want := make([]any, n)
			for _, rows := range groups {
				c.naive(rows, want)
			}
			if !mathSame(got, want) {
				t.Fatalf("iter %d: %s\n g %v\n x %v\n o %v\n got  %v\n want %v", iter, c.text, keys, xs, os, got, want)
			}
		}
	}
}

// winNaiveGroups lists the rows of each key (nil one key), each in row
// order or, when ordered, sorted by os (stable, nulls last).
func winNaiveGroups(keys, os []any, ordered bool) [][]int {
	var order []any
	byKey := map[any][]int{}
	for r, k := range keys {
		if _, ok := byKey[k]; !ok {
			order = append(order, k)
		}
		byKey[k] = append(byKey[k], r)
	}
	out := make([][]int, 0, len(order))
	for _, k := range order {
		rows := byKey[k]
		if ordered {
			slices.SortStableFunc(rows, func(a, b int) int {
				switch {
				case os[a] == nil && os[b] == nil:
					return 0
				case os[a] == nil:
					return 1
				case os[b] == nil:
					return -1
				}
				return cmp.Compare(os[a].(int64), os[b].(int64))
			})
		}
		out = append(out, rows)
	}
	return out
}

func winSameKey(a, b any) bool { return a == b }

// winNaiveRank ranks the non-null values of a group by counting.
func winNaiveRank(xs []any, m RankMethod, desc bool) func(rows []int, out []any) {
	return func(rows []int, out []any) {
		for p, r := range rows {
			if xs[r] == nil {
				continue
			}
			x := xs[r].(int64)
			less, equal, equalBefore := 0, 0, 0
			distinctLess := map[int64]bool{}
			for q, s := range rows {
				if xs[s] == nil {
					continue
				}
				y := xs[s].(int64)
				if desc {
					y, x = -y, -xs[r].(int64)
				}
				switch {
				case y < x:
					less++
					distinctLess[y] = true
				case y == x:
					equal++
					if q < p {
						equalBefore++
					}
				}
				x = xs[r].(int64)
			}
			switch m {
			case RankMin:
				out[r] = int64(less + 1)
			case RankDense:
				out[r] = int64(len(distinctLess) + 1)
			case RankAverage:
				out[r] = float64(less) + float64(equal+1)/2
			case RankOrdinal:
				out[r] = int64(less + equalBefore + 1)
			}
		}
	}
}
