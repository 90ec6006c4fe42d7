package lazy

import (
	"github.com/structframe/structframe/frame"
)

// opKind is what a plan node does.
type opKind uint8

const (
	opScan opKind = iota
	opFrame
	opFilter
	opSelect      // Select(refs...)
	opSelectExprs // SelectExprs(exprs...)
	opWithColumns
	opDrop
	opRename
	opSort
	opSlice // rows [start, stop); stop < 0: to the end
	opTail
	opExplode
	opUnnest
	opGroupBy
	opJoin
	opConcat
	opUnique
	opFlatten
	opUnpivot
	opWithRowIndex
	opCache // a common subplan, computed once for its uses (cache.go)
)

var opNames = [...]string{
	opScan: "SCAN", opFrame: "FRAME", opFilter: "FILTER", opSelect: "SELECT",
	opSelectExprs: "SELECT", opWithColumns: "WITH_COLUMNS", opDrop: "DROP",
	opRename: "RENAME", opSort: "SORT", opSlice: "SLICE", opTail: "TAIL",
	opExplode: "EXPLODE", opUnnest: "UNNEST", opGroupBy: "GROUP_BY",
	opJoin: "JOIN", opConcat: "CONCAT", opUnique: "UNIQUE",
	opFlatten: "FLATTEN", opUnpivot: "UNPIVOT", opWithRowIndex: "WITH_ROW_INDEX", opCache: "CACHE",
}

// node is one step of a plan. Nodes are never changed once built: the
// optimizer makes new ones.
type node struct {
	op     opKind
	inputs []*node

	src  Source // opScan
	spec ScanSpec
	df   *frame.Frame // opFrame

	cache *cacheEntry // opCache

	exprs       []frame.Expr // filter (one), select, with_columns, aggregations
	names       []string     // select refs, drop, explode, group keys, unique subset
	rename      map[string]string
	keys        []frame.SortKey
	start, stop int // opSlice; stop is the count for opTail
	on          frame.JoinOn
	how         frame.JoinHow
	joinOpts    []frame.JoinOption
	explodeOpts []frame.ExplodeOption
	unnestOpts  []frame.UnnestOption
	uniqueOpts  []frame.UniqueOption
	flattenOpts []frame.FlattenOption
	index       []string // opUnpivot's index columns (names: its on columns)
	unpivotOpts []frame.UnpivotOption
	buildLeft   bool // opJoin: built on its left side (see buildsLeft), set by the optimizer
}

// with returns a copy of n reading inputs.
func (n *node) with(inputs ...*node) *node {
	c := *n
	c.inputs = inputs
	return &c
}

// apply is the node's eager verb over its inputs' frames (a scan and a
// frame have none: they are read by the executor).
func (n *node) apply(in []*frame.Frame) *frame.Frame {
	f := in[0]
	switch n.op {
	case opFilter:
		return f.Filter(n.exprs[0])
	case opSelect:
		return f.Select(n.names...)
	case opSelectExprs:
		return f.SelectExprs(n.exprs...)
	case opWithColumns:
		return f.WithColumns(n.exprs...)
	case opDrop:
		return f.Drop(n.names...)
	case opRename:
		return f.Rename(n.rename)
	case opSort:
		return f.Sort(n.keys...)
	case opSlice:
		stop := n.stop
		if stop < 0 || stop > f.NumRows() {
			stop = f.NumRows()
		}
		return f.Slice(min(n.start, stop), stop)
	case opTail:
		return f.Tail(n.stop)
	case opExplode:
		return f.Explode(n.names, n.explodeOpts...)
	case opUnnest:
		return f.Unnest(n.names[0], n.unnestOpts...)
	case opGroupBy:
		return f.GroupBy(n.names...).Agg(n.exprs...)
	case opJoin:
		return f.Join(in[1], n.on, n.how, n.joinOpts...)
	case opConcat:
		return frame.Concat(in...)
	case opUnique:
		return f.Unique(n.names, n.uniqueOpts...)
	case opFlatten:
		return f.Flatten(n.flattenOpts...)
	case opUnpivot:
		return f.Unpivot(n.names, n.index, n.unpivotOpts...)
	case opWithRowIndex:
		return f.WithRowIndex(n.names[0], n.start)
	}
	return f
}

// streams reports whether the node gives the same rows applied to each
// batch of its input as to the whole: row-by-row steps.
func (n *node) streams() bool {
	switch n.op {
	case opFilter, opWithColumns:
		return !anyAggregates(n.exprs)
	case opSelectExprs:
		// An expression of no column (a literal) is one row when alone.
		reads := false
		for _, e := range n.exprs {
			reads = reads || len(e.Columns()) > 0
		}
		return reads && !anyAggregates(n.exprs)
	case opSelect, opDrop, opRename, opExplode, opUnnest, opFlatten:
		return true
	}
	return false
}

func anyAggregates(exprs []frame.Expr) bool {
	for _, e := range exprs {
		if e.Aggregates() {
			return true
		}
	}
	return false
}

// streamsJoin reports whether a join gives the same rows applied to each
// batch of its left side, the right side whole: the kinds that keep the
// left order (a left row's matches in right order), with keys computed
// row by row and no options (a validation sees every left row at once).
func (n *node) streamsJoin() bool {
	switch n.how {
	case frame.Inner, frame.Left, frame.Semi, frame.Anti:
	default:
		return false
	}
	left, right := n.on.Exprs()
	return len(n.joinOpts) == 0 && !anyAggregates(left) && !anyAggregates(right)
}
