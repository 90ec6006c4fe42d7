package frame

import (
	"math"
	"math/bits"
)

// winSortedMax is the widest frame the quantile kernel keeps as a sorted
// slice (an insertion or removal moves at most this many values); wider
// frames count ranks in a Fenwick tree instead, O(log n) a step.
const winSortedMax = 1024

// winTotalLess orders floats with NaN above every number (Polars' and
// DuckDB's order, in which a median counts a NaN as the greatest value).
func winTotalLess(a, b float64) bool { return a < b || (b != b && a == a) }

// winQuantileFloats is the q-quantile of the valid values of each frame
// by method, NaN above every number.
func winQuantileFloats(vals []float64, valid []byte, p *winParts, b *winBounds, q float64, m QuantileMethod) []float64 {
	if b.widest(p) <= winSortedMax {
		return winQuantileSorted(vals, valid, p, b, q, m)
	}
	return winQuantileRanked(vals, valid, p, b, q, m)
}

// winQuantileSorted keeps each frame's values as a sorted slice of
// their order keys (winFloatKey: integer comparisons in the searches).
func winQuantileSorted(vals []float64, valid []byte, p *winParts, b *winBounds, q float64, m QuantileMethod) []float64 {
	out := make([]float64, len(vals))
	buf := make([]uint64, 0, b.widest(p)+1)
	get := func(k int) float64 { return winKeyFloat(buf[k]) }
	for k := range p.parts() {
		s, e := p.part(k)
		buf = buf[:0]
		cl, ch := s, s
		for i := s; i < e; i++ {
			lo, hi := b.at(i, s, e)
			for ; ch < hi; ch++ {
				if winIsValid(valid, ch) {
					x := winFloatKey(vals[ch])
					j := len(buf) // NaN's key, the greatest: last
					if x != math.MaxUint64 {
						j = winSearch(buf, x+1) // after the keys equal to x
					}
					buf = append(buf, 0)
					copy(buf[j+1:], buf[j:])
					buf[j] = x
				}
			}
			for ; cl < lo; cl++ {
				if winIsValid(valid, cl) {
					j := winSearch(buf, winFloatKey(vals[cl]))
					copy(buf[j:], buf[j+1:])
					buf = buf[:len(buf)-1]
				}
			}
			if len(buf) > 0 {
				out[i] = winQuantileAt(len(buf), q, m, get)
			}
		}
	}
	return out
}

// winSearch is the first index of sorted keys holding a key not below x.
func winSearch(keys []uint64, x uint64) int {
	lo, hi := 0, len(keys)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if keys[mid] < x {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// winKeyFloat is the float of an order key (winFloatKey's inverse; NaN
// for the NaN key).
func winKeyFloat(k uint64) float64 {
	switch {
	case k == math.MaxUint64:
		return math.NaN()
	case k>>63 != 0:
		return math.Float64frombits(k &^ (1 << 63))
	}
	return math.Float64frombits(^k)
}

// winQuantileAt is the q-quantile of n sorted values, get(k) the k-th.
func winQuantileAt(n int, q float64, m QuantileMethod, get func(int) float64) float64 {
	pos := q * float64(n-1)
	lo := int(math.Floor(pos))
	hi := min(int(math.Ceil(pos)), n-1)
	switch m {
	case QuantileNearest:
		return get(min(int(math.Round(pos)), n-1))
	case QuantileLower:
		return get(lo)
	case QuantileHigher:
		return get(hi)
	}
	x := get(lo)
	if lo == hi {
		return x
	}
	y := get(hi)
	if m == QuantileMidpoint {
		return (x + y) / 2
	}
	return x + (pos-float64(lo))*(y-x)
}

// winFloatKey maps a float to a uint64 whose order is winTotalLess's.
func winFloatKey(x float64) uint64 {
	if x != x {
		return math.MaxUint64
	}
	u := math.Float64bits(x)
	if u>>63 != 0 {
		return ^u
	}
	return u | 1<<63
}

// winQuantileRanked ranks every valid value once (a radix sort of their
// order keys) and keeps a Fenwick tree of the ranks in the frame: adding,
// removing and finding the k-th value cost O(log n).
func winQuantileRanked(vals []float64, valid []byte, p *winParts, b *winBounds, q float64, m QuantileMethod) []float64 {
	n := len(vals)
	out := make([]float64, n)
	keys := make([]uint64, n)
	rows := make([]int, 0, n)
	for i, x := range vals {
		if winIsValid(valid, i) {
			keys[i] = winFloatKey(x)
			rows = append(rows, i)
		}
	}
	sortRadix(keys, rows, false, nil)
	rank := make([]int32, n)
	sorted := make([]float64, len(rows))
	for r, i := range rows {
		rank[i] = int32(r)
		sorted[r] = vals[i]
	}
	tree := make([]int32, len(rows)+1)
	add := func(r int32, d int32) {
		for j := int(r) + 1; j < len(tree); j += j & -j {
			tree[j] += d
		}
	}
	top := 0
	if len(rows) > 0 {
		top = 1 << (bits.Len(uint(len(rows))) - 1)
	}
	// kth is the k-th (0-based) rank in the tree.
	kth := func(k int) float64 {
		pos := 0
		rem := int32(k + 1)
		for step := top; step > 0; step >>= 1 {
			if next := pos + step; next < len(tree) && tree[next] < rem {
				pos = next
				rem -= tree[next]
			}
		}
		return sorted[pos]
	}
	for k := range p.parts() {
		s, e := p.part(k)
		cnt := 0
		cl, ch := s, s
		for i := s; i < e; i++ {
			lo, hi := b.at(i, s, e)
			for ; ch < hi; ch++ {
				if winIsValid(valid, ch) {
					add(rank[ch], 1)
					cnt++
				}
			}
			for ; cl < lo; cl++ {
				if winIsValid(valid, cl) {
					add(rank[cl], -1)
					cnt--
				}
			}
			if cnt > 0 {
				out[i] = winQuantileAt(cnt, q, m, kth)
			}
		}
		for ; cl < ch; cl++ { // empty the tree for the next part
			if winIsValid(valid, cl) {
				add(rank[cl], -1)
			}
		}
	}
	return out
}
