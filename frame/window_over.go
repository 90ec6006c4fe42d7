package frame

import (
	"fmt"
	"strings"
	"sync"

	"github.com/structframe/structframe/structured"
)

// MappingStrategy says how Over puts the values it computed per group
// back on the frame's rows (Polars' mapping_strategy).
type MappingStrategy uint8

const (
	// MappingGroupToRows gives each row its own value: a value per row of
	// the group goes back to that row, a value per group (an aggregation)
	// to every row of the group. The default.
	MappingGroupToRows MappingStrategy = iota
	// MappingJoin gives each row the list of its group's values (in the
	// group's order); an aggregation, one value per group, is given as
	// that value, not a list. Memory grows with rows times group size.
	MappingJoin
	// MappingExplode gives the groups' values one after the other, group
	// by group in order of first appearance, each group in its order
	// (the rows sorted by group, as group_by + agg + explode would give
	// them). The rows no longer line up with the frame's: it is meant
	// for SelectExprs of expressions over the same groups. An
	// aggregation, one value per group, would give fewer rows than the
	// frame's: an ErrShape error (GroupBy.Agg gives those).
	MappingExplode
)

// String is the strategy's name in Polars: group_to_rows, join, explode.
func (m MappingStrategy) String() string {
	switch m {
	case MappingGroupToRows:
		return "group_to_rows"
	case MappingJoin:
		return "join"
	case MappingExplode:
		return "explode"
	}
	return fmt.Sprintf("MappingStrategy(%d)", uint8(m))
}

// OverOption changes how OverExprs orders and maps its groups:
// WithOrderBy, WithMappingStrategy.
type OverOption interface{ applyOver(*overConfig) }

type overConfig struct {
	order   []SortKey
	mapping MappingStrategy
}

type overOptionFunc func(*overConfig)

func (fn overOptionFunc) applyOver(c *overConfig) { fn(c) }

// WithOrderBy orders the rows of each group by the keys before an
// order-dependent expression (Shift, Diff, the Cum family, Rank's
// ordinal ties, RowNumber, First, Last, Implode) runs in it; each result
// goes back to its own row. Ties keep row order; nulls go last unless a
// key says NullsFirst (Sort's rule; Polars' over puts them first by
// default). Polars' order_by of over.
func WithOrderBy(keys ...SortKey) OverOption {
	return overOptionFunc(func(c *overConfig) { c.order = append([]SortKey(nil), keys...) })
}

// WithMappingStrategy sets how the groups' values go back to the rows
// (MappingGroupToRows unless set).
func WithMappingStrategy(m MappingStrategy) OverOption {
	return overOptionFunc(func(c *overConfig) { c.mapping = m })
}

// Over evaluates e within each group of the key columns, as Polars' over
// and SQL's OVER (PARTITION BY keys): an aggregation inside e reduces
// the rows of each group and gives every row of the group that value,
//
//	Col("x").Sub(Col("x").Mean()).Over("g")   // x minus its group's mean
//	Col("x").Sum().Over("g")                  // the group's total on each row
//
// and an order-dependent expression (Shift, Diff, PctChange, the Cum
// family, Rank, RowNumber) runs within each group, in row order, each
// value going back to its row. The result has one value per row of the
// frame, so Over serves SelectExprs, WithColumns, Filter and Sort alike.
//
// Keys are columns of any type that GroupBy takes: numbers, strings,
// bools, temporal values, and lists or structures of them; rows with a
// null key form one group (Polars, SQL). Without keys the whole frame is
// one group. OverExprs takes key expressions, an order and a mapping.
//
// Cost: one grouping pass, one counting sort of the rows by group when an
// order-dependent expression needs the groups' rows together, and one
// gather of each aggregation's values back to the rows: O(rows)
// allocations whatever the number of groups.
func (e Expr) Over(keys ...string) Expr {
	exprs := make([]Expr, len(keys))
	for i, k := range keys {
		exprs[i] = Col(k)
	}
	return Expr{n: exprOver{e: e, keys: exprs}}
}

// OverExprs is Over with keys computed by expressions (Col("t").Dt().Year(),
// say), an order of the rows within each group (WithOrderBy) and a
// mapping of the results to the rows (WithMappingStrategy):
//
//	Col("price").CumSum().OverExprs([]Expr{Col("shop")}, WithOrderBy(Asc("day")))
//
// No key makes the whole frame one group (a running sum in day order,
// with WithOrderBy(Asc("day")), each value on its own row).
func (e Expr) OverExprs(keys []Expr, opts ...OverOption) Expr {
	var cfg overConfig
	for _, o := range opts {
		if o != nil {
			o.applyOver(&cfg)
		}
	}
	return Expr{n: exprOver{e: e, keys: append([]Expr(nil), keys...), order: cfg.order, mapping: cfg.mapping}}
}

// exprOver is e evaluated within the groups of keys.
type exprOver struct {
	e       Expr
	keys    []Expr
	order   []SortKey
	mapping MappingStrategy
}

func (n exprOver) outName() string {
	if n.e.n == nil {
		return ""
	}
	return n.e.n.outName()
}

// hasAgg is false: the result has one value per row, whatever e does.
func (n exprOver) hasAgg() bool { return false }

func (n exprOver) children() []Expr {
	out := append([]Expr{n.e}, n.keys...)
	for _, k := range n.order {
		out = append(out, k.expr)
	}
	return out
}

func (n exprOver) String() string {
	var b strings.Builder
	b.WriteString(n.e.String())
	b.WriteString(".over(")
	for i, k := range n.keys {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k.String())
	}
	if len(n.order) > 0 {
		b.WriteString(", order_by=[")
		for i, k := range n.order {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(k.String())
		}
		b.WriteString("]")
	}
	if n.mapping != MappingGroupToRows {
		b.WriteString(", mapping_strategy=" + n.mapping.String())
	}
	b.WriteString(")")
	return b.String()
}

func (n exprOver) eval(c *exprCtx) (*exprVec, error) {
	if !c.rows {
		return nil, errorf(c.op, ErrArgument, "%s: over is evaluated over rows, not over the groups of GroupBy.Agg", n)
	}
	if n.e.n == nil {
		return nil, errorf(c.op, ErrArgument, "over of an empty expression")
	}
	if n.mapping > MappingExplode {
		return nil, errorf(c.op, ErrArgument, "%s: unknown mapping strategy %d", n, n.mapping)
	}
	nrows := c.f.data.NumRows()
	g, err := overGroups(c, n.keys)
	if err != nil {
		return nil, err
	}
	ic := *c
	ic.rows, ic.agg, ic.over, ic.grp, ic.win = true, false, true, g, nil
	if len(n.order) > 0 {
		perm, _, err := overOrder(c, n.order, nrows)
		if err != nil {
			return nil, err
		}
		ic.win = winPartsOf(g, perm)
	}
	v, err := n.e.eval(&ic)
	if err != nil {
		return nil, err
	}
	if v.scalar || n.mapping == MappingGroupToRows {
		return v, nil
	}
	if !v.scalar && v.n != nrows {
		return nil, errorf(c.op, ErrShape, "%s gives %d values for %d rows", n, v.n, nrows)
	}
	if err := v.load(); err != nil {
		return nil, exprErr(c, n, err)
	}
	out, err := overMap(&ic, n.mapping, overScalar(n.e.n), v)
	if err != nil {
		return nil, exprErr(c, n, err)
	}
	if out.n != nrows {
		return nil, errorf(c.op, ErrShape, "%s gives %d rows (one per group) for a frame of %d rows; explode an expression with a value per row, or use GroupBy.Agg", n, out.n, nrows)
	}
	return out, nil
}

// winCache keeps the groupings of the Over nodes of one verb's
// expressions: two windows over the same columns (Polars' common
// case, x.Mean().Over("g") beside x.Shift(1).Over("g")) group the
// rows once. The expressions may be evaluated concurrently.
type winCache struct {
	mu sync.Mutex
	m  map[winCacheKey]*winCacheEntry
}

type winCacheKey struct {
	f    *Frame
	keys string
}

type winCacheEntry struct {
	once sync.Once
	g    *grpGroups
	err  error
}

// overGroups groups the rows of c's frame by the values of keys: one
// group of every row when there is none. A grouping by columns is kept
// in c's cache.
func overGroups(c *exprCtx, keys []Expr) (*grpGroups, error) {
	if c.wins == nil || c.selRef != "" || len(keys) == 0 {
		return overGroupsOf(c, keys)
	}
	refs := make([]string, len(keys))
	for i, k := range keys {
		col, ok := k.n.(exprCol)
		if !ok {
			return overGroupsOf(c, keys)
		}
		refs[i] = col.ref
	}
	key := winCacheKey{f: c.f, keys: strings.Join(refs, "\x00")}
	c.wins.mu.Lock()
	if c.wins.m == nil {
		c.wins.m = map[winCacheKey]*winCacheEntry{}
	}
	e := c.wins.m[key]
	if e == nil {
		e = &winCacheEntry{}
		c.wins.m[key] = e
	}
	c.wins.mu.Unlock()
	e.once.Do(func() { e.g, e.err = overGroupsOf(c, keys) })
	return e.g, e.err
}

// overGroupsOf is overGroups without the cache.
func overGroupsOf(c *exprCtx, keys []Expr) (*grpGroups, error) {
	nrows := c.f.data.NumRows()
	if len(keys) == 0 {
		g := &grpGroups{ids: make([]int32, nrows), n: 1}
		if nrows > 0 {
			g.first = []int32{0}
		}
		return g, nil
	}
	names := make([]string, len(keys))
	vals := make([]structured.Value, len(keys))
	for k, e := range keys {
		v, err := e.eval(c)
		if err != nil {
			return nil, err
		}
		if vals[k], err = v.toValue(nrows); err != nil {
			return nil, exprErr(c, e, err)
		}
		if vals[k].NumRows() != nrows {
			return nil, errorf(c.op, ErrShape, "over key %s has %d rows, the frame %d", e, vals[k].NumRows(), nrows)
		}
		names[k] = e.Name()
	}
	return grpValues(c.op, nrows, names, vals)
}

// overOrder is the rows of c's frame sorted by keys, stable, and the
// keys read.
func overOrder(c *exprCtx, keys []SortKey, nrows int) ([]int, []*sortKeyCol, error) {
	cols := make([]*sortKeyCol, len(keys))
	for i, k := range keys {
		v, err := k.expr.eval(c)
		if err != nil {
			return nil, nil, err
		}
		val, err := v.toValue(nrows)
		if err != nil {
			return nil, nil, exprErr(c, k.expr, err)
		}
		if cols[i], err = sortKeyOf(c.op, sortKeyName(k.expr), val, nrows); err != nil {
			return nil, nil, err
		}
	}
	return sortPerm(cols, keys, nrows), cols, nil
}

// winPartsOf is the parts of a grouping: part k is group k, its rows in
// the order of seq (the rows in some order; nil: row order). One
// counting sort; a single group in row order needs none.
func winPartsOf(g *grpGroups, seq []int) *winParts {
	n := len(g.ids)
	starts := make([]int, g.n+1)
	for _, id := range g.ids {
		starts[id+1]++
	}
	for k := 1; k <= g.n; k++ {
		starts[k] += starts[k-1]
	}
	if g.n <= 1 && seq == nil {
		return &winParts{starts: starts}
	}
	next := make([]int, g.n)
	copy(next, starts[:g.n])
	order := make([]int, n)
	if seq == nil {
		for r, id := range g.ids {
			order[next[id]] = r
			next[id]++
		}
	} else {
		for _, r := range seq {
			id := g.ids[r]
			order[next[id]] = r
			next[id]++
		}
	}
	return &winParts{order: order, starts: starts}
}

// partIDs is the part of each position of p's order.
func (p *winParts) partIDs() []int32 {
	ids := make([]int32, p.starts[len(p.starts)-1])
	for k := 0; k < p.parts(); k++ {
		s, e := p.part(k)
		for i := s; i < e; i++ {
			ids[i] = int32(k)
		}
	}
	return ids
}

// aggOrdered reports an aggregation whose value depends on the order of
// the rows it reduces.
func aggOrdered(kind aggKind) bool {
	return kind == aggFirst || kind == aggLast || kind == aggImplode || kind == aggAnyValue
}

// overAgg reduces v by the groups of Over with reduce (in the order
// Over's WithOrderBy gives, for the aggregations that depend on it) and
// gives each row its group's value.
func (c *exprCtx) overAgg(kind aggKind, v *exprVec, reduce func(v *exprVec, ids []int32, ng int) (*exprVec, error)) (*exprVec, error) {
	ids, ng := c.grp.ids, c.grp.n
	if c.win != nil && c.win.order != nil && aggOrdered(kind) {
		g, err := c.win.gather(v, len(ids))
		if err != nil {
			return nil, err
		}
		v, ids = g, c.win.partIDs()
	}
	out, err := reduce(v, ids, ng)
	if err != nil {
		return nil, err
	}
	return overBroadcast(out, c.grp.ids)
}

// aggResult is what an aggregation node gives for out, its values by
// group: inside Over each row's group's value (every aggregation node
// ends so, so that it works under Over), else out itself, a scalar
// outside GroupBy.
func (c *exprCtx) aggResult(out *exprVec) (*exprVec, error) {
	if c.over {
		return overBroadcast(out, c.grp.ids)
	}
	out.scalar = c.grp == nil
	return out, nil
}

// overBroadcast gives row i the value of group ids[i].
func overBroadcast(v *exprVec, ids []int32) (*exprVec, error) { return exprVecTake(v, ids) }

// overMap maps the per-row result v of an Over (one value per row, equal
// over each group when scalar is true) by a strategy other than
// group to rows.
func overMap(c *exprCtx, m MappingStrategy, scalar bool, v *exprVec) (*exprVec, error) {
	g := c.grp
	n := len(g.ids)
	if scalar {
		if m == MappingJoin {
			return v, nil // one value per group: join is group to rows
		}
		first := make([]int, g.n)
		for i := range first {
			first[i] = structured.NullRow
		}
		for r := n - 1; r >= 0; r-- {
			first[g.ids[r]] = r
		}
		val, err := v.toValue(n)
		if err != nil {
			return nil, err
		}
		res, err := structured.TakeValueNullable(val, first)
		if err != nil {
			return nil, err
		}
		out := exprFromValue(res)
		return out, out.load()
	}
	p := c.windowParts()
	gv, err := p.gather(v, n)
	if err != nil {
		return nil, err
	}
	if m == MappingExplode {
		return gv, nil
	}
	val, err := gv.toValue(n)
	if err != nil {
		return nil, err
	}
	sizes := make([]int64, p.parts())
	for k := range sizes {
		s, e := p.part(k)
		sizes[k] = int64(e - s)
	}
	rp, err := structured.PartitionFromLengths(sizes)
	if err != nil {
		return nil, err
	}
	lists, err := exprNestValue(val, rp)
	if err != nil {
		return nil, err
	}
	idx := make([]int, n)
	for i, id := range g.ids {
		idx[i] = int(id)
	}
	res, err := structured.TakeValue(lists, idx)
	if err != nil {
		return nil, err
	}
	out := exprFromValue(res)
	return out, out.load()
}

// overScalar reports whether an expression gives one value per group
// inside Over: every column it reads is under an aggregation.
func overScalar(n exprNode) bool {
	switch n := n.(type) {
	case nil:
		return true
	case exprCol, exprOver:
		return false
	case exprLit, exprLen, exprAgg, exprArgBy:
		return true
	case exprAlias:
		return overScalar(n.e.n)
	case exprSrc:
		return overScalar(n.e.n)
	case exprTyped:
		return n.agg || overScalar(n.arg.n)
	case exprFn:
		for _, a := range n.args {
			if !overScalar(a.n) {
				return false
			}
		}
		return true
	case exprWinNode:
		return false
	case exprParent:
		for _, a := range n.children() {
			if !overScalar(a.n) {
				return false
			}
		}
		return true
	}
	return false
}
