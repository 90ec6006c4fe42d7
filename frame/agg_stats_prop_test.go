package frame

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Property tests: the statistics per group against naive implementations
// (sort and pick, sums in a loop, maps of counts) over the frame's Go
// values (ToValue), on random frames with nulls (grpRandFrame).

// statsNaiveSorted is the non-null numbers of vals as float64, sorted.
func statsNaiveSorted(vals []any) []float64 {
	var xs []float64
	for _, v := range grpNaiveNonNull(vals) {
		xs = append(xs, grpNaiveFloat(v))
	}
	slices.Sort(xs)
	return xs
}

func statsNaiveQuantile(q float64, method QuantileMethod) func([]any) any {
	return func(vals []any) any {
		xs := statsNaiveSorted(vals)
		if len(xs) == 0 {
			return nil
		}
		pos := q * float64(len(xs)-1)
		lo, hi := xs[int(math.Floor(pos))], xs[int(math.Ceil(pos))]
		switch method {
		case QuantileNearest:
			return xs[int(math.Round(pos))]
		case QuantileLower:
			return lo
		case QuantileHigher:
			return hi
		case QuantileMidpoint:
			return (lo + hi) / 2
		}
		return lo + (pos-math.Floor(pos))*(hi-lo)
	}
}

// statsNaiveMoment is the population central moment k of the values and
// their count.
func statsNaiveMoment(xs []float64, k int) float64 {
	var mean float64
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	var s float64
	for _, x := range xs {
		s += math.Pow(x-mean, float64(k))
	}
	return s / float64(len(xs))
}

func statsNaiveVar(ddof int) func([]any) any {
	return func(vals []any) any {
		xs := statsNaiveSorted(vals)
		if len(xs) <= ddof {
			return nil
		}
		return statsNaiveMoment(xs, 2) * float64(len(xs)) / float64(len(xs)-ddof)
	}
}

func statsNaiveSkew(vals []any) any {
	xs := statsNaiveSorted(vals)
	if len(xs) < 2 {
		return nil
	}
	if xs[0] == xs[len(xs)-1] {
		return math.NaN()
	}
	return statsNaiveMoment(xs, 3) / math.Pow(statsNaiveMoment(xs, 2), 1.5)
}

func statsNaiveKurtosis(vals []any) any {
	xs := statsNaiveSorted(vals)
	if len(xs) < 2 {
		return nil
	}
	if xs[0] == xs[len(xs)-1] {
		return math.NaN()
	}
	m2 := statsNaiveMoment(xs, 2)
	return statsNaiveMoment(xs, 4)/(m2*m2) - 3
}

func statsNaiveProduct(vals []any) any {
	pi, pf, isFloat := int64(1), 1.0, false
	for _, v := range grpNaiveNonNull(vals) {
		switch v := v.(type) {
		case int64:
			pi *= v
		case float64:
			pf *= v
			isFloat = true
		}
	}
	if isFloat {
		return pf
	}
	return pi
}

func statsNaiveArg(max bool) func([]any) any {
	return func(vals []any) any {
		best := -1
		for i, v := range vals {
			if v == nil {
				continue
			}
			if best < 0 || max && grpNaiveLess(vals[best], v) || !max && grpNaiveLess(v, vals[best]) {
				best = i
			}
		}
		if best < 0 {
			return nil
		}
		return int64(best)
	}
}

func statsNaiveMode(vals []any) any {
	counts := map[string]int{}
	var order []any
	top := 0
	for _, v := range vals {
		k := fmt.Sprintf("%#v", v)
		if counts[k] == 0 {
			order = append(order, v)
		}
		counts[k]++
		top = max(top, counts[k])
	}
	out := []any{}
	for _, v := range order {
		if counts[fmt.Sprintf("%#v", v)] == top {
			out = append(out, v)
		}
	}
	return out
}

func TestStatsProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 5))
	type statCase struct {
		col   string
		e     func(Expr) Expr
		naive func([]any) any
		items bool // over a list column's items
	}
	var cases []statCase
	for _, col := range []string{"vi", "vf", "vl"} {
		for _, m := range []QuantileMethod{QuantileNearest, QuantileLinear, QuantileLower, QuantileHigher, QuantileMidpoint} {
			for _, q := range []float64{0, 0.1, 0.5, 0.75, 1} {
				cases = append(cases, statCase{col, func(e Expr) Expr { return e.Quantile(q, m) }, statsNaiveQuantile(q, m), col == "vl"})
			}
		}
		cases = append(cases,
			statCase{col, Expr.Median, statsNaiveQuantile(0.5, QuantileLinear), col == "vl"},
			statCase{col, func(e Expr) Expr { return e.Var() }, statsNaiveVar(1), col == "vl"},
			statCase{col, func(e Expr) Expr { return e.Var(WithDdof(0)) }, statsNaiveVar(0), col == "vl"},
			statCase{col, func(e Expr) Expr { return e.Skew() }, statsNaiveSkew, col == "vl"},
			statCase{col, func(e Expr) Expr { return e.Kurtosis() }, statsNaiveKurtosis, col == "vl"},
			statCase{col, Expr.Product, statsNaiveProduct, col == "vl"},
			statCase{col, Expr.ArgMin, statsNaiveArg(false), col == "vl"},
			statCase{col, Expr.ArgMax, statsNaiveArg(true), col == "vl"},
			statCase{col, Expr.Mode, statsNaiveMode, col == "vl"},
		)
	}
	cases = append(cases, statCase{"vs", Expr.Mode, statsNaiveMode, false}, statCase{"vs", Expr.ArgMax, statsNaiveArg(true), false})
	for iter := 0; iter < 30; iter++ {
		n := r.IntN(40)
		if iter == 0 {
			n = 0
		}
		f := grpRandFrame(r, n)
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		exprs := make([]Expr, len(cases))
		for i, c := range cases {
			exprs[i] = c.e(Col(c.col)).Alias(fmt.Sprint("c", i))
		}
		g := f.GroupBy("ki").Agg(exprs...)
		if err := g.Err(); err != nil {
			t.Fatal(err)
		}
		got := randRows(t, g)
		var keys []string
		members := map[string][]map[string]any{}
		for _, row := range randRows(t, f) {
			m := row.(map[string]any)
			k := fmt.Sprintf("%#v", m["ki"])
			if _, ok := members[k]; !ok {
				keys = append(keys, k)
			}
			members[k] = append(members[k], m)
		}
		if len(got) != len(keys) {
			t.Fatalf("%d groups, want %d", len(got), len(keys))
		}
		for gi, k := range keys {
			for i, c := range cases {
				var vals []any
				for _, m := range members[k] {
					v := m[c.col]
					if l, ok := v.([]any); ok && c.items {
						vals = append(vals, l...)
					} else if !c.items || v != nil && !grpNullColumn(f, c.col) {
						vals = append(vals, v)
					}
				}
				want := c.naive(vals)
				have := got[gi].(map[string]any)[fmt.Sprint("c", i)]
				if _, isInt := have.(int64); c.col == "vf" && want == int64(1) && !isInt { // the product of no floats
					want = 1.0
				}
				if !statsPropEqual(have, want) {
					t.Fatalf("iter %d, group %s, %s over %v: %#v (%T), want %#v (%T)", iter, k, c.e(Col(c.col)), vals, have, have, want, want)
				}
			}
		}
	}
}

// statsPropEqual compares within 1e-9 relative (1e-9 absolute near 0),
// NaN equal to NaN.
func statsPropEqual(a, b any) bool {
	if x, ok := a.(float64); ok {
		y, ok := b.(float64)
		return ok && (x == y || x != x && y != y || math.Abs(x-y) <= 1e-9*math.Max(1, math.Abs(y)))
	}
	return grpApproxEqual(a, b)
}

// TestAggSelect checks the selection against a sort on random runs with
// few or many distinct values, sorted and reversed runs among them.
func TestAggSelect(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 2000; iter++ {
		n := 1 + r.IntN(300)
		xs := make([]int64, n)
		span := 1 + r.IntN([]int{2, 10, 1000}[iter%3])
		for i := range xs {
			xs[i] = int64(r.IntN(span))
		}
		switch iter % 7 {
		case 1:
			slices.Sort(xs)
		case 2:
			slices.Sort(xs)
			slices.Reverse(xs)
		}
		want := slices.Clone(xs)
		slices.Sort(want)
		k := r.IntN(n)
		got := slices.Clone(xs)
		aggSelect(got, k)
		if got[k] != want[k] {
			t.Fatalf("select %d of %v: %d, want %d", k, xs, got[k], want[k])
		}
		for i := range got {
			if i < k && got[i] > got[k] || i > k && got[i] < got[k] {
				t.Fatalf("select %d of %v: %v is not split at %d", k, xs, got, k)
			}
		}
		if k+1 < n {
			got = slices.Clone(xs)
			aggOrderStats(got, n, k, k+1)
			if got[k] != want[k] || got[k+1] != want[k+1] {
				t.Fatalf("order stats %d, %d of %v: %d, %d", k, k+1, xs, got[k], got[k+1])
			}
		}
	}
}
