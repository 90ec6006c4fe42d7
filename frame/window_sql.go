package frame

import (
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/structured"
)

// The text form's window functions, `f(args) OVER (PARTITION BY ...
// ORDER BY ... [frame])`, with DuckDB's semantics: the partition's rows
// in the ORDER BY order, rows equal on every ORDER BY key being peers;
// the frame of an aggregate is the whole partition without ORDER BY and,
// with it, the rows from the partition's first to the current row's
// last peer (RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW).

// sqlBoundKind is one end of a window frame.
type sqlBoundKind uint8

const (
	sqlUnboundedPreceding sqlBoundKind = iota
	sqlPreceding
	sqlCurrentRow
	sqlFollowing
	sqlUnboundedFollowing
)

// sqlBound is one end of a frame: a kind and, for n PRECEDING or n
// FOLLOWING, n.
type sqlBound struct {
	kind sqlBoundKind
	n    int
}

func (b sqlBound) String() string {
	switch b.kind {
	case sqlUnboundedPreceding:
		return "unbounded preceding"
	case sqlPreceding:
		return fmt.Sprintf("%d preceding", b.n)
	case sqlCurrentRow:
		return "current row"
	case sqlFollowing:
		return fmt.Sprintf("%d following", b.n)
	}
	return "unbounded following"
}

// sqlFrame is a frame clause; set is false when none was written.
type sqlFrame struct {
	set        bool
	rows       bool // ROWS (positions), else RANGE (peers)
	start, end sqlBound
}

// exprSQLWindow is a window function of the text form.
type exprSQLWindow struct {
	fn        string // lower-case name
	args      []Expr
	agg       Expr // an aggregate's expression (the function table's), for a whole-partition frame
	partition []Expr
	order     []SortKey
	frame     sqlFrame
}

func (n exprSQLWindow) outName() string {
	for _, a := range n.args {
		if a.n != nil {
			if name := a.n.outName(); name != "" {
				return name
			}
		}
	}
	return n.fn
}

func (n exprSQLWindow) hasAgg() bool { return false }

func (n exprSQLWindow) children() []Expr {
	out := append(append([]Expr(nil), n.args...), n.partition...)
	for _, k := range n.order {
		out = append(out, k.expr)
	}
	return out
}

func (n exprSQLWindow) String() string {
	var b strings.Builder
	b.WriteString(n.fn + "(")
	for i, a := range n.args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.String())
	}
	b.WriteString(") over (")
	sep := ""
	if len(n.partition) > 0 {
		b.WriteString("partition by ")
		for i, k := range n.partition {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(k.String())
		}
		sep = " "
	}
	if len(n.order) > 0 {
		b.WriteString(sep + "order by ")
		for i, k := range n.order {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(k.String())
		}
		sep = " "
	}
	if n.frame.set {
		kind := "range"
		if n.frame.rows {
			kind = "rows"
		}
		fmt.Fprintf(&b, "%s%s between %s and %s", sep, kind, n.frame.start, n.frame.end)
	}
	b.WriteString(")")
	return b.String()
}

// sqlWin is a window evaluated: its parts (partitions in ORDER BY order)
// and where each run of peers starts.
type sqlWin struct {
	p     *winParts
	g     *grpGroups
	peer  []bool // peer[i]: position i starts a run of peers
	n     int
	order bool // ORDER BY was given
}

// runEnd is the end (exclusive) of the run of peers holding position i,
// within a part ending at e.
func (w *sqlWin) runEnd(i, e int) int {
	for i++; i < e && !w.peer[i]; i++ {
	}
	return i
}

func (n exprSQLWindow) eval(c *exprCtx) (*exprVec, error) {
	if !c.rows {
		return nil, errorf(c.op, ErrArgument, "%s: a window function is evaluated over rows, not over the groups of GroupBy.Agg", n)
	}
	nrows := c.f.data.NumRows()
	g, err := overGroups(c, n.partition)
	if err != nil {
		return nil, err
	}
	w := &sqlWin{g: g, n: nrows, peer: make([]bool, nrows), order: len(n.order) > 0}
	var cols []*sortKeyCol
	var perm []int
	if w.order {
		if perm, cols, err = overOrder(c, n.order, nrows); err != nil {
			return nil, err
		}
	}
	w.p = winPartsOf(g, perm)
	for k := 0; k < w.p.parts(); k++ {
		s, e := w.p.part(k)
		for i := s; i < e; i++ {
			w.peer[i] = i == s || (w.order && !sqlPeers(cols, w.row(i-1), w.row(i)))
		}
	}
	wc := *c
	wc.rows, wc.agg, wc.over, wc.grp, wc.win = true, false, true, g, w.p
	out, err := n.evalIn(c, &wc, w)
	if err != nil {
		return nil, exprErr(c, n, err)
	}
	return out, nil
}

// row is the row at position i of the window's order.
func (w *sqlWin) row(i int) int {
	if w.p.order == nil {
		return i
	}
	return w.p.order[i]
}

// sqlPeers reports whether rows a and b are equal on every ORDER BY key
// (two nulls are equal).
func sqlPeers(cols []*sortKeyCol, a, b int) bool {
	for _, k := range cols {
		na, nb := k.isNull(a), k.isNull(b)
		if na || nb {
			if na != nb {
				return false
			}
			continue
		}
		if exprKeyCmp(k, a, b) != 0 {
			return false
		}
	}
	return true
}

// evalIn computes the function in the window: c is the caller's context
// (the arguments are evaluated there, at row level), wc the window's.
func (n exprSQLWindow) evalIn(c, wc *exprCtx, w *sqlWin) (*exprVec, error) {
	args := make([]*exprVec, len(n.args))
	for i, a := range n.args {
		v, err := a.evalLoaded(c)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	ints := func(f func(i, s, e int) int64) (*exprVec, error) {
		out := &exprVec{t: exprIntT, n: w.n, loaded: true, ints: make([]int64, w.n)}
		for k := 0; k < w.p.parts(); k++ {
			s, e := w.p.part(k)
			for i := s; i < e; i++ {
				out.ints[i] = f(i, s, e)
			}
		}
		return w.p.scatter(out)
	}
	floats := func(f func(i, s, e int) float64) (*exprVec, error) {
		out := &exprVec{t: exprFloatT, n: w.n, loaded: true, floats: make([]float64, w.n)}
		for k := 0; k < w.p.parts(); k++ {
			s, e := w.p.part(k)
			for i := s; i < e; i++ {
				out.floats[i] = f(i, s, e)
			}
		}
		return w.p.scatter(out)
	}
	// rank: 1 + the rows before the current row's run of peers.
	runStart := make([]int, 0)
	rank := func(i, s int) int {
		return runStart[i] - s + 1
	}
	switch n.fn {
	case "rank", "dense_rank", "percent_rank", "cume_dist":
		runStart = make([]int, w.n)
		for i := range runStart {
			if w.peer[i] {
				runStart[i] = i
			} else {
				runStart[i] = runStart[i-1]
			}
		}
	}
	switch n.fn {
	case "row_number":
		return ints(func(i, s, _ int) int64 { return int64(i - s + 1) })
	case "rank":
		return ints(func(i, s, _ int) int64 { return int64(rank(i, s)) })
	case "dense_rank":
		dense := int64(0)
		return ints(func(i, s, _ int) int64 {
			if i == s {
				dense = 0
			}
			if w.peer[i] {
				dense++
			}
			return dense
		})
	case "percent_rank":
		return floats(func(i, s, e int) float64 {
			if e-s < 2 {
				return 0
			}
			return float64(rank(i, s)-1) / float64(e-s-1)
		})
	case "cume_dist":
		end := 0
		return floats(func(i, s, e int) float64 {
			if i == s || w.peer[i] {
				end = w.runEnd(i, e)
			}
			return float64(end-s) / float64(e-s)
		})
	case "ntile":
		buckets := args[0]
		if buckets.t != exprIntT || !buckets.scalar || buckets.isNull(0) {
			return nil, fmt.Errorf("%w: ntile takes a constant integer", ErrArgument)
		}
		nb := buckets.ints[0]
		if nb <= 0 {
			return nil, fmt.Errorf("%w: ntile takes a number of buckets greater than zero, not %d", ErrArgument, nb)
		}
		return ints(func(i, s, e int) int64 { return sqlNtile(int64(i-s), int64(e-s), nb) })
	case "lag", "lead":
		off := int64(1)
		if len(args) > 1 {
			if args[1].t != exprIntT || !args[1].scalar {
				return nil, fmt.Errorf("%w: %s takes a constant integer offset", ErrArgument, n.fn)
			}
			if !args[1].isNull(0) {
				off = args[1].ints[0]
			}
		}
		if n.fn == "lead" {
			off = -off
		}
		var fill *exprVec
		if len(args) > 2 {
			fill = args[2]
		}
		return winShift(wc, args[0], int(off), fill)
	}
	return n.evalAgg(wc, w, args)
}

// sqlNtile is DuckDB's ntile: the bucket (from 1) of position j of a
// partition of size rows cut into nb buckets whose sizes differ by at
// most one, the larger first.
func sqlNtile(j, size, nb int64) int64 {
	if nb > size {
		return j + 1
	}
	q, r := size/nb, size%nb
	if big := r * (q + 1); j < big {
		return j/(q+1) + 1
	} else {
		return (j-big)/q + r + 1
	}
}

// sqlAggKinds are the aggregates a frame other than the whole partition
// takes, by name.
var sqlAggKinds = map[string]aggKind{
	"sum": aggSum, "avg": aggMean, "mean": aggMean, "min": aggMin, "max": aggMax,
	"count": aggCount, "count_star": aggCount, "first": aggFirst, "first_value": aggFirst,
	"last": aggLast, "last_value": aggLast, "stddev": aggStd, "stddev_samp": aggStd,
}

// frameShape classifies the frame: whole is the whole partition; else
// the frame runs from the partition's start (fromStart) or to its end,
// with peers (range) or by rows, or it is bounded: the rows at offsets
// start to end from the current row (negative before it; nil unbounded).
func (n exprSQLWindow) frameShape(w *sqlWin) (whole, fromStart, peers, bounded bool, start, end *int, err error) {
	f := n.frame
	if !f.set {
		if !w.order {
			return true, false, false, false, nil, nil, nil
		}
		return false, true, true, false, nil, nil, nil
	}
	if f.start.kind > f.end.kind || f.start.kind == sqlUnboundedFollowing || f.end.kind == sqlUnboundedPreceding {
		return false, false, false, false, nil, nil, fmt.Errorf("%w: a frame from %s to %s is empty or malformed", ErrArgument, f.start, f.end)
	}
	switch {
	case f.start.kind == sqlUnboundedPreceding && f.end.kind == sqlUnboundedFollowing:
		return true, false, false, false, nil, nil, nil
	case !f.rows && !w.order && (f.start.kind == sqlUnboundedPreceding || f.start.kind == sqlCurrentRow) && (f.end.kind == sqlCurrentRow || f.end.kind == sqlUnboundedFollowing):
		return true, false, false, false, nil, nil, nil // every row is a peer
	case f.start.kind == sqlUnboundedPreceding && f.end.kind == sqlCurrentRow:
		return false, true, !f.rows, false, nil, nil, nil
	case f.start.kind == sqlCurrentRow && f.end.kind == sqlUnboundedFollowing:
		return false, false, !f.rows, false, nil, nil, nil
	case !f.rows:
		return false, false, false, false, nil, nil, fmt.Errorf("%w: a RANGE frame from %s to %s is not supported (RANGE takes UNBOUNDED PRECEDING, CURRENT ROW and UNBOUNDED FOLLOWING; use ROWS for offsets)", ErrArgument, f.start, f.end)
	}
	// A ROWS frame of offsets from the current row, on either side or
	// both (2 PRECEDING AND 1 PRECEDING is the offsets -2 to -1).
	offset := func(b sqlBound) *int {
		var k int
		switch b.kind {
		case sqlPreceding:
			k = -b.n
		case sqlFollowing:
			k = b.n
		case sqlCurrentRow:
		default:
			return nil // unbounded
		}
		return &k
	}
	return false, false, false, true, offset(f.start), offset(f.end), nil
}

// evalAgg computes an aggregate, first_value or last_value over each
// row's frame.
func (n exprSQLWindow) evalAgg(wc *exprCtx, w *sqlWin, args []*exprVec) (*exprVec, error) {
	if kind, ok := sqlAggKinds[n.fn]; ok && (kind == aggFirst || kind == aggLast) && len(args) == 1 {
		return n.evalEnd(w, args[0], kind == aggLast)
	}
	whole, fromStart, peers, bounded, start, end, err := n.frameShape(w)
	if err != nil {
		return nil, err
	}
	if whole {
		return n.agg.eval(wc)
	}
	kind, ok := sqlAggKinds[n.fn]
	if !ok || (kind == aggStd && !bounded) {
		return nil, fmt.Errorf("%w: %s over a frame other than the whole partition is not supported (drop ORDER BY, or give ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)", ErrArgument, n.fn)
	}
	var v *exprVec
	if len(args) > 0 {
		v = args[0]
	} else { // count(*): a column of valid rows
		v = &exprVec{t: exprBoolT, n: w.n, loaded: true, bools: make([]bool, w.n)}
	}
	if exprIsList(v) {
		return nil, fmt.Errorf("%w: %s over a window takes scalar values, not %s", ErrType, n.fn, v.typeName())
	}
	g, err := w.p.gather(v, w.n)
	if err != nil {
		return nil, err
	}
	if bounded {
		minPeriods := 1
		if kind == aggCount {
			minPeriods = 0
		}
		out, err := winFrameAggBetween(kind, g, w.p, start, end, minPeriods)
		if err != nil {
			return nil, err
		}
		return w.p.scatter(out)
	}
	out, err := sqlRunning(kind, g, w.p, !fromStart)
	if err != nil {
		return nil, err
	}
	if peers {
		sqlSpreadPeers(out, w, fromStart)
	}
	return w.p.scatter(out)
}

// evalEnd is first_value or last_value (first, last): the value on the
// first or last row of each row's frame, null or not; null when the
// frame is empty. Every frame DuckDB takes but RANGE with offsets: a
// bound may be on either side of the current row.
func (n exprSQLWindow) evalEnd(w *sqlWin, v *exprVec, last bool) (*exprVec, error) {
	f := n.frame
	if !f.set {
		f = sqlFrame{start: sqlBound{kind: sqlUnboundedPreceding}, end: sqlBound{kind: sqlUnboundedFollowing}}
		if w.order {
			f.end = sqlBound{kind: sqlCurrentRow}
		}
	}
	if !f.rows && (f.start.kind == sqlPreceding || f.start.kind == sqlFollowing || f.end.kind == sqlPreceding || f.end.kind == sqlFollowing) {
		return nil, fmt.Errorf("%w: a RANGE frame from %s to %s is not supported (RANGE takes UNBOUNDED PRECEDING, CURRENT ROW and UNBOUNDED FOLLOWING; use ROWS for offsets)", ErrArgument, f.start, f.end)
	}
	g, err := w.p.gather(v, w.n)
	if err != nil {
		return nil, err
	}
	src := make([]int, w.n)
	for k := 0; k < w.p.parts(); k++ {
		s, e := w.p.part(k)
		runStart, runEnd := s, s
		for i := s; i < e; i++ {
			if w.peer[i] {
				runStart, runEnd = i, w.runEnd(i, e)
			}
			if !w.order { // without ORDER BY every row of the partition is a peer
				runStart, runEnd = s, e
			}
			var lo, hi int // the frame [lo, hi)
			switch f.start.kind {
			case sqlUnboundedPreceding:
				lo = s
			case sqlPreceding:
				lo = i - f.start.n
			case sqlCurrentRow:
				lo = i
				if !f.rows {
					lo = runStart
				}
			case sqlFollowing:
				lo = i + f.start.n
			default:
				lo = e
			}
			switch f.end.kind {
			case sqlUnboundedFollowing:
				hi = e
			case sqlFollowing:
				hi = i + f.end.n + 1
			case sqlCurrentRow:
				hi = i + 1
				if !f.rows {
					hi = runEnd
				}
			case sqlPreceding:
				hi = i - f.end.n + 1
			default:
				hi = s
			}
			lo, hi = max(lo, s), min(hi, e)
			switch {
			case lo >= hi:
				src[i] = structured.NullRow
			case last:
				src[i] = hi - 1
			default:
				src[i] = lo
			}
		}
	}
	out, err := exprVecTake(g, src)
	if err != nil {
		return nil, err
	}
	return w.p.scatter(out)
}

// sqlRunning is SQL's running aggregate over each part, from its first
// position down (or from its last up when reverse): the aggregate of the
// valid values so far, null while there is none (count: 0).
func sqlRunning(kind aggKind, g *exprVec, p *winParts, reverse bool) (*exprVec, error) {
	n := g.n
	valid := g.valid
	if g.t == exprNullT {
		valid = exprBitsNone(n)
	}
	if kind == aggCount {
		out := &exprVec{t: exprIntT, n: n, loaded: true, ints: make([]int64, n)}
		winRuns(p, reverse, func(s, e, step int) {
			var cnt int64
			for i := s; i != e; i += step {
				if valid == nil || bitutil.BitIsSet(valid, i) {
					cnt++
				}
				out.ints[i] = cnt
			}
		})
		return out, nil
	}
	if g.t == exprNullT {
		return &exprVec{t: exprNullT, n: n, loaded: true, valid: exprBitsNone(n)}, nil
	}
	switch kind {
	case aggSum, aggMean:
		if g.t != exprIntT && g.t != exprFloatT && g.t != exprBoolT || exprIsTemporal(g.dt) {
			return nil, fmt.Errorf("%w: cannot take the %s of %s", ErrType, aggNames[kind], g.typeName())
		}
		if g.t == exprIntT || g.t == exprBoolT {
			ints := g.ints
			if g.t == exprBoolT {
				ints = exprBoolInts(g.bools)
			}
			if kind == aggSum {
				sums := winCumRing(ints, valid, p, reverse, false)
				return &exprVec{t: exprIntT, n: n, loaded: true, ints: sums, valid: sqlSeenValid(valid, p, reverse, n)}, nil
			}
		}
		fs := exprFloatsOf(g)
		if g.t == exprBoolT {
			fs = exprFloatsOf(&exprVec{t: exprIntT, ints: exprBoolInts(g.bools)})
		}
		sums := winCumRing(fs, valid, p, reverse, false)
		if kind == aggMean {
			counts := winCumRing(exprFloatsOf(&exprVec{t: exprIntT, ints: sqlOnes(valid, n)}), nil, p, reverse, false)
			for i := range sums {
				if counts[i] > 0 {
					sums[i] /= counts[i]
				}
			}
		}
		return &exprVec{t: exprFloatT, n: n, loaded: true, floats: sums, valid: sqlSeenValid(valid, p, reverse, n)}, nil
	case aggMin, aggMax:
		if g.t == exprOtherT {
			return nil, fmt.Errorf("%w: cannot take the %s of %s", ErrType, aggNames[kind], g.typeName())
		}
		max := kind == aggMax
		out := &exprVec{t: g.t, n: n, loaded: true, dt: g.dt}
		switch g.t {
		case exprIntT:
			out.ints = winCumBest(g.ints, valid, p, reverse, max)
		case exprFloatT:
			out.floats = winCumBest(g.floats, valid, p, reverse, max)
		case exprStrT:
			out.strs = winCumBest(g.strs, valid, p, reverse, max)
		case exprBoolT:
			ints := winCumBest(exprBoolInts(g.bools), valid, p, reverse, max)
			out.bools = make([]bool, n)
			for i, x := range ints {
				out.bools[i] = x != 0
			}
		}
		out.valid = sqlSeenValid(valid, p, reverse, n)
		return out, nil
	}
	return nil, fmt.Errorf("%w: %s over a running frame is not supported", ErrArgument, aggNames[kind])
}

// sqlOnes is 1 on the valid positions, 0 elsewhere.
func sqlOnes(valid []byte, n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		if valid == nil || bitutil.BitIsSet(valid, i) {
			out[i] = 1
		}
	}
	return out
}

// sqlSeenValid is valid from the first valid position of each part on
// (in the running direction): where a running sum has a value.
func sqlSeenValid(valid []byte, p *winParts, reverse bool, n int) []byte {
	if valid == nil {
		return nil
	}
	out := exprBitsNone(n)
	winRuns(p, reverse, func(s, e, step int) {
		seen := false
		for i := s; i != e; i += step {
			seen = seen || bitutil.BitIsSet(valid, i)
			if seen {
				bitutil.SetBit(out, i)
			}
		}
	})
	return out
}

// sqlSpreadPeers gives every position of a run of peers the running
// value of the run's last position (or first, running up from the end):
// the frame reaches the current row's last peer.
func sqlSpreadPeers(v *exprVec, w *sqlWin, fromStart bool) {
	src := make([]int, w.n)
	for k := 0; k < w.p.parts(); k++ {
		s, e := w.p.part(k)
		for i := s; i < e; {
			end := w.runEnd(i, e)
			at := end - 1
			if !fromStart {
				at = i
			}
			for j := i; j < end; j++ {
				src[j] = at
			}
			i = end
		}
	}
	picked, err := exprVecTake(v, src)
	if err == nil {
		*v = *picked
	}
}
