package frame

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// aggStatsApply reduces the rows of v by group with a statistic
// (aggQuantile ... aggEntropy, and aggStd). Over a list column it reduces
// the lists' items, as Sum. With a.sql set it follows DuckDB where DuckDB
// and Polars part: mode skips nulls and gives one value, product is a
// float64 and null when there are no values, approx_count_distinct skips
// nulls, and skewness and kurtosis give null (not NaN) where DuckDB does.
func aggStatsApply(kind aggKind, a aggArgs, v *exprVec, ids []int32, ng int) (*exprVec, error) {
	items, itemIDs, err := aggItems(v, ids)
	if err != nil {
		return nil, err
	}
	switch kind {
	case aggMode, aggApproxNUnique, aggEntropy:
		val, err := items.toValue(len(itemIDs))
		if err != nil {
			return nil, err
		}
		switch kind {
		case aggMode:
			return aggModeOf(val, itemIDs, ng, a.sql)
		case aggApproxNUnique:
			return aggApproxNUniqueOf(val, itemIDs, ng, a.sql)
		}
		return aggEntropyOf(val, itemIDs, ng)
	}
	t := items.t
	if t == exprNullT {
		return aggStatsOfNulls(kind, a, ng), nil
	}
	temporal := exprIsTemporal(items.dt)
	if kind == aggQuantile && a.sql && t == exprStrT && a.method == QuantileLinear {
		a.method = quantileDisc // DuckDB's median of strings
	}
	refuse := t == exprOtherT
	switch kind {
	case aggQuantile:
		refuse = refuse || t == exprBoolT || (t == exprStrT && a.method != quantileDisc)
	case aggArgMin, aggArgMax:
	case aggProduct:
		refuse = refuse || t == exprStrT || temporal
	default: // the moments
		refuse = refuse || t == exprStrT || t == exprBoolT || temporal
	}
	if refuse {
		return nil, fmt.Errorf("%w: cannot take the %s of %s", ErrType, aggNames[kind], items.typeName())
	}
	switch kind {
	case aggQuantile:
		if !(a.q >= 0 && a.q <= 1) {
			return nil, fmt.Errorf("%w: quantile %v is not between 0 and 1", ErrArgument, a.q)
		}
		return aggQuantileOf(items, itemIDs, ng, a)
	case aggArgMin, aggArgMax:
		return aggArgExtreme(items, itemIDs, ng, kind == aggArgMax), nil
	case aggProduct:
		return aggProductOf(items, itemIDs, ng, a.sql), nil
	}
	if a.ddof < 0 {
		return nil, fmt.Errorf("%w: ddof %d is negative", ErrArgument, a.ddof)
	}
	m := aggMomentsOf(exprFloatsOf(items), items.valid, itemIDs, ng)
	return m.result(kind, a), nil
}

// aggStatsOfNulls is a statistic of a column of only nulls (Arrow type
// null): null in every group, but 1 for Polars' product.
func aggStatsOfNulls(kind aggKind, a aggArgs, ng int) *exprVec {
	switch kind {
	case aggProduct:
		if a.sql {
			return &exprVec{t: exprFloatT, n: ng, loaded: true, floats: make([]float64, ng), valid: exprBitsNone(ng)}
		}
		ones := make([]int64, ng)
		for g := range ones {
			ones[g] = 1
		}
		return &exprVec{t: exprIntT, n: ng, loaded: true, ints: ones}
	case aggArgMin, aggArgMax:
		return &exprVec{t: exprIntT, n: ng, loaded: true, ints: make([]int64, ng), valid: exprBitsNone(ng)}
	case aggQuantile:
		if a.method == quantileDisc {
			return &exprVec{t: exprNullT, n: ng, loaded: true, valid: exprBitsNone(ng)}
		}
	}
	return &exprVec{t: exprFloatT, n: ng, loaded: true, floats: make([]float64, ng), valid: exprBitsNone(ng)}
}

// aggGrouped lays the valid values of every group out in one buffer,
// group after group: group g is buf[starts[g]:starts[g+1]], its numbers
// first (up to nums[g]) and its NaNs last (Polars' and DuckDB's order).
// One counting pass places the values: no allocation per group.
func aggGrouped[T cmp.Ordered](vals []T, valid []byte, ids []int32, ng int) (buf []T, starts, nums []int) {
	starts = make([]int, ng+1)
	for i, g := range ids {
		if valid == nil || bitutil.BitIsSet(valid, i) {
			starts[g+1]++
		}
	}
	for g := range ng {
		starts[g+1] += starts[g]
	}
	buf = make([]T, starts[ng])
	nums = make([]int, 2*ng)
	back := nums[ng:]
	copy(nums, starts[:ng])
	copy(back, starts[1:])
	for i, g := range ids {
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			continue
		}
		if x := vals[i]; x != x { // NaN: from the back
			back[g]--
			buf[back[g]] = x
		} else {
			buf[nums[g]] = x
			nums[g]++
		}
	}
	return buf, starts, nums[:ng]
}

// aggSelect reorders xs (no NaN) so that xs[k] holds the value a sort
// would put there, none greater before it and none smaller after it:
// Hoare's quickselect with median-of-three pivots, O(len(xs)) on
// average; past 2*log2(n) rounds it sorts what is left, so that no input
// makes it quadratic.
func aggSelect[T cmp.Ordered](xs []T, k int) {
	lo, hi := 0, len(xs)-1
	budget := 2 * bits.Len(uint(len(xs)))
	for hi > lo {
		if hi-lo < 16 || budget == 0 {
			slices.Sort(xs[lo : hi+1])
			return
		}
		budget--
		mid := lo + (hi-lo)/2
		if xs[mid] < xs[lo] {
			xs[mid], xs[lo] = xs[lo], xs[mid]
		}
		if xs[hi] < xs[lo] {
			xs[hi], xs[lo] = xs[lo], xs[hi]
		}
		if xs[hi] < xs[mid] {
			xs[hi], xs[mid] = xs[mid], xs[hi]
		}
		p := xs[mid]
		i, j := lo, hi
		for i <= j {
			for xs[i] < p {
				i++
			}
			for p < xs[j] {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default: // between j and i: equal to the pivot
			return
		}
	}
}

// aggOrderStats puts into place, in a group's run xs whose first nums
// values are numbers (NaNs after), the values a sort would put at lo and
// hi (hi is lo or lo+1): a selection, then the least of what follows.
func aggOrderStats[T cmp.Ordered](xs []T, nums, lo, hi int) {
	if lo < nums {
		aggSelect(xs[:nums], lo)
	}
	if hi > lo && hi < nums {
		m := hi
		for i := hi + 1; i < nums; i++ {
			if xs[i] < xs[m] {
				m = i
			}
		}
		xs[hi], xs[m] = xs[m], xs[hi]
	}
}

// quantilePos is where the q-quantile of m sorted values falls: between
// indexes lo and hi, frac of the way from lo (0 when lo == hi).
func quantilePos(m int, q float64, method QuantileMethod) (lo, hi int, frac float64) {
	if method == quantileDisc {
		// DuckDB's Interpolator<true>::Index: max(1, n - floor(n - n*q)) - 1,
		// with n*q rounded where float64 misses an exact product (DuckDB
		// computes it in decimal for a literal q).
		s := float64(m) * q
		if r := math.Round(s); math.Abs(s-r) < 1e-9*max(1, s) {
			s = r
		}
		i := max(1, m-int(math.Floor(float64(m)-s))) - 1
		return i, i, 0
	}
	pos := q * float64(m-1)
	lo = int(math.Floor(pos))
	hi = min(int(math.Ceil(pos)), m-1)
	switch method {
	case QuantileNearest:
		i := int(math.Round(pos))
		return i, i, 0
	case QuantileLower:
		return lo, lo, 0
	case QuantileHigher:
		return hi, hi, 0
	case QuantileMidpoint:
		if lo == hi {
			return lo, lo, 0
		}
		return lo, hi, 0.5
	}
	return lo, hi, pos - float64(lo)
}

// aggQuantileOf is the q-quantile of each group's valid values.
func aggQuantileOf(items *exprVec, ids []int32, ng int, a aggArgs) (*exprVec, error) {
	switch items.t {
	case exprStrT: // quantile_disc only
		buf, starts, nums := aggGrouped(items.strs, items.valid, ids, ng)
		out := &exprVec{t: exprStrT, n: ng, loaded: true, strs: make([]string, ng)}
		out.valid = aggPick(buf, starts, nums, a, func(g, lo, _ int, _ float64) { out.strs[g] = buf[lo] })
		return out, nil
	case exprFloatT:
		buf, starts, nums := aggGrouped(items.floats, items.valid, ids, ng)
		out := &exprVec{t: exprFloatT, n: ng, loaded: true, floats: make([]float64, ng)}
		out.valid = aggPick(buf, starts, nums, a, func(g, lo, hi int, frac float64) { out.floats[g] = aggLerp(buf[lo], buf[hi], frac) })
		return out, nil
	}
	// integers and temporal values
	buf, starts, nums := aggGrouped(items.ints, items.valid, ids, ng)
	if !exprIsTemporal(items.dt) {
		if a.method == quantileDisc {
			out := &exprVec{t: exprIntT, n: ng, loaded: true, ints: make([]int64, ng), dt: items.dt}
			out.valid = aggPick(buf, starts, nums, a, func(g, lo, _ int, _ float64) { out.ints[g] = buf[lo] })
			return out, nil
		}
		out := &exprVec{t: exprFloatT, n: ng, loaded: true, floats: make([]float64, ng)}
		out.valid = aggPick(buf, starts, nums, a, func(g, lo, hi int, frac float64) {
			out.floats[g] = aggLerp(float64(buf[lo]), float64(buf[hi]), frac)
		})
		return out, nil
	}
	out := &exprVec{t: exprIntT, n: ng, loaded: true, ints: make([]int64, ng), dt: items.dt}
	scale := int64(1)
	if f := dtype.Of(items.dt); f.Class == dtype.ClassDate && a.method.interpolates() {
		// a date between two dates is an instant: a timestamp in µs
		scale = int64(f.Unit / time.Microsecond)
		out.dt = &arrow.TimestampType{Unit: arrow.Microsecond}
	}
	out.valid = aggPick(buf, starts, nums, a, func(g, lo, hi int, frac float64) {
		x, y := buf[lo]*scale, buf[hi]*scale
		out.ints[g] = x + int64(math.Round(frac*float64(y-x)))
	})
	return out, nil
}

// aggPick calls set for each group that has values with the positions in
// buf of the values its quantile falls between, once they are in the
// place a sort would give them (aggOrderStats), and returns the
// validity: null for the groups without values.
func aggPick[T cmp.Ordered](buf []T, starts, nums []int, a aggArgs, set func(g, lo, hi int, frac float64)) []byte {
	ng := len(starts) - 1
	var valid []byte
	for g := range ng {
		m := starts[g+1] - starts[g]
		if m == 0 {
			if valid == nil {
				valid = exprBitsAll(ng)
			}
			bitutil.ClearBit(valid, g)
			continue
		}
		lo, hi, frac := quantilePos(m, a.q, a.method)
		aggOrderStats(buf[starts[g]:starts[g+1]], nums[g]-starts[g], lo, hi)
		set(g, starts[g]+lo, starts[g]+hi, frac)
	}
	return valid
}

// aggLerp is x + frac*(y-x), x itself when frac is 0 or the two are equal
// (so that two infinities do not make NaN).
func aggLerp(x, y, frac float64) float64 {
	if frac == 0 || x == y {
		return x
	}
	return x + frac*(y-x)
}

// aggMoments are the count, mean and central moment sums (of the squared,
// cubed and fourth-power deviations) of each group's valid values.
type aggMoments struct {
	n                []int64
	mean, s2, s3, s4 []float64
}

// aggMomentsOf computes the moments in two passes: the means, then the
// deviations from them (steadier than sums of powers).
func aggMomentsOf(vals []float64, valid []byte, ids []int32, ng int) *aggMoments {
	m := &aggMoments{n: aggCounts(valid, ids, ng), mean: aggSumOf(vals, valid, ids, ng)}
	for g, c := range m.n {
		if c > 0 {
			m.mean[g] /= float64(c)
		}
	}
	sums := make([]float64, 4*ng)
	m.s2, m.s3, m.s4 = sums[:ng], sums[ng:2*ng], sums[2*ng:3*ng]
	// a group of equal values has no spread, whatever rounding the mean
	// took: first holds its first value, varied whether another differs
	first := sums[3*ng:]
	varied := make([]bool, ng)
	seen := make([]bool, ng)
	for i, g := range ids {
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			continue
		}
		x := vals[i]
		if !seen[g] {
			seen[g], first[g] = true, x
		} else if x != first[g] {
			varied[g] = true
		}
		d := x - m.mean[g]
		d2 := d * d
		m.s2[g] += d2
		m.s3[g] += d2 * d
		m.s4[g] += d2 * d2
	}
	for g, v := range varied {
		if !v && first[g] == first[g] {
			m.s2[g], m.s3[g], m.s4[g] = 0, 0, 0
		}
	}
	return m
}

// result is the variance, standard deviation, skewness or kurtosis of
// each group; null where the statistic has too few values.
func (m *aggMoments) result(kind aggKind, a aggArgs) *exprVec {
	ng := len(m.n)
	out := &exprVec{t: exprFloatT, n: ng, loaded: true, floats: make([]float64, ng)}
	null := func(g int) {
		if out.valid == nil {
			out.valid = exprBitsAll(ng)
		}
		bitutil.ClearBit(out.valid, g)
	}
	for g, c := range m.n {
		n := float64(c)
		switch kind {
		case aggVar, aggStd:
			if c <= int64(a.ddof) {
				null(g)
				continue
			}
			v := m.s2[g] / (n - float64(a.ddof))
			if kind == aggStd {
				v = math.Sqrt(v)
			}
			out.floats[g] = v
		case aggSkew:
			// Polars: null below 2 values (3 unbiased), NaN for no spread;
			// DuckDB's skewness (unbiased): null up to 2 values, NaN for no
			// spread.
			if c < 2 || (!a.bias && c < 3) {
				null(g)
				continue
			}
			m2, m3 := m.s2[g]/n, m.s3[g]/n
			if m2 == 0 {
				out.floats[g] = math.NaN()
				continue
			}
			s := m3 / math.Pow(m2, 1.5)
			if !a.bias {
				s *= math.Sqrt(n*(n-1)) / (n - 2)
			}
			out.floats[g] = s
		case aggKurtosis:
			// Polars: null below 2 values (4 unbiased), NaN for no spread;
			// DuckDB's kurtosis and kurtosis_pop: null for no spread too.
			if c < 2 || (!a.bias && c < 4) {
				null(g)
				continue
			}
			m2, m4 := m.s2[g]/n, m.s4[g]/n
			if m2 == 0 {
				if a.sql {
					null(g)
				} else {
					out.floats[g] = math.NaN()
				}
				continue
			}
			k := m4 / (m2 * m2)
			if !a.bias {
				k = (n-1)*((n+1)*k-3*(n-1))/((n-2)*(n-3)) + 3
			}
			if a.fisher {
				k -= 3
			}
			out.floats[g] = k
		}
	}
	return out
}

// aggProductOf multiplies each group's valid values: int64 (wrapping) for
// integers and bools, float64 for floats; 1 for a group without values.
// With sql (DuckDB's product): float64 always, null without values.
func aggProductOf(items *exprVec, ids []int32, ng int, sql bool) *exprVec {
	counts := aggCounts(items.valid, ids, ng)
	var out *exprVec
	if items.t == exprFloatT || sql {
		fs := exprFloatsOf(items)
		if items.t == exprBoolT {
			fs = exprFloatsOf(&exprVec{t: exprIntT, ints: exprBoolInts(items.bools)})
		}
		out = &exprVec{t: exprFloatT, n: ng, loaded: true, floats: aggProd(fs, items.valid, ids, ng)}
	} else {
		is := items.ints
		if items.t == exprBoolT {
			is = exprBoolInts(items.bools)
		}
		out = &exprVec{t: exprIntT, n: ng, loaded: true, ints: aggProd(is, items.valid, ids, ng)}
	}
	if sql {
		out.valid = aggValidWhen(counts, 1)
	}
	return out
}

// aggProd is the product of the valid items of each group, 1 for none.
func aggProd[T int64 | float64](vals []T, valid []byte, ids []int32, ng int) []T {
	out := make([]T, ng)
	for g := range out {
		out[g] = 1
	}
	for i, g := range ids {
		if valid == nil || bitutil.BitIsSet(valid, i) {
			out[g] *= vals[i]
		}
	}
	return out
}

// aggArgExtreme is the index within its group of each group's least (or
// greatest) valid value, the first on a tie, NaN passed over unless a
// group holds only NaNs; null for a group without values.
func aggArgExtreme(items *exprVec, ids []int32, ng int, max bool) *exprVec {
	var pos []int64
	switch items.t {
	case exprFloatT:
		pos = aggArgOf(items.floats, items.valid, ids, ng, max)
	case exprStrT:
		pos = aggArgOf(items.strs, items.valid, ids, ng, max)
	case exprBoolT:
		pos = aggArgOf(exprBoolInts(items.bools), items.valid, ids, ng, max)
	default:
		pos = aggArgOf(items.ints, items.valid, ids, ng, max)
	}
	out := &exprVec{t: exprIntT, n: ng, loaded: true, ints: pos}
	for g, p := range pos {
		if p < 0 {
			if out.valid == nil {
				out.valid = exprBitsAll(ng)
			}
			bitutil.ClearBit(out.valid, g)
			pos[g] = 0
		}
	}
	return out
}

// aggArgOf finds the extreme's index within each group (-1: none) in one
// pass, counting each group's rows as it goes.
func aggArgOf[T cmp.Ordered](vals []T, valid []byte, ids []int32, ng int, max bool) []int64 {
	pos := make([]int64, 2*ng)
	seen, best := pos[:ng], make([]T, ng)
	at := pos[ng:]
	for g := range seen {
		seen[g] = -1
	}
	for i, g := range ids {
		k := at[g]
		at[g]++
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			continue
		}
		x := vals[i]
		b := best[g]
		switch {
		case seen[g] < 0, b != b && x == x:
			seen[g], best[g] = k, x
		case x != x:
		case max && x > b, !max && x < b:
			seen[g], best[g] = k, x
		}
	}
	return seen
}

// aggModeOf is the most frequent values of each group, found with the
// grouping kernel over (group, value) pairs: as Polars, a list of all
// that tie, null counting as a value, in order of first appearance; with
// sql (DuckDB's mode), nulls skipped and the first of them alone.
func aggModeOf(val structured.Value, ids []int32, ng int, sql bool) (*exprVec, error) {
	g, err := aggPairs(val, ids)
	if err != nil {
		return nil, err
	}
	valid := exprRowValidity(val)
	counts := make([]int64, g.n)
	for i, d := range g.ids {
		if !sql || !exprBitNull(valid, i) {
			counts[d]++
		}
	}
	best := make([]int64, ng)
	for d, c := range counts {
		grp := ids[g.first[d]]
		best[grp] = max(best[grp], c)
	}
	if sql {
		rows := make([]int, ng)
		for k := range rows {
			rows[k] = structured.NullRow
		}
		for d, c := range counts {
			if grp := ids[g.first[d]]; c > 0 && c == best[grp] && rows[grp] == structured.NullRow {
				rows[grp] = int(g.first[d])
			}
		}
		res, err := structured.TakeValueNullable(val, rows)
		if err != nil {
			return nil, err
		}
		out := exprFromValue(res)
		return out, out.load()
	}
	// the modes, grouped by group (a counting sort), each group's in
	// order of first appearance
	sizes := make([]int64, ng)
	for d, c := range counts {
		if grp := ids[g.first[d]]; c > 0 && c == best[grp] {
			sizes[grp]++
		}
	}
	at := make([]int64, ng)
	var total int64
	for k, s := range sizes {
		at[k] = total
		total += s
	}
	rows := make([]int, total)
	for d, c := range counts {
		if grp := ids[g.first[d]]; c > 0 && c == best[grp] {
			rows[at[grp]] = int(g.first[d])
			at[grp]++
		}
	}
	taken, err := structured.TakeValue(val, rows)
	if err != nil {
		return nil, err
	}
	p, err := structured.PartitionFromLengths(sizes)
	if err != nil {
		return nil, err
	}
	res, err := exprNestValue(taken, p)
	if err != nil {
		return nil, err
	}
	out := exprFromValue(res)
	return out, out.load()
}

// aggPairs numbers the distinct (group, value) pairs of the rows.
func aggPairs(val structured.Value, ids []int32) (*grpGroups, error) {
	h := make([]uint64, len(ids))
	for i, id := range ids {
		h[i] = grpMix(uint64(id) + 1)
	}
	eqv, err := grpHashValue("value", val, h)
	if err != nil {
		return nil, err
	}
	eqID := func(i, j int) bool { return ids[i] == ids[j] }
	return grpBuild(len(ids), h, []grpEq{eqID, eqv}), nil
}

// aggEntropyOf is DuckDB's entropy of each group's non-null values: the
// Shannon entropy in bits, -sum p*log2(p) over the distinct values'
// shares; 0 for a group without values.
func aggEntropyOf(val structured.Value, ids []int32, ng int) (*exprVec, error) {
	g, err := aggPairs(val, ids)
	if err != nil {
		return nil, err
	}
	valid := exprRowValidity(val)
	counts := make([]int64, g.n)
	totals := make([]int64, ng)
	for i, d := range g.ids {
		if !exprBitNull(valid, i) {
			counts[d]++
			totals[ids[i]]++
		}
	}
	out := &exprVec{t: exprFloatT, n: ng, loaded: true, floats: make([]float64, ng)}
	for d, c := range counts {
		if c == 0 {
			continue
		}
		grp := ids[g.first[d]]
		p := float64(c) / float64(totals[grp])
		out.floats[grp] -= p * math.Log2(p)
	}
	return out, nil
}

// hllMaxBits and hllMinBits bound the registers of ApproxNUnique's sketch
// (2^bits per group); hllBudget is the register memory it may take for
// all groups together before it uses fewer registers per group.
const (
	hllMaxBits = 14
	hllMinBits = 8
	hllBudget  = 64 << 20
)

// aggApproxNUniqueOf estimates each group's distinct values with a
// HyperLogLog sketch over the rows' value hashes; with sql nulls are
// skipped (DuckDB's approx_count_distinct), else null is one value.
func aggApproxNUniqueOf(val structured.Value, ids []int32, ng int, sql bool) (*exprVec, error) {
	h := make([]uint64, len(ids))
	if _, err := grpHashValue("value", val, h); err != nil {
		return nil, err
	}
	p := hllMaxBits
	for p > hllMinBits && ng<<p > hllBudget {
		p--
	}
	m := 1 << p
	regs := make([]uint8, ng*m)
	valid := exprRowValidity(val)
	for i, g := range ids {
		if sql && exprBitNull(valid, i) {
			continue
		}
		x := grpMix(h[i] ^ 0x243f6a8885a308d3)
		r := uint8(bits.LeadingZeros64(x<<p|1<<(p-1))) + 1
		k := int(g)*m + int(x>>(64-p))
		if r > regs[k] {
			regs[k] = r
		}
	}
	out := &exprVec{t: exprIntT, n: ng, loaded: true, ints: make([]int64, ng)}
	alpha := 0.7213 / (1 + 1.079/float64(m))
	for g := range ng {
		var sum float64
		zeros := 0
		for _, r := range regs[g*m : (g+1)*m] {
			sum += math.Ldexp(1, -int(r))
			if r == 0 {
				zeros++
			}
		}
		est := alpha * float64(m) * float64(m) / sum
		if est <= 2.5*float64(m) && zeros > 0 {
			est = float64(m) * math.Log(float64(m)/float64(zeros))
		}
		out.ints[g] = int64(math.Round(est))
	}
	return out, nil
}
