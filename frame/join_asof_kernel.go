package frame

import (
	"cmp"
	"math"
	"slices"

	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// asofSide is one side's non-null keys listed by by group (a CSR
// layout): group g is positions starts[g]:starts[g+1], rows[p] the row at
// position p and keys[p] its key. A group's keys are contiguous, so the
// merge reads each side in one stream; pos[i] (the left side only) is row
// i's position, -1 for a row in no group. One counting pass and one
// filling pass in row order make it (writing one stream per group).
type asofSide[K cmp.Ordered] struct {
	starts []int32
	rows   []int32
	keys   []K
	pos    []int32
}

// asofSideOf lists the non-null rows of k (whose keys are vals) by group;
// codes nil is one group of every row, a code of -1 a row in no group.
func asofSideOf[K cmp.Ordered](vals []K, k *sortKeyCol, codes []int32, ngroups int, withPos bool) asofSide[K] {
	nulls := k.hasNulls()
	starts := make([]int32, ngroups+1)
	for i := range k.n {
		g := int32(0)
		if codes != nil {
			if g = codes[i]; g < 0 {
				continue
			}
		}
		if nulls && k.valid.IsNull(i) {
			continue
		}
		starts[g+1]++
	}
	for g := range ngroups {
		starts[g+1] += starts[g]
	}
	s := asofSide[K]{starts: starts, rows: make([]int32, starts[ngroups]), keys: make([]K, starts[ngroups])}
	if withPos {
		s.pos = make([]int32, k.n)
	}
	next := slices.Clone(starts[:ngroups])
	for i := range k.n {
		g := int32(0)
		if codes != nil {
			g = codes[i]
		}
		if g < 0 || (nulls && k.valid.IsNull(i)) {
			if withPos {
				s.pos[i] = -1
			}
			continue
		}
		p := next[g]
		next[g]++
		s.rows[p], s.keys[p] = int32(i), vals[i]
		if withPos {
			s.pos[i] = p
		}
	}
	return s
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

// asofSearch is one JoinAsof's settings and result: match[p] is the
// right row the left key at position p matches, or -1.
type asofSearch struct {
	strategy AsofStrategy
	exact    bool
	match    []int32
}

// asofRun checks each group's keys are sorted and merges the group's left
// and right keys in one pass; it returns rt, the right row of each left
// row or structured.NullRow. lval and rval are the key columns, for
// messages.
func asofRun[K cmp.Ordered, M asofMetric[K]](op string, s *asofSearch, vl, vr []K, lk, rk *sortKeyCol,
	lcodes, rcodes []int32, ngroups int, m M, lval, rval structured.Value, on JoinOn, by bool) ([]int, error) {
	l := asofSideOf(vl, lk, lcodes, ngroups, true)
	r := asofSideOf(vr, rk, rcodes, ngroups, false)
	s.match = make([]int32, len(l.keys))
	for p := range s.match {
		s.match[p] = -1
	}
	for grp := range ngroups {
		lo, hi := l.starts[grp], l.starts[grp+1]
		if lo == hi {
			continue
		}
		lkeys := l.keys[lo:hi]
		if err := asofSorted(op, "left", lkeys, l.rows[lo:hi], lval, on.left[0], by); err != nil {
			return nil, err
		}
		rlo, rhi := r.starts[grp], r.starts[grp+1]
		if rlo == rhi {
			continue
		}
		rkeys, rrows := r.keys[rlo:rhi], r.rows[rlo:rhi]
		if err := asofSorted(op, "right", rkeys, rrows, rval, on.right[0], by); err != nil {
			return nil, err
		}
		match := s.match[lo:hi]
		switch s.strategy {
		case AsofBackward:
			asofBackward(s.exact, match, lkeys, rkeys, rrows, m)
		case AsofForward:
			asofForward(s.exact, match, lkeys, rkeys, rrows, m)
		default:
			asofNearest(s.exact, match, lkeys, rkeys, rrows, m)
		}
	}
	rt := make([]int, lk.n)
	for i, p := range l.pos {
		rt[i] = structured.NullRow
		if p >= 0 && s.match[p] >= 0 {
			rt[i] = int(s.match[p])
		}
	}
	return rt, nil
}

// asofSorted returns an ErrUnsorted error naming the first of keys (of
// rows) that is less than the one before.
func asofSorted[K cmp.Ordered](op, side string, keys []K, rows []int32, val structured.Value, key joinKey, by bool) error {
	for i := 1; i < len(keys); i++ {
		if keys[i] < keys[i-1] {
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

// asofBackward matches each left key with the last right key at most
// (exact) or below it.
func asofBackward[K cmp.Ordered, M asofMetric[K]](exact bool, match []int32, lkeys, rkeys []K, rrows []int32, m M) {
	j := 0
	for p, x := range lkeys {
		if exact {
			for j < len(rkeys) && rkeys[j] <= x {
				j++
			}
		} else {
			for j < len(rkeys) && rkeys[j] < x {
				j++
			}
		}
		if j > 0 && m.within(rkeys[j-1], x) {
			match[p] = rrows[j-1]
		}
	}
}

// asofForward matches each left key with the first right key at least
// (exact) or above it.
func asofForward[K cmp.Ordered, M asofMetric[K]](exact bool, match []int32, lkeys, rkeys []K, rrows []int32, m M) {
	j := 0
	for p, x := range lkeys {
		if exact {
			for j < len(rkeys) && rkeys[j] < x {
				j++
			}
		} else {
			for j < len(rkeys) && rkeys[j] <= x {
				j++
			}
		}
		if j < len(rkeys) && m.within(x, rkeys[j]) {
			match[p] = rrows[j]
		}
	}
}

// asofNearest matches each left key with the nearer of the backward
// candidate (the last key at most, or below, it) and the last of the
// smallest key above it; at equal distances the one above, as Polars.
func asofNearest[K cmp.Ordered, M asofMetric[K]](exact bool, match []int32, lkeys, rkeys []K, rrows []int32, m M) {
	n := len(rkeys)
	b, a, e := 0, 0, 0 // rkeys[:b] below x; rkeys[a] the first above x; e the last of its run
	for p, x := range lkeys {
		if exact {
			for b < n && rkeys[b] <= x {
				b++
			}
		} else {
			for b < n && rkeys[b] < x {
				b++
			}
		}
		for a < n && rkeys[a] <= x {
			a++
		}
		e = max(e, a)
		if a < n {
			for e+1 < n && rkeys[e+1] == rkeys[a] {
				e++
			}
		}
		switch {
		case b > 0 && (a == n || m.closerBelow(rkeys[b-1], x, rkeys[e])):
			if m.within(rkeys[b-1], x) {
				match[p] = rrows[b-1]
			}
		case a < n:
			if m.within(x, rkeys[e]) {
				match[p] = rrows[e]
			}
		}
	}
}
