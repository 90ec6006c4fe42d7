package frame

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// Property tests: GroupBy.Agg and Filter against naive implementations
// over the frame's Go values (ToValue), on random frames with nulls.

// grpRandFrame makes a random frame of n rows: keys ki (int), ks (string),
// kf (float), values vi, vf, vs and a list column vl, all with nulls.
func grpRandFrame(r *rand.Rand, n int) *Frame {
	pick := func(null float64, vals ...any) any {
		if r.Float64() < null {
			return nil
		}
		return vals[r.IntN(len(vals))]
	}
	cols := make([][]any, 8)
	for i := 0; i < n; i++ {
		cols[0] = append(cols[0], pick(0.2, int64(0), int64(1), int64(2), int64(-3)))
		cols[1] = append(cols[1], pick(0.2, "a", "b", "c", ""))
		cols[2] = append(cols[2], pick(0.2, 0.5, 1.5, -2.0))
		cols[3] = append(cols[3], pick(0.2, int64(r.IntN(20)-10)))
		cols[4] = append(cols[4], pick(0.2, float64(r.IntN(200)-100)/8))
		cols[5] = append(cols[5], pick(0.2, "x", "y", "zz", "w"))
		var list any
		if r.Float64() >= 0.2 {
			l := []any{}
			for k := r.IntN(4); k > 0; k-- {
				l = append(l, pick(0.2, int64(r.IntN(10))))
			}
			list = l
		}
		cols[6] = append(cols[6], list)
		cols[7] = append(cols[7], r.Float64() < 0.5)
	}
	names := []string{"ki", "ks", "kf", "vi", "vf", "vs", "vl", "flag"}
	if n == 0 {
		return FromColumns(names, []int64{}, []string{}, []float64{}, []int64{}, []float64{}, []string{}, [][]int64{}, []bool{})
	}
	args := make([]any, len(cols))
	for i, c := range cols {
		args[i] = c
	}
	return FromColumns(names, args...)
}

// grpAggCase is an aggregation with its naive counterpart over a group's
// values (items of the lists, for list columns).
type grpAggCase struct {
	col   string
	kind  aggKind
	naive func(vals []any) any
}

func grpNaiveNonNull(vals []any) []any {
	var out []any
	for _, v := range vals {
		if v != nil {
			out = append(out, v)
		}
	}
	return out
}

func grpNaiveFloat(v any) float64 {
	switch v := v.(type) {
	case int64:
		return float64(v)
	case float64:
		return v
	}
	panic(fmt.Sprintf("not a number: %#v", v))
}

func grpNaiveSum(vals []any) any {
	nn := grpNaiveNonNull(vals)
	var si int64
	var sf float64
	isFloat := false
	for _, v := range nn {
		switch v := v.(type) {
		case int64:
			si += v
		case float64:
			sf += v
			isFloat = true
		}
	}
	if isFloat {
		return sf
	}
	return si
}

func grpNaiveMean(vals []any) any {
	nn := grpNaiveNonNull(vals)
	if len(nn) == 0 {
		return nil
	}
	var s float64
	for _, v := range nn {
		s += grpNaiveFloat(v)
	}
	return s / float64(len(nn))
}

func grpNaiveStd(vals []any) any {
	nn := grpNaiveNonNull(vals)
	if len(nn) < 2 {
		return nil
	}
	m := grpNaiveMean(vals).(float64)
	var ss float64
	for _, v := range nn {
		d := grpNaiveFloat(v) - m
		ss += d * d
	}
	return math.Sqrt(ss / float64(len(nn)-1))
}

func grpNaiveLess(a, b any) bool {
	switch a := a.(type) {
	case int64:
		return a < b.(int64)
	case float64:
		return a < b.(float64)
	case string:
		return a < b.(string)
	}
	panic("unordered")
}

func grpNaiveExtreme(max bool) func(vals []any) any {
	return func(vals []any) any {
		var best any
		for _, v := range grpNaiveNonNull(vals) {
			if best == nil || (max && grpNaiveLess(best, v)) || (!max && grpNaiveLess(v, best)) {
				best = v
			}
		}
		return best
	}
}

func grpNaiveCount(vals []any) any { return int64(len(grpNaiveNonNull(vals))) }

func grpNaiveNUnique(vals []any) any {
	seen := map[string]bool{}
	for _, v := range vals {
		seen[fmt.Sprintf("%#v", v)] = true
	}
	return int64(len(seen))
}

func grpAggCases() []grpAggCase {
	first := func(vals []any) any { return vals[0] }
	last := func(vals []any) any { return vals[len(vals)-1] }
	implode := func(vals []any) any { return slices.Clone(vals) }
	var cases []grpAggCase
	for _, col := range []string{"vi", "vf"} {
		cases = append(cases,
			grpAggCase{col, aggSum, grpNaiveSum}, grpAggCase{col, aggMean, grpNaiveMean},
			grpAggCase{col, aggMin, grpNaiveExtreme(false)}, grpAggCase{col, aggMax, grpNaiveExtreme(true)},
			grpAggCase{col, aggCount, grpNaiveCount}, grpAggCase{col, aggFirst, first}, grpAggCase{col, aggLast, last},
			grpAggCase{col, aggNUnique, grpNaiveNUnique}, grpAggCase{col, aggStd, grpNaiveStd}, grpAggCase{col, aggImplode, implode})
	}
	cases = append(cases,
		grpAggCase{"vs", aggMin, grpNaiveExtreme(false)}, grpAggCase{"vs", aggMax, grpNaiveExtreme(true)},
		grpAggCase{"vs", aggCount, grpNaiveCount}, grpAggCase{"vs", aggNUnique, grpNaiveNUnique},
		grpAggCase{"vs", aggFirst, first}, grpAggCase{"vs", aggImplode, implode},
		// over the items of a list column
		grpAggCase{"vl", aggSum, grpNaiveSum}, grpAggCase{"vl", aggMean, grpNaiveMean},
		grpAggCase{"vl", aggMax, grpNaiveExtreme(true)}, grpAggCase{"vl", aggCount, grpNaiveCount},
		grpAggCase{"vl", aggNUnique, grpNaiveNUnique}, grpAggCase{"vl", aggStd, grpNaiveStd},
	)
	return cases
}

// grpItemAgg reports whether an aggregation takes a list column's items.
func grpItemAgg(k aggKind) bool { return k != aggFirst && k != aggLast && k != aggImplode }

// grpCheckAgainstNaive runs GroupBy(keys).Agg(every case) and compares
// it with a map-based computation over f's Go values.
func grpCheckAgainstNaive(t *testing.T, f *Frame, keys []string) {
	t.Helper()
	cases := grpAggCases()
	exprs := make([]Expr, len(cases))
	for i, c := range cases {
		exprs[i] = Expr{n: exprAgg{kind: c.kind, e: Col(c.col)}}.Alias(fmt.Sprintf("%s_%s", c.col, aggNames[c.kind]))
	}
	g := f.GroupBy(keys...).Agg(exprs...)
	if err := g.Err(); err != nil {
		t.Fatalf("GroupBy(%v): %v", keys, err)
	}
	rows := randRows(t, f)
	// A column of only null lists has Arrow type null: its rows are null
	// values, not lists.
	nullVL := grpNullColumn(f, "vl")
	var order []string
	groups := map[string][]map[string]any{}
	for _, row := range rows {
		m := row.(map[string]any)
		var kv []any
		for _, k := range keys {
			kv = append(kv, m[k])
		}
		key := fmt.Sprintf("%#v", kv)
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], m)
	}
	var want []any
	for _, key := range order {
		members := groups[key]
		out := map[string]any{}
		for _, k := range keys {
			out[k] = members[0][k]
		}
		for _, c := range cases {
			var vals []any
			for _, m := range members {
				v := m[c.col]
				if l, isList := v.([]any); isList && grpItemAgg(c.kind) {
					vals = append(vals, l...)
					continue
				}
				if v == nil && c.col == "vl" && grpItemAgg(c.kind) && !nullVL {
					continue // a null list has no items
				}
				vals = append(vals, v)
			}
			if len(vals) == 0 && (c.kind == aggFirst || c.kind == aggLast) {
				out[fmt.Sprintf("%s_%s", c.col, aggNames[c.kind])] = nil
				continue
			}
			res := c.naive(vals)
			if c.col == "vl" && c.kind == aggSum && res == nil {
				res = int64(0)
			}
			if c.col == "vf" && c.kind == aggSum && !grpNullColumn(f, "vf") {
				if _, ok := res.(int64); ok {
					res = 0.0 // float64 zero; a column of Arrow type null sums to int64 0
				}
			}
			if c.col == "vl" && c.kind == aggSum {
				if s, ok := res.(int64); ok {
					res = s
				}
			}
			out[fmt.Sprintf("%s_%s", c.col, aggNames[c.kind])] = res
		}
		want = append(want, out)
	}
	got := randRows(t, g)
	if len(got) != len(want) {
		t.Fatalf("GroupBy(%v): %d groups, want %d", keys, len(got), len(want))
	}
	for i := range want {
		if !grpApproxEqual(got[i], want[i]) {
			for k, w := range want[i].(map[string]any) {
				if g := got[i].(map[string]any)[k]; !grpApproxEqual(g, w) {
					t.Errorf("%s: got %#v, want %#v", k, g, w)
				}
			}
			t.Fatalf("GroupBy(%v) group %d:\n got  %#v\n want %#v", keys, i, got[i], want[i])
		}
	}
}

// grpNullColumn reports a column of Arrow type null (all its values null).
func grpNullColumn(f *Frame, name string) bool {
	s, err := f.Column(name)
	if err != nil {
		return false
	}
	return exprFromValue(s.Value()).t == exprNullT
}

// grpApproxEqual is reflect.DeepEqual with floats equal within 1e-9.
func grpApproxEqual(a, b any) bool {
	switch a := a.(type) {
	case float64:
		bf, ok := b.(float64)
		return ok && (a == bf || math.Abs(a-bf) <= 1e-9*math.Max(1, math.Abs(bf)))
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, v := range a {
			if !grpApproxEqual(v, bm[k]) {
				return false
			}
		}
		return true
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return false
		}
		for i := range a {
			if !grpApproxEqual(a[i], bs[i]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

// TestGroupByProperty checks GroupBy.Agg on random frames built every way
// (randWays) against a map-based computation over ToValue.
func TestGroupByProperty(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) { groupByProperty(t, w) })
	}
}

func groupByProperty(t *testing.T, w randWay) {
	r := rand.New(rand.NewPCG(1, 2+uint64(w)))
	keySets := [][]string{{"ki"}, {"ks"}, {"kf"}, {"flag"}, {"ki", "ks"}, {"ks", "kf", "ki"}, {"flag", "ki"}}
	for iter := 0; iter < 40; iter++ {
		n := r.IntN(40)
		if iter%25 == 0 {
			n = 0
		}
		f := randBuild(t, r, grpRandFrame(r, n), w)
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		if iter%7 == 3 && n > 4 {
			f = f.Slice(2, n-1) // windows of buffers
		}
		keys := keySets[iter%len(keySets)]
		grpCheckAgainstNaive(t, f, keys)
	}
}

// exprRandPred makes a random bool expression and its naive evaluation
// over a row (nil for null, Kleene logic).
func exprRandPred(r *rand.Rand, depth int) (Expr, func(m map[string]any) any) {
	if depth > 0 && r.IntN(3) > 0 {
		a, fa := exprRandPred(r, depth-1)
		switch r.IntN(3) {
		case 0:
			b, fb := exprRandPred(r, depth-1)
			return a.And(b), func(m map[string]any) any {
				x, y := fa(m), fb(m)
				if x == false || y == false {
					return false
				}
				if x == nil || y == nil {
					return nil
				}
				return true
			}
		case 1:
			b, fb := exprRandPred(r, depth-1)
			return a.Or(b), func(m map[string]any) any {
				x, y := fa(m), fb(m)
				if x == true || y == true {
					return true
				}
				if x == nil || y == nil {
					return nil
				}
				return false
			}
		}
		return a.Not(), func(m map[string]any) any {
			x := fa(m)
			if x == nil {
				return nil
			}
			return !x.(bool)
		}
	}
	ops := []struct {
		op func(a, b Expr) Expr
		f  func(c int) bool
	}{
		{Expr.Eq, func(c int) bool { return c == 0 }}, {Expr.Ne, func(c int) bool { return c != 0 }},
		{Expr.Lt, func(c int) bool { return c < 0 }}, {Expr.Le, func(c int) bool { return c <= 0 }},
		{Expr.Gt, func(c int) bool { return c > 0 }}, {Expr.Ge, func(c int) bool { return c >= 0 }},
	}
	o := ops[r.IntN(len(ops))]
	cmpF := func(a, b float64) int {
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	}
	switch r.IntN(6) {
	case 0:
		lit := int64(r.IntN(10) - 5)
		return o.op(Col("vi"), Lit(lit)), func(m map[string]any) any {
			if m["vi"] == nil {
				return nil
			}
			return o.f(cmpF(float64(m["vi"].(int64)), float64(lit)))
		}
	case 1:
		lit := float64(r.IntN(40)-20) / 4
		return o.op(Col("vi"), Lit(lit)), func(m map[string]any) any {
			if m["vi"] == nil {
				return nil
			}
			return o.f(cmpF(float64(m["vi"].(int64)), lit))
		}
	case 2:
		return o.op(Col("vf"), Col("vi").Add(Col("ki"))), func(m map[string]any) any {
			if m["vf"] == nil || m["vi"] == nil || m["ki"] == nil {
				return nil
			}
			return o.f(cmpF(m["vf"].(float64), float64(m["vi"].(int64)+m["ki"].(int64))))
		}
	case 3:
		lit := []string{"x", "y", "zz", "a"}[r.IntN(4)]
		return o.op(Col("vs"), Lit(lit)), func(m map[string]any) any {
			if m["vs"] == nil {
				return nil
			}
			s := m["vs"].(string)
			c := 0
			if s < lit {
				c = -1
			} else if s > lit {
				c = 1
			}
			return o.f(c)
		}
	case 4:
		col := []string{"vi", "vs", "vl", "kf"}[r.IntN(4)]
		return Col(col).IsNull(), func(m map[string]any) any { return m[col] == nil }
	}
	lit := int64(r.IntN(4))
	return o.op(Col("vl").List().Len(), Lit(lit)), func(m map[string]any) any {
		if m["vl"] == nil {
			return nil
		}
		return o.f(cmpF(float64(len(m["vl"].([]any))), float64(lit)))
	}
}

// TestFilterProperty filters random frames built every way (randWays) by
// random predicates, against their naive evaluation over ToValue.
func TestFilterProperty(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) { filterProperty(t, w) })
	}
}

func filterProperty(t *testing.T, w randWay) {
	r := rand.New(rand.NewPCG(3, 4+uint64(w)))
	for iter := 0; iter < 40; iter++ {
		f := randBuild(t, r, grpRandFrame(r, r.IntN(30)), w)
		pred, naive := exprRandPred(r, 3)
		g := f.Filter(pred)
		if err := g.Err(); err != nil {
			t.Fatalf("Filter(%s): %v", pred, err)
		}
		rows := randRows(t, f)
		want := []any{}
		for _, row := range rows {
			if naive(row.(map[string]any)) == true {
				want = append(want, row)
			}
		}
		got := randRows(t, g)
		if got == nil {
			got = []any{}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Filter(%s):\n got  %v\n want %v", pred, got, want)
		}
	}
}

// TestUniqueProperty checks Unique over every column (a list column
// included) and over key subsets against a naive first-occurrence
// dedupe of the Go values, on frames built every way (randWays).
func TestUniqueProperty(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) { uniqueProperty(t, w) })
	}
}

func uniqueProperty(t *testing.T, w randWay) {
	r := rand.New(rand.NewPCG(5, 6+uint64(w)))
	keySets := [][]string{nil, {"vl"}, {"ks", "vl"}, {"kf", "flag"}}
	for iter := 0; iter < 40; iter++ {
		f := randBuild(t, r, grpRandFrame(r, r.IntN(30)), w)
		keys := keySets[iter%len(keySets)]
		u := f.Unique(keys)
		if err := u.Err(); err != nil {
			t.Fatalf("Unique(%v): %v", keys, err)
		}
		rows := randRows(t, f)
		seen := map[string]bool{}
		want := []any{}
		for _, row := range rows {
			m := row.(map[string]any)
			var kv any = m
			if keys != nil {
				var vals []any
				for _, k := range keys {
					vals = append(vals, m[k])
				}
				kv = vals
			}
			key := fmt.Sprintf("%#v", kv)
			if !seen[key] {
				seen[key] = true
				want = append(want, row)
			}
		}
		got := randRows(t, u)
		if got == nil {
			got = []any{}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Unique(%v):\n got  %v\n want %v", keys, got, want)
		}
	}
}
