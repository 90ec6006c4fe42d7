package frame

import (
	"cmp"
	"math"
	"slices"

	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// asofRows lists the rows of each by group whose key is not null, in row
// order: group g's rows are rows[starts[g]:starts[g+1]] (a CSR layout,
// made by one counting pass and one filling pass).
type asofRows struct {
	starts []int32
	rows   []int32
}

// asofGroups lists k's non-null rows by group; codes nil is one group of
// every row, a code of -1 a row in no group.
func asofGroups(k *sortKeyCol, codes []int32, ngroups int) asofRows {
	nulls := k.hasNulls()
	starts := make([]int32, ngroups+1)
	for i := range k.n {
		if (codes != nil && codes[i] < 0) || (nulls && k.valid.IsNull(i)) {
			continue
		}
		g := int32(0)
		if codes != nil {
			g = codes[i]
		}
		starts[g+1]++
	}
	for g := range ngroups {
		starts[g+1] += starts[g]
	}
	rows := make([]int32, starts[ngroups])
	next := slices.Clone(starts[:ngroups])
	for i := range k.n {
		if (codes != nil && codes[i] < 0) || (nulls && k.valid.IsNull(i)) {
			continue
		}
		g := int32(0)
		if codes != nil {
			g = codes[i]
		}
		rows[next[g]] = int32(i)
		next[g]++
	}
	return asofRows{starts: starts, rows: rows}
}

// asofMetric is the distance of a key family, on its normalized keys.
type asofMetric[K cmp.Ordered] interface {
	// within reports whether hi - lo (lo <= hi) is at most the tolerance.
	within(lo, hi K) bool
	// closerBelow reports whether x - lo < hi - x (lo <= x < hi).
	closerBelow(lo, x, hi K) bool
}

// asofInts measures integer and temporal keys: the sort keys of a family
// differ by the values' difference, exactly, as unsigned integers.
type asofInts struct{ tol uint64 }

func (m asofInts) within(lo, hi uint64) bool         { return hi-lo <= m.tol }
func (m asofInts) closerBelow(lo, x, hi uint64) bool { return x-lo < hi-x }

// asofFloats measures float keys by their values (decoded from the sort
// keys); with no tolerance (+Inf) every pair is within it, NaN too, and
// with one a NaN distance (NaN, or Inf - Inf) is not, as in Polars.
type asofFloats struct{ tol float64 }

func (m asofFloats) within(lo, hi uint64) bool {
	return math.IsInf(m.tol, 1) || dtype.SortKeyFloatValue(hi)-dtype.SortKeyFloatValue(lo) <= m.tol
}

func (m asofFloats) closerBelow(lo, x, hi uint64) bool {
	v := dtype.SortKeyFloatValue(x)
	return v-dtype.SortKeyFloatValue(lo) < dtype.SortKeyFloatValue(hi)-v
}

// asofStrings has no distance: backward and forward only, no tolerance.
type asofStrings struct{}

func (asofStrings) within(lo, hi string) bool         { return true }
func (asofStrings) closerBelow(lo, x, hi string) bool { return false }

// asofSearch is one JoinAsof's settings and result: rt[i] is the right
// row left row i matches, or structured.NullRow.
type asofSearch struct {
	strategy AsofStrategy
	exact    bool
	rt       []int
}

// asofRun checks each group's keys are sorted and merges the group's left
// and right rows in one pass. lval and rval are the key columns, for
// messages.
func asofRun[K cmp.Ordered, M asofMetric[K]](op string, s *asofSearch, g, h asofRows, lv, rv []K, m M,
	lval, rval structured.Value, on JoinOn, by bool) error {
	for grp := range len(g.starts) - 1 {
		ls := g.rows[g.starts[grp]:g.starts[grp+1]]
		rs := h.rows[h.starts[grp]:h.starts[grp+1]]
		if len(ls) == 0 {
			continue
		}
		if err := asofSorted(op, "left", ls, lv, lval, on.left[0], by); err != nil {
			return err
		}
		if len(rs) == 0 {
			continue
		}
		if err := asofSorted(op, "right", rs, rv, rval, on.right[0], by); err != nil {
			return err
		}
		switch s.strategy {
		case AsofBackward:
			asofBackward(s, ls, rs, lv, rv, m)
		case AsofForward:
			asofForward(s, ls, rs, lv, rv, m)
		default:
			asofNearest(s, ls, rs, lv, rv, m)
		}
	}
	return nil
}

// asofSorted returns an ErrUnsorted error naming the first row of rows
// whose key is less than the one before.
func asofSorted[K cmp.Ordered](op, side string, rows []int32, keys []K, val structured.Value, key joinKey, by bool) error {
	for i := 1; i < len(rows); i++ {
		if keys[rows[i]] < keys[rows[i-1]] {
			where := ""
			if by {
				where = " within its by group"
			}
			return errorf(op, ErrUnsorted, "%s key %q is not sorted ascending%s: row %d (%v) comes after row %d (%v); sort it first",
				side, key, where, rows[i], asofCell(val, int(rows[i])), rows[i-1], asofCell(val, int(rows[i-1])))
		}
	}
	return nil
}

// asofCell is row i of a key column as a Go value, for messages.
func asofCell(v structured.Value, i int) any {
	c, err := v.Index(i)
	if err != nil {
		return "?"
	}
	return c.ToValue()
}

// asofBackward matches each left row with the last right row whose key
// is at most (under exact) or below its key.
func asofBackward[K cmp.Ordered, M asofMetric[K]](s *asofSearch, ls, rs []int32, lv, rv []K, m M) {
	j := 0
	for _, li := range ls {
		x := lv[li]
		if s.exact {
			for j < len(rs) && rv[rs[j]] <= x {
				j++
			}
		} else {
			for j < len(rs) && rv[rs[j]] < x {
				j++
			}
		}
		if j > 0 {
			if c := rs[j-1]; m.within(rv[c], x) {
				s.rt[li] = int(c)
			}
		}
	}
}

// asofForward matches each left row with the first right row whose key
// is at least (under exact) or above its key.
func asofForward[K cmp.Ordered, M asofMetric[K]](s *asofSearch, ls, rs []int32, lv, rv []K, m M) {
	j := 0
	for _, li := range ls {
		x := lv[li]
		if s.exact {
			for j < len(rs) && rv[rs[j]] < x {
				j++
			}
		} else {
			for j < len(rs) && rv[rs[j]] <= x {
				j++
			}
		}
		if j < len(rs) {
			if c := rs[j]; m.within(x, rv[c]) {
				s.rt[li] = int(c)
			}
		}
	}
}

// asofNearest matches each left row with the nearer of the backward
// candidate (the last row at most, or below, its key) and the last row of
// the smallest key above it; at equal distances the one above, as Polars.
func asofNearest[K cmp.Ordered, M asofMetric[K]](s *asofSearch, ls, rs []int32, lv, rv []K, m M) {
	b, a, e := 0, 0, 0 // rs[:b] below x; rs[a] the first above x; rs[e] the last of its key
	for _, li := range ls {
		x := lv[li]
		if s.exact {
			for b < len(rs) && rv[rs[b]] <= x {
				b++
			}
		} else {
			for b < len(rs) && rv[rs[b]] < x {
				b++
			}
		}
		for a < len(rs) && rv[rs[a]] <= x {
			a++
		}
		e = max(e, a)
		if a < len(rs) {
			for e+1 < len(rs) && rv[rs[e+1]] == rv[rs[a]] {
				e++
			}
		}
		switch {
		case b > 0 && (a == len(rs) || m.closerBelow(rv[rs[b-1]], x, rv[rs[e]])):
			if c := rs[b-1]; m.within(rv[c], x) {
				s.rt[li] = int(c)
			}
		case a < len(rs):
			if c := rs[e]; m.within(x, rv[c]) {
				s.rt[li] = int(c)
			}
		}
	}
}
