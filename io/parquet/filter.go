package parquet

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/apache/arrow-go/v18/parquet/schema"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/internal/sentinel"
	"github.com/structframe/structframe/structured"
)

// A Predicate is a condition on the values of one column that a row
// group's statistics can rule out: [Eq], [Lt], [Le], [Gt], [Ge], [In].
// It is given to [WithRowGroupFilter].
type Predicate struct {
	path string
	op   predOp
	vals []any
}

type predOp uint8

const (
	opEq predOp = iota
	opLt
	opLe
	opGt
	opGe
	opIn
)

var opNames = [...]string{"=", "<", "<=", ">", ">=", "in"}

// Eq is the condition column == v. The column is a top-level column or a
// dotted path into structs ("meta.year"), not under a list; v is a Go
// integer or float for a numeric column, a string for a string column, a
// string or []byte for a binary one, a bool, or a time.Time for a date or
// timestamp column.
func Eq(column string, v any) Predicate { return Predicate{column, opEq, []any{v}} }

// Lt is the condition column < v (see [Eq] for column and v).
func Lt(column string, v any) Predicate { return Predicate{column, opLt, []any{v}} }

// Le is the condition column <= v (see [Eq] for column and v).
func Le(column string, v any) Predicate { return Predicate{column, opLe, []any{v}} }

// Gt is the condition column > v (see [Eq] for column and v).
func Gt(column string, v any) Predicate { return Predicate{column, opGt, []any{v}} }

// Ge is the condition column >= v (see [Eq] for column and v).
func Ge(column string, v any) Predicate { return Predicate{column, opGe, []any{v}} }

// In is the condition that column equals one of vs (see [Eq] for column
// and the values).
func In(column string, vs ...any) Predicate {
	return Predicate{column, opIn, append([]any(nil), vs...)}
}

// String renders the condition, e.g. `year >= 2024`.
func (p Predicate) String() string {
	if p.op == opIn || len(p.vals) != 1 {
		return fmt.Sprintf("%s %s %v", p.path, opNames[p.op], p.vals)
	}
	return fmt.Sprintf("%s %s %v", p.path, opNames[p.op], p.vals[0])
}

// WithRowGroupFilter skips the row groups whose statistics (the min, max
// and null count the writer recorded per column chunk, see [Stats]) show
// that no row satisfies every one of preds: their pages are neither read
// nor decoded. A [Reader] (and so every lazy scan) also skips the pages
// of the row groups kept whose page index (see [WithPageIndex]) shows
// the same, reading the rows of the other pages only. It prunes, it does
// not filter: what is read holds rows that fail the predicates too
// (filter the Frame for exact rows); [Read] and [ReadFile] read the row
// groups kept whole, and a row group whose statistics are missing is
// kept. A null never satisfies a predicate, so a row group whose column
// is all null is skipped. Columns whose order Parquet's statistics do not
// share with their values (decimals, unsigned integers, INT96, times of
// day, fixed-size binaries) rule nothing out. A path that names no
// column, a column under a list, or a value of a kind the column cannot
// hold is an error of the read. Reading: [Read], [ReadFile],
// [ReadTensor] and the [Reader], whose batches are the row groups kept.
// Given more than once, the predicates of every call must hold (a
// dataset reader adds its own to the caller's).
func WithRowGroupFilter(preds ...Predicate) Option {
	return func(c *config) { c.filter = append(c.filter, preds...) }
}

// ErrNoColumn is the cause of a read whose row-group filter names a
// column the file does not have (errors.Is): a reader of many files may
// take it to mean that the file holds no row the predicate accepts. It is
// a structured.ErrPath (frame.ErrColumn) for errors.Is.
var ErrNoColumn = sentinel.New("no column", structured.ErrPath)

// groupTest is a Predicate bound to a leaf column of one file, its values
// turned into the domain of the column's statistics.
type groupTest struct {
	pred  Predicate
	col   int
	descr *schema.Column
	vals  []bound // nil: the column's statistics rule nothing out
}

// bound is a value in the domain of a column's statistics: int64,
// float64, string or bool. lo and hi differ when the value falls between
// two values of the column (2.5 in an integer column, a time finer than a
// timestamp's unit): lo rounded down, hi up.
type bound struct{ lo, hi any }

// compileFilter binds preds to the leaf columns of the file.
func compileFilter(m *pqarrow.SchemaManifest, sc *schema.Schema, preds []Predicate) ([]groupTest, error) {
	if len(preds) == 0 {
		return nil, nil
	}
	paths := leafPaths(m, sc.NumColumns())
	tests := make([]groupTest, len(preds))
	for i, p := range preds {
		if len(p.vals) == 0 && p.op != opIn {
			return nil, fmt.Errorf("row group filter %s: no value", p)
		}
		col := -1
		for j, path := range paths {
			if path == p.path {
				col = j
				break
			}
		}
		if col < 0 {
			return nil, fmt.Errorf("row group filter %s: %w %q", p, ErrNoColumn, p.path)
		}
		if f := m.ColIndexToField[col]; f == nil || f.LevelInfo.RepLevel > 0 {
			return nil, fmt.Errorf("row group filter %s: column %q is under a list", p, p.path)
		}
		descr := sc.Column(col)
		tests[i] = groupTest{pred: p, col: col, descr: descr}
		if !prunable(descr) {
			continue
		}
		tests[i].vals = make([]bound, len(p.vals))
		for k, v := range p.vals {
			b, err := toBound(descr, v)
			if err != nil {
				return nil, fmt.Errorf("row group filter %s: %w", p, err)
			}
			tests[i].vals[k] = b
		}
	}
	return tests, nil
}

// prunable reports whether the statistics of the column are ordered as
// its values and toBound knows its values.
func prunable(c *schema.Column) bool {
	if c.SortOrder() != schema.SortSIGNED && c.SortOrder() != schema.SortUNSIGNED {
		return false
	}
	lt := c.LogicalType()
	switch c.PhysicalType() {
	case pq.Types.Boolean, pq.Types.Float, pq.Types.Double:
		return true
	case pq.Types.Int32, pq.Types.Int64:
		switch t := lt.(type) {
		case schema.NoLogicalType, nil, schema.DateLogicalType, schema.TimestampLogicalType:
			return true
		case schema.IntLogicalType:
			return t.IsSigned()
		}
	case pq.Types.ByteArray:
		switch lt.(type) {
		case schema.StringLogicalType, schema.EnumLogicalType, schema.JSONLogicalType, schema.NoLogicalType, nil:
			return true
		}
	}
	return false
}

// toBound turns a predicate's value into the domain of the column's
// statistics.
func toBound(c *schema.Column, v any) (bound, error) {
	exact := func(x any) (bound, error) { return bound{x, x}, nil }
	bad := func() (bound, error) {
		return bound{}, fmt.Errorf("a %T cannot be compared with column %q (%s)", v, c.Path(), colKind(c))
	}
	switch c.PhysicalType() {
	case pq.Types.Boolean:
		if b, ok := v.(bool); ok {
			return exact(b)
		}
	case pq.Types.Float, pq.Types.Double:
		if f, ok := toFloat(v); ok {
			return exact(f)
		}
	case pq.Types.ByteArray:
		switch x := v.(type) {
		case string:
			return exact(x)
		case []byte:
			if _, isStr := c.LogicalType().(schema.StringLogicalType); !isStr {
				return exact(string(x))
			}
		}
	case pq.Types.Int32, pq.Types.Int64:
		switch lt := c.LogicalType().(type) {
		case schema.DateLogicalType:
			switch x := v.(type) {
			case time.Time:
				return floorCeil(float64(x.Unix())/86400 + float64(x.Nanosecond())/86400e9)
			case arrow.Date32:
				return exact(int64(x))
			}
			return bad()
		case schema.TimestampLogicalType:
			t, ok := v.(time.Time)
			if !ok {
				return bad()
			}
			sec, ns := t.Unix(), int64(t.Nanosecond())
			per := map[schema.TimeUnitType]int64{schema.TimeUnitMillis: 1e3, schema.TimeUnitMicros: 1e6, schema.TimeUnitNanos: 1e9}[lt.TimeUnit()]
			if per == 0 {
				return bad()
			}
			if sec > math.MaxInt64/per-1 || sec < math.MinInt64/per+1 {
				return floorCeil(float64(sec) * float64(per))
			}
			div := 1e9 / per
			lo := sec*per + ns/div
			hi := lo
			if ns%div != 0 {
				hi++
			}
			return bound{lo, hi}, nil
		}
		if i, ok := dtype.GoInt(v); ok {
			return exact(i)
		}
		if f, ok := toFloat(v); ok { // a float, or an unsigned past MaxInt64
			return floorCeil(f)
		}
	}
	return bad()
}

func colKind(c *schema.Column) string {
	if lt := c.LogicalType(); lt != nil && lt.IsValid() && !lt.Equals(schema.NoLogicalType{}) {
		return lt.String()
	}
	return c.PhysicalType().String()
}

// floorCeil is the integer bound of f. A value beyond the int64 range
// is bounded by an infinity on its far side, so that it stays above (or
// below) every int64 a column can hold.
func floorCeil(f float64) (bound, error) {
	switch {
	case math.IsNaN(f):
		return bound{}, fmt.Errorf("NaN equals nothing and orders nothing")
	case f >= math.MaxInt64: // 2^63 and above
		return bound{int64(math.MaxInt64), math.Inf(1)}, nil
	case f < math.MinInt64:
		return bound{math.Inf(-1), int64(math.MinInt64)}, nil
	}
	return bound{int64(math.Floor(f)), int64(math.Ceil(f))}, nil
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float32:
		return float64(x), true
	case float64:
		return x, true
	case uint:
		return float64(x), true
	case uint64:
		return float64(x), true
	}
	if i, ok := dtype.GoInt(v); ok {
		return float64(i), true
	}
	return 0, false
}

// keep reports whether row group rg may hold a row satisfying every test.
// arrow-go decodes the statistics as they are asked for and panics on
// some corrupt ones (a min shorter than its type): such a panic is
// recovered here and keeps the row group, whose decoding then reports
// the file's corruption.
func keep(rg *metadata.RowGroupMetaData, tests []groupTest) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = true
		}
	}()
	for _, t := range tests {
		if !t.mayMatch(rg) {
			return false
		}
	}
	return true
}

// mayMatch reports whether the statistics of t's column in rg leave room
// for a row satisfying t.
func (t groupTest) mayMatch(rg *metadata.RowGroupMetaData) bool {
	cc, err := rg.ColumnChunk(t.col)
	if err != nil {
		return true
	}
	set, err := cc.StatsSet()
	if err != nil || !set {
		return true
	}
	st, err := cc.Statistics()
	if err != nil || st == nil {
		return true
	}
	if st.HasNullCount() && st.NullCount() >= cc.NumValues() {
		return false // all null: a null satisfies no predicate
	}
	if t.vals == nil || !st.HasMinMax() {
		return true
	}
	lo, hi := statValues(st, t.descr)
	min, max := statBound(lo), statBound(hi)
	if min == nil || max == nil {
		return true
	}
	return t.mayHold(min, max)
}

// mayHold reports whether a value in [min, max] (in the domain of
// bound) may satisfy t.
func (t groupTest) mayHold(min, max any) bool {
	ok := true
	switch t.pred.op {
	case opEq, opIn:
		ok = false
		for _, v := range t.vals {
			if cmp(min, v.hi) <= 0 && cmp(v.lo, max) <= 0 {
				ok = true
			}
		}
	case opLt:
		ok = cmp(min, t.vals[0].hi) < 0
	case opLe:
		ok = cmp(min, t.vals[0].lo) <= 0
	case opGt:
		ok = cmp(max, t.vals[0].lo) > 0
	case opGe:
		ok = cmp(max, t.vals[0].hi) >= 0
	}
	return ok
}

// statBound turns a statistic (see statValues) into the domain of bound;
// nil for a value that orders nothing (NaN).
func statBound(v any) any {
	switch x := v.(type) {
	case int32:
		return int64(x)
	case int64:
		return x
	case float32:
		if x != x {
			return nil
		}
		return float64(x)
	case float64:
		if math.IsNaN(x) {
			return nil
		}
		return x
	case []byte:
		return string(x)
	case string, bool:
		return x
	}
	return nil
}

// cmp orders two values of one domain of bound (numbers of either kind
// against each other).
func cmp(a, b any) int {
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return sign(x > y, x < y)
		case float64:
			return sign(float64(x) > y, float64(x) < y)
		}
	case float64:
		switch y := b.(type) {
		case float64:
			return sign(x > y, x < y)
		case int64:
			return sign(x > float64(y), x < float64(y))
		}
	case string:
		return strings.Compare(x, b.(string))
	case bool:
		y := b.(bool)
		return sign(x && !y, !x && y)
	}
	return 0
}

func sign(gt, lt bool) int {
	switch {
	case gt:
		return 1
	case lt:
		return -1
	}
	return 0
}
