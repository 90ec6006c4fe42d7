package frame

import (
	"cmp"
	"fmt"
	"sync"
	"unsafe"
	"weak"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/structured"
)

// aggKind is an aggregation.
type aggKind uint8

const (
	aggSum aggKind = iota
	aggMean
	aggMin
	aggMax
	aggCount
	aggFirst
	aggLast
	aggNUnique
	aggStd
	aggImplode
	aggAnyValue      // the first non-null value: the text form's any_value (DuckDB's)
	aggCountDistinct // the distinct non-null values: the text form's count(DISTINCT x)
	// the statistics (agg_stats.go), their settings in aggArgs
	aggQuantile // Median and Quantile
	aggVar
	aggSkew
	aggKurtosis
	aggMode
	aggProduct
	aggArgMin
	aggArgMax
	aggApproxNUnique
	aggEntropy // the text form's entropy (DuckDB's)
)

var aggNames = [...]string{"sum", "mean", "min", "max", "count", "first", "last", "n_unique", "std", "implode", "any_value", "count_distinct",
	"quantile", "var", "skew", "kurtosis", "mode", "product", "arg_min", "arg_max", "approx_n_unique", "entropy"}

// Sum adds the non-null values: int64 for integers (wrapping on overflow,
// as Add) and bools (counting true), float64 for floats; 0 when there are
// none, as Polars.
func (e Expr) Sum() Expr { return Expr{n: exprAgg{kind: aggSum, e: e}} }

// Mean is the mean of the non-null values as float64, null when there are none.
func (e Expr) Mean() Expr { return Expr{n: exprAgg{kind: aggMean, e: e}} }

// Min is the least non-null value (numbers, strings, bools, temporal
// types), of the input's type; null when there are none.
func (e Expr) Min() Expr { return Expr{n: exprAgg{kind: aggMin, e: e}} }

// Max is the greatest non-null value; null when there are none.
func (e Expr) Max() Expr { return Expr{n: exprAgg{kind: aggMax, e: e}} }

// Count is the number of non-null values (Polars' count; Len counts rows).
func (e Expr) Count() Expr { return Expr{n: exprAgg{kind: aggCount, e: e}} }

// First is the value of the first row, null or not, of any type (lists
// and structures too).
func (e Expr) First() Expr { return Expr{n: exprAgg{kind: aggFirst, e: e}} }

// Last is the value of the last row.
func (e Expr) Last() Expr { return Expr{n: exprAgg{kind: aggLast, e: e}} }

// NUnique is the number of distinct values, null counting as one value
// (as Polars' n_unique).
func (e Expr) NUnique() Expr { return Expr{n: exprAgg{kind: aggNUnique, e: e}} }

// Std is the standard deviation of the non-null values as float64: the
// sample one (ddof 1, as pandas and Polars) unless WithDdof says; null
// when there are no more values than ddof (fewer than two by default).
// NaN is a value: it makes the result NaN.
func (e Expr) Std(opts ...VarOption) Expr { return e.aggWith(aggStd, varArgs(opts)) }

// Implode collects the rows into one list (Polars' implode, the "list"
// aggregation): a list column's rows make a list of lists.
func (e Expr) Implode() Expr { return Expr{n: exprAgg{kind: aggImplode, e: e}} }

// exprAgg is an aggregation of its expression's rows.
type exprAgg struct {
	kind aggKind
	e    Expr
	args aggArgs // the settings of a statistic; aggDefaults(kind) unless set
}

func (n exprAgg) outName() string {
	if n.e.n == nil {
		return ""
	}
	return n.e.n.outName()
}
func (n exprAgg) hasAgg() bool { return true }
func (n exprAgg) String() string {
	return n.e.String() + "." + aggNames[n.kind] + "(" + n.args.format(n.kind) + ")"
}

// groupIDs is the group of each row of c's frame and the number of
// groups: every row in group 0 outside GroupBy.
func (c *exprCtx) groupIDs() ([]int32, int) {
	if c.grp != nil {
		return c.grp.ids, c.grp.n
	}
	return zeroGroupIDs(c.f.data.NumRows()), 1
}

// zeroIDs holds the last all-zero group ids made, weakly: an aggregation
// over a whole frame shares them instead of allocating and clearing a
// slice of its rows each time, and the collector frees them when no
// aggregation holds them.
var zeroIDs struct {
	mu sync.Mutex
	p  weak.Pointer[int32] // the first id
	n  int
}

// zeroGroupIDs is n group ids of 0, read-only (shared between calls).
func zeroGroupIDs(n int) []int32 {
	if n == 0 {
		return nil
	}
	zeroIDs.mu.Lock()
	defer zeroIDs.mu.Unlock()
	if p := zeroIDs.p.Value(); p != nil && zeroIDs.n >= n {
		return unsafe.Slice(p, zeroIDs.n)[:n:n]
	}
	ids := make([]int32, n)
	zeroIDs.p, zeroIDs.n = weak.Make(&ids[0]), n
	return ids
}

func (n exprAgg) eval(c *exprCtx) (*exprVec, error) {
	if c.agg {
		return nil, errorf(c.op, ErrArgument, "%s: an aggregation inside an aggregation", n)
	}
	rc := *c
	rc.rows, rc.agg = true, true
	v, err := n.e.eval(&rc)
	if err != nil {
		return nil, err
	}
	if n.kind == aggSum && !c.over {
		ids, ng := c.groupIDs()
		if out, ok := aggSumStored(v, ids, ng); ok {
			out.scalar = c.grp == nil
			return out, nil
		}
	}
	if err := v.load(); err != nil {
		return nil, exprErr(c, n, err)
	}
	nrows := c.f.data.NumRows()
	if v.scalar {
		val, err := v.toValue(nrows)
		if err != nil {
			return nil, exprErr(c, n, err)
		}
		v = exprFromValue(val)
		if err := v.load(); err != nil {
			return nil, exprErr(c, n, err)
		}
	}
	if c.over {
		out, err := c.overAgg(n.kind, v, n.reduce) // window_over.go
		if err != nil {
			return nil, exprErr(c, n, err)
		}
		return out, nil
	}
	ids, ng := c.groupIDs()
	out, err := n.reduce(v, ids, ng)
	if err != nil {
		return nil, exprErr(c, n, err)
	}
	out.scalar = c.grp == nil
	return out, nil
}

// reduce reduces the rows of v by the groups ids (of ng groups), with
// the aggregation's settings.
func (n exprAgg) reduce(v *exprVec, ids []int32, ng int) (*exprVec, error) {
	args := n.args
	if !args.set {
		args = aggDefaults(n.kind)
	}
	return aggApplyArgs(n.kind, args, v, ids, ng)
}

// aggApply reduces the rows of v by group, with the aggregation's
// default settings.
func aggApply(kind aggKind, v *exprVec, ids []int32, ng int) (*exprVec, error) {
	return aggApplyArgs(kind, aggDefaults(kind), v, ids, ng)
}

// aggApplyArgs reduces the rows of v by group.
func aggApplyArgs(kind aggKind, args aggArgs, v *exprVec, ids []int32, ng int) (*exprVec, error) {
	if kind >= aggQuantile || kind == aggStd {
		return aggStatsApply(kind, args, v, ids, ng)
	}
	switch kind {
	case aggAnyValue:
		return aggAnyValueOf(v, ids, ng)
	case aggFirst, aggLast, aggImplode:
		val, err := v.toValue(len(ids))
		if err != nil {
			return nil, err
		}
		var res structured.Value
		if kind == aggImplode {
			res, err = aggImplodeValue(val, ids, ng)
		} else {
			res, err = aggEnd(val, ids, ng, kind == aggLast)
		}
		if err != nil {
			return nil, err
		}
		out := exprFromValue(res)
		return out, out.load()
	}
	items, itemIDs, err := aggItems(v, ids)
	if err != nil {
		return nil, err
	}
	if kind == aggNUnique || kind == aggCountDistinct {
		val, err := items.toValue(len(itemIDs))
		if err != nil {
			return nil, err
		}
		counts, err := aggNUniqueCounts(val, itemIDs, ng)
		if err != nil {
			return nil, err
		}
		if kind == aggCountDistinct {
			aggUncountNull(counts, val, itemIDs)
		}
		return &exprVec{t: exprIntT, n: ng, loaded: true, ints: counts}, nil
	}
	if kind == aggCount {
		if items.t == exprOtherT && items.raw != nil {
			items.valid = exprRowValidity(items.raw) // null structures are not counted
		}
		return &exprVec{t: exprIntT, n: ng, loaded: true, ints: aggCounts(items.valid, itemIDs, ng)}, nil
	}
	t := items.t
	if t == exprNullT {
		switch kind {
		case aggSum:
			return &exprVec{t: exprIntT, n: ng, loaded: true, ints: make([]int64, ng)}, nil
		case aggMean:
			return &exprVec{t: exprFloatT, n: ng, loaded: true, floats: make([]float64, ng), valid: exprBitsNone(ng)}, nil
		}
		return &exprVec{t: exprNullT, n: ng, loaded: true, valid: exprBitsNone(ng)}, nil
	}
	if t == exprOtherT || (kind != aggMin && kind != aggMax && (t == exprStrT || exprIsTemporal(items.dt))) || (t == exprBoolT && kind != aggSum && kind != aggMin && kind != aggMax) {
		return nil, fmt.Errorf("%w: cannot take the %s of %s", ErrType, aggNames[kind], items.typeName())
	}
	switch kind {
	case aggSum:
		switch t {
		case exprIntT:
			return &exprVec{t: exprIntT, n: ng, loaded: true, ints: aggSumOf(items.ints, items.valid, itemIDs, ng)}, nil
		case exprBoolT:
			return &exprVec{t: exprIntT, n: ng, loaded: true, ints: aggSumOf(exprBoolInts(items.bools), items.valid, itemIDs, ng)}, nil
		}
		return &exprVec{t: exprFloatT, n: ng, loaded: true, floats: aggSumOf(items.floats, items.valid, itemIDs, ng)}, nil
	case aggMean:
		fs := exprFloatsOf(items)
		sums := aggSumOf(fs, items.valid, itemIDs, ng)
		counts := aggCounts(items.valid, itemIDs, ng)
		out := &exprVec{t: exprFloatT, n: ng, loaded: true, floats: sums}
		for g := range sums {
			if counts[g] > 0 {
				sums[g] /= float64(counts[g])
			}
		}
		out.valid = aggValidWhen(counts, 1)
		return out, nil
	}
	// min, max
	max := kind == aggMax
	out := &exprVec{t: t, n: ng, loaded: true, dt: items.dt}
	switch t {
	case exprIntT:
		out.ints, out.valid = aggMinMax(items.ints, items.valid, itemIDs, ng, max)
	case exprFloatT:
		out.floats, out.valid = aggMinMax(items.floats, items.valid, itemIDs, ng, max)
	case exprStrT:
		out.strs, out.valid = aggMinMax(items.strs, items.valid, itemIDs, ng, max)
	case exprBoolT:
		var ints []int64
		ints, out.valid = aggMinMax(exprBoolInts(items.bools), items.valid, itemIDs, ng, max)
		out.bools = make([]bool, ng)
		for i, x := range ints {
			out.bools[i] = x != 0
		}
	}
	return out, nil
}

// aggItems is what Sum, Mean, ... reduce: the rows of a vector, or every
// item of the lists of a list column, each with its group.
func aggItems(v *exprVec, ids []int32) (*exprVec, []int32, error) {
	if v.t != exprOtherT || v.raw == nil {
		return v, ids, nil
	}
	var (
		leaf   structured.Leaf
		itemID []int32
	)
	switch r := v.raw.(type) {
	case *structured.Ragged:
		flat := structured.Value(r)
		if r.Rank() > 2 {
			var err error
			if flat, err = structured.FlattenRows(r); err != nil {
				return nil, nil, err
			}
		}
		fr, ok := flat.(*structured.Ragged)
		if !ok {
			return nil, nil, fmt.Errorf("%w: cannot flatten %s", ErrType, v.typeName())
		}
		splits := fr.RowPartitions()[0].RowSplits()
		itemID = make([]int32, fr.Size())
		for row := 0; row+1 < len(splits); row++ {
			id := ids[row]
			for k := splits[row]; k < splits[row+1]; k++ {
				itemID[k] = id
			}
		}
		leaf = fr
	case *structured.Dense:
		if r.Rank() < 2 {
			return v, ids, nil
		}
		width := r.Size() / max(r.NumRows(), 1)
		itemID = make([]int32, r.Size())
		for k := range itemID {
			itemID[k] = ids[k/width]
		}
		leaf = r
	default:
		return v, ids, nil
	}
	d, err := structured.NewDense(leaf.Values())
	if err != nil {
		return nil, nil, err
	}
	items := exprFromValue(d)
	return items, itemID, items.load()
}

// aggCounts counts the valid items of each group.
func aggCounts(valid []byte, ids []int32, ng int) []int64 {
	out := make([]int64, ng)
	if valid == nil {
		for _, g := range ids {
			out[g]++
		}
		return out
	}
	for i, g := range ids {
		if bitutil.BitIsSet(valid, i) {
			out[g]++
		}
	}
	return out
}

// aggValidWhen is valid where the count reaches least.
func aggValidWhen(counts []int64, least int64) []byte {
	var valid []byte
	for g, c := range counts {
		if c < least {
			if valid == nil {
				valid = exprBitsAll(len(counts))
			}
			valid[g/8] &^= 1 << (g % 8)
		}
	}
	return valid
}

// aggSumStored is the sum by group of a column of integers narrower than
// int64 as stored, in int64, or ok false for any other vector: summing
// an int32 column reads its 4 bytes a row and makes no int64 copy of it.
func aggSumStored(v *exprVec, ids []int32, ng int) (*exprVec, bool) {
	d, isDense := v.raw.(*structured.Dense)
	if v.loaded || v.scalar || v.t != exprIntT || !isDense || d.Rank() != 1 || exprIsTemporal(d.DataType()) {
		return nil, false
	}
	valid := exprBitsOf(d.Validity())
	var sums []int64
	switch d.DataType().ID() {
	case arrow.INT8:
		sums = aggSumInts(exprRaw[int8](d), valid, ids, ng)
	case arrow.INT16:
		sums = aggSumInts(exprRaw[int16](d), valid, ids, ng)
	case arrow.INT32:
		sums = aggSumInts(exprRaw[int32](d), valid, ids, ng)
	case arrow.UINT8:
		sums = aggSumInts(exprRaw[uint8](d), valid, ids, ng)
	case arrow.UINT16:
		sums = aggSumInts(exprRaw[uint16](d), valid, ids, ng)
	case arrow.UINT32:
		sums = aggSumInts(exprRaw[uint32](d), valid, ids, ng)
	default:
		return nil, false
	}
	return &exprVec{t: exprIntT, n: ng, loaded: true, ints: sums}, true
}

// aggSumInts sums narrow integers by group into int64; one group sums
// without reading the ids.
func aggSumInts[T int8 | int16 | int32 | uint8 | uint16 | uint32](vals []T, valid []byte, ids []int32, ng int) []int64 {
	out := make([]int64, ng)
	vals = vals[:len(ids)]
	switch {
	case valid == nil && ng == 1:
		var s0, s1 int64
		i := 0
		for ; i+2 <= len(vals); i += 2 {
			s0 += int64(vals[i])
			s1 += int64(vals[i+1])
		}
		for ; i < len(vals); i++ {
			s0 += int64(vals[i])
		}
		out[0] = s0 + s1
	case valid == nil:
		for i, g := range ids {
			out[g] += int64(vals[i])
		}
	default:
		for i, g := range ids {
			if bitutil.BitIsSet(valid, i) {
				out[g] += int64(vals[i])
			}
		}
	}
	return out
}

// aggSumOf sums the valid items of each group in one pass.
func aggSumOf[T int64 | float64](vals []T, valid []byte, ids []int32, ng int) []T {
	out := make([]T, ng)
	if valid == nil {
		for i, g := range ids {
			out[g] += vals[i]
		}
		return out
	}
	for i, g := range ids {
		if bitutil.BitIsSet(valid, i) {
			out[g] += vals[i]
		}
	}
	return out
}

// aggMinMax is the least (or greatest) valid item of each group, and the
// validity of the result (null for a group with no valid item). NaN is
// ignored unless a group holds only NaNs.
func aggMinMax[T cmp.Ordered](vals []T, valid []byte, ids []int32, ng int, max bool) ([]T, []byte) {
	out := make([]T, ng)
	seen := make([]bool, ng)
	for i, g := range ids {
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			continue
		}
		x := vals[i]
		switch {
		case !seen[g]:
			out[g], seen[g] = x, true
		case max && (x > out[g] || out[g] != out[g]):
			out[g] = x
		case !max && (x < out[g] || out[g] != out[g]):
			out[g] = x
		}
	}
	var outValid []byte
	for g, s := range seen {
		if !s {
			if outValid == nil {
				outValid = exprBitsAll(ng)
			}
			outValid[g/8] &^= 1 << (g % 8)
		}
	}
	return out, outValid
}

// aggNUniqueCounts counts the distinct (group, value) pairs of each group
// with the grouping kernel.
func aggNUniqueCounts(val structured.Value, ids []int32, ng int) ([]int64, error) {
	n := len(ids)
	h := make([]uint64, n)
	for i, id := range ids {
		h[i] = grpMix(uint64(id) + 1)
	}
	eqv, err := grpHashValue("value", val, h)
	if err != nil {
		return nil, err
	}
	eqID := func(i, j int) bool { return ids[i] == ids[j] }
	g := grpBuild(n, h, []grpEq{eqID, eqv})
	out := make([]int64, ng)
	for _, r := range g.first {
		out[ids[r]]++
	}
	return out, nil
}

// aggUncountNull takes null, counted as one distinct value, out of the
// counts of the groups that hold one (count(DISTINCT x) counts values).
func aggUncountNull(counts []int64, val structured.Value, ids []int32) {
	valid := exprRowValidity(val)
	if valid == nil {
		return
	}
	seen := make([]bool, len(counts))
	for i, g := range ids {
		if !bitutil.BitIsSet(valid, i) && !seen[g] {
			seen[g] = true
			counts[g]--
		}
	}
}

// aggAnyValueOf takes the first non-null row of each group, null for a
// group of only nulls.
func aggAnyValueOf(v *exprVec, ids []int32, ng int) (*exprVec, error) {
	val, err := v.toValue(len(ids))
	if err != nil {
		return nil, err
	}
	valid := exprRowValidity(val)
	rows := make([]int, ng)
	for g := range rows {
		rows[g] = structured.NullRow
	}
	for i, g := range ids {
		if rows[g] == structured.NullRow && (valid == nil || bitutil.BitIsSet(valid, i)) {
			rows[g] = i
		}
	}
	res, err := structured.TakeValueNullable(val, rows)
	if err != nil {
		return nil, err
	}
	out := exprFromValue(res)
	return out, out.load()
}

// aggEnd takes the first (or last) row of each group; a group without
// rows (a frame of 0 rows outside GroupBy) gets a null.
func aggEnd(val structured.Value, ids []int32, ng int, last bool) (structured.Value, error) {
	rows := make([]int, ng)
	for g := range rows {
		rows[g] = structured.NullRow
	}
	for i, g := range ids {
		if last || rows[g] == structured.NullRow {
			rows[g] = i
		}
	}
	return structured.TakeValueNullable(val, rows)
}

// aggImplodeValue collects each group's rows into one list: a stable
// counting sort of the rows by group, one Take, and a row partition of the
// group sizes.
func aggImplodeValue(val structured.Value, ids []int32, ng int) (structured.Value, error) {
	g := &grpGroups{ids: ids, n: ng}
	rows, sizes := g.order()
	taken, err := structured.TakeValue(val, rows)
	if err != nil {
		return nil, err
	}
	p, err := structured.PartitionFromLengths(sizes)
	if err != nil {
		return nil, err
	}
	return exprNestValue(taken, p)
}

// exprNestValue cuts the rows of v into the rows of p: each row of the
// result is a list of p's length of v's rows. No item is copied.
func exprNestValue(v structured.Value, p *structured.RowPartition) (structured.Value, error) {
	switch v := v.(type) {
	case *structured.Tensor:
		return v.PartitionOuterDimension(p)
	case *structured.Ragged:
		return structured.NewRagged(v.Values(), append([]*structured.RowPartition{p}, v.RowPartitions()...)...)
	case *structured.Dense:
		parts := []*structured.RowPartition{p}
		shape := v.Shape()
		rows := shape[0]
		for _, d := range shape[1:] {
			u, err := structured.PartitionFromUniform(d, structured.Unknown, rows)
			if err != nil {
				return nil, err
			}
			parts = append(parts, u)
			rows *= d
		}
		return structured.NewRagged(v.Values(), parts...)
	}
	return nil, fmt.Errorf("%w: cannot nest %T", ErrType, v)
}

// exprLen counts rows.
type exprLen struct{}

func (exprLen) outName() string { return "len" }
func (exprLen) hasAgg() bool    { return true }
func (exprLen) String() string  { return "len()" }
func (exprLen) eval(c *exprCtx) (*exprVec, error) {
	if c.over {
		sizes := make([]int64, c.grp.n)
		for _, id := range c.grp.ids {
			sizes[id]++
		}
		return c.aggResult(&exprVec{t: exprIntT, n: c.grp.n, loaded: true, ints: sizes})
	}
	if c.grp != nil && !c.rows {
		sizes := make([]int64, c.grp.n)
		for _, id := range c.grp.ids {
			sizes[id]++
		}
		return &exprVec{t: exprIntT, n: c.grp.n, loaded: true, ints: sizes}, nil
	}
	return &exprVec{t: exprIntT, n: 1, scalar: true, loaded: true, ints: []int64{int64(c.f.data.NumRows())}}, nil
}

// exprBoolInts reads bools as the int64s 0 and 1 (a bool column's Sum
// counts its true rows).
func exprBoolInts(bs []bool) []int64 {
	out := make([]int64, len(bs))
	for i, b := range bs {
		if b {
			out[i] = 1
		}
	}
	return out
}

// exprArgBy is DuckDB's arg_min(arg, val) and arg_max(arg, val), an
// aggregation: the value of arg on the row where val is least (or
// greatest), among the rows where neither is null; the first such row on
// a tie; null when there is none. val takes Sort's order (NaN above
// +Inf).
type exprArgBy struct {
	arg, val Expr
	max      bool
}

func (n exprArgBy) outName() string {
	if n.arg.n == nil {
		return ""
	}
	return n.arg.n.outName()
}
func (n exprArgBy) hasAgg() bool { return true }
func (n exprArgBy) label() string {
	if n.max {
		return "arg_max"
	}
	return "arg_min"
}
func (n exprArgBy) String() string {
	return n.label() + "(" + n.arg.String() + ", " + n.val.String() + ")"
}

func (n exprArgBy) eval(c *exprCtx) (*exprVec, error) {
	if c.agg {
		return nil, errorf(c.op, ErrArgument, "%s: an aggregation inside an aggregation", n)
	}
	rc := *c
	rc.rows, rc.agg = true, true
	nrows := c.f.data.NumRows()
	vals := make([]structured.Value, 2)
	for i, e := range []Expr{n.arg, n.val} {
		v, err := e.evalLoaded(&rc)
		if err != nil {
			return nil, err
		}
		if vals[i], err = v.toValue(nrows); err != nil {
			return nil, exprErr(c, n, err)
		}
	}
	key, err := sortKeyOf(c.op, n.val.String(), vals[1], nrows)
	if err != nil {
		return nil, err
	}
	argValid := exprRowValidity(vals[0])
	ids, ng := c.groupIDs()
	rows := make([]int, ng)
	for g := range rows {
		rows[g] = structured.NullRow
	}
	for i, g := range ids {
		if key.isNull(i) || exprBitNull(argValid, i) {
			continue
		}
		if best := rows[g]; best == structured.NullRow || (exprKeyCmp(key, i, best) > 0 && n.max) || (exprKeyCmp(key, i, best) < 0 && !n.max) {
			rows[g] = i
		}
	}
	res, err := structured.TakeValueNullable(vals[0], rows)
	if err != nil {
		return nil, exprErr(c, n, err)
	}
	out := exprFromValue(res)
	if err := out.load(); err != nil {
		return nil, exprErr(c, n, err)
	}
	if out, err = c.aggResult(out); err != nil { // window_over.go
		return nil, exprErr(c, n, err)
	}
	return out, nil
}
