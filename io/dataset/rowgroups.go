package dataset

import (
	"errors"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/io/parquet"
)

// A comparison is a conjunct of WithFilter of the form column-operator-
// constant (=, <, <=, >, >=, or an Or of = on one column, which is "in"):
// the statistics of a Parquet row group can rule it out. Such a conjunct
// is null, so false, on a null: a file without the column (null in all
// its rows) holds no row the filter keeps.
type comparison struct {
	ref  string // the column reference, as Col was given it
	op   string // eq, lt, le, gt, ge, in
	vals []any
}

// rowGroupComparisons is the comparisons among the conjuncts of the
// filter, none when it aggregates (pruning rows would change the
// aggregation's value). A comparison on a partition column is left out:
// its value is the directory's, not the file's.
func (p *plan) rowGroupComparisons() []comparison {
	if p.c.filter == nil || p.c.filter.Aggregates() {
		return nil
	}
	var out []comparison
	for _, cj := range p.c.filter.Conjuncts() {
		c, ok := asComparison(cj)
		if !ok {
			continue
		}
		top, _, _ := strings.Cut(c.ref, ".")
		if p.isKey(c.ref) || p.isKey(top) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// flipped is the operator of a comparison with its operands swapped.
var flipped = map[string]string{"eq": "eq", "lt": "gt", "le": "ge", "gt": "lt", "ge": "le"}

// asComparison reads e as a comparison, if it is one.
func asComparison(e frame.Expr) (comparison, bool) {
	in := e.Inspect()
	if in.Op == "or" {
		var c comparison
		for _, leaf := range orLeaves(e) {
			l, ok := asComparison(leaf)
			if !ok || l.op != "eq" || (c.ref != "" && l.ref != c.ref) {
				return comparison{}, false
			}
			c.ref = l.ref
			c.vals = append(c.vals, l.vals...)
		}
		c.op = "in"
		return c, true
	}
	if _, ok := flipped[in.Op]; !ok || len(in.Args) != 2 {
		return comparison{}, false
	}
	l, r := in.Args[0].Inspect(), in.Args[1].Inspect()
	op := in.Op
	if l.Op == "lit" && r.Op == "col" {
		l, r, op = r, l, flipped[op]
	}
	if l.Op != "col" || r.Op != "lit" || !prunableLit(r.Value) {
		return comparison{}, false
	}
	return comparison{ref: l.Column, op: op, vals: []any{r.Value}}, true
}

// orLeaves is the operands of e's Or operators, left to right.
func orLeaves(e frame.Expr) []frame.Expr {
	if in := e.Inspect(); in.Op == "or" && len(in.Args) == 2 {
		return append(orLeaves(in.Args[0]), orLeaves(in.Args[1])...)
	}
	return []frame.Expr{e}
}

// prunableLit reports whether v is a constant a comparison can be pruned
// by: not null, not NaN (which compares false with everything, and is
// left to the filter), an integer within int64.
func prunableLit(v any) bool {
	switch x := v.(type) {
	case int, int8, int16, int32, int64, uint8, uint16, uint32, string, bool, time.Time, arrow.Date32:
		return true
	case uint:
		return uint64(x) <= math.MaxInt64
	case uint64:
		return x <= math.MaxInt64
	case float32:
		return !math.IsNaN(float64(x))
	case float64:
		return !math.IsNaN(x)
	}
	return false
}

// rowGroupFilter turns the comparisons into the Parquet predicates of a
// file whose Arrow schema is s. skip says that the file has no row the
// filter keeps: it lacks the top-level column of a comparison (which is
// then null in all its rows; it is not a partition column, those are left
// out of the comparisons). A comparison whose column the file holds
// under another type than the constant's, or whose path is not plain
// (a name holding a dot, a column under a list), gives no predicate: the
// filter decides alone.
func rowGroupFilter(s *arrow.Schema, comps []comparison) (preds []parquet.Predicate, skip bool) {
	dotted := hasDottedName(s.Fields())
	for _, c := range comps {
		if strings.HasPrefix(c.ref, "\x00") { // a frame.Path: its pieces may hold dots
			continue
		}
		if !strings.Contains(c.ref, ".") && len(s.FieldIndices(c.ref)) == 0 {
			return nil, true
		}
		if dotted {
			continue // "a.b" could be a name or a path: the reader and frame may not agree
		}
		dt := leafType(s, strings.Split(c.ref, "."))
		if dt == nil || len(c.vals) == 0 {
			continue
		}
		if !slices.ContainsFunc(c.vals, func(v any) bool { return !statComparable(dt, v) }) {
			preds = append(preds, predicate(c))
		}
	}
	return preds, false
}

// predicate is the Parquet predicate of a comparison.
func predicate(c comparison) parquet.Predicate {
	switch c.op {
	case "eq":
		return parquet.Eq(c.ref, c.vals[0])
	case "lt":
		return parquet.Lt(c.ref, c.vals[0])
	case "le":
		return parquet.Le(c.ref, c.vals[0])
	case "gt":
		return parquet.Gt(c.ref, c.vals[0])
	case "ge":
		return parquet.Ge(c.ref, c.vals[0])
	}
	return parquet.In(c.ref, c.vals...)
}

// hasDottedName reports whether a field's name, at any depth, holds a dot.
func hasDottedName(fields []arrow.Field) bool {
	for _, f := range fields {
		if strings.Contains(f.Name, ".") {
			return true
		}
		if st, ok := f.Type.(*arrow.StructType); ok && hasDottedName(st.Fields()) {
			return true
		}
	}
	return false
}

// leafType is the type of the column at path, through structures only;
// nil when there is none, or more than one field of a name on the way.
func leafType(s *arrow.Schema, path []string) arrow.DataType {
	idx := s.FieldIndices(path[0])
	if len(idx) != 1 {
		return nil
	}
	dt := s.Field(idx[0]).Type
	for _, name := range path[1:] {
		st, ok := dt.(*arrow.StructType)
		if !ok {
			return nil
		}
		var found []arrow.DataType
		for _, f := range st.Fields() {
			if f.Name == name {
				found = append(found, f.Type)
			}
		}
		if len(found) != 1 {
			return nil
		}
		dt = found[0]
	}
	return dt
}

// statComparable reports whether the filter compares a column of type dt
// with v as the statistics do: numbers with numbers (an integer beyond
// 2^53 is not a float's), strings with strings, bools with bools, dates
// with arrow.Date32 and timestamps with time.Time.
func statComparable(dt arrow.DataType, v any) bool {
	_, isFloat := v.(float64)
	if _, ok := v.(float32); ok {
		isFloat = true
	}
	i, isInt := dtype.GoInt(v)
	switch dt.ID() {
	case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64:
		return isInt || isFloat
	case arrow.FLOAT32, arrow.FLOAT64:
		return isFloat || isInt && i >= -1<<53 && i <= 1<<53
	case arrow.STRING, arrow.LARGE_STRING:
		_, ok := v.(string)
		return ok
	case arrow.BOOL:
		_, ok := v.(bool)
		return ok
	case arrow.DATE32:
		_, ok := v.(arrow.Date32)
		return ok
	case arrow.TIMESTAMP:
		_, ok := v.(time.Time)
		return ok
	}
	return false
}

// errNoColumn reports whether err is a Parquet row-group filter naming a
// column the file lacks.
func errNoColumn(err error) bool { return errors.Is(err, parquet.ErrNoColumn) }
