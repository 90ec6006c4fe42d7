package frame

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// distinctKind is one of the distinct-value tests.
type distinctKind uint8

const (
	distinctDuplicated distinctKind = iota
	distinctUnique
	distinctFirst
	distinctLast
)

var distinctLabels = [...]string{"is_duplicated", "is_unique", "is_first_distinct", "is_last_distinct"}

// IsDuplicated is true on every row whose value another row also holds
// (Polars' is_duplicated): all the rows of a repeated value, not only the
// later ones. Nulls are one value, and so are NaNs; lists compare item by
// item, structures field by field, so Struct(Col("a"), Col("b")) tests
// several columns together. Under Over the other rows are those of the
// row's group. It is never null.
func (e Expr) IsDuplicated() Expr { return distinctExpr(e, distinctDuplicated) }

// IsUnique is true on the rows whose value no other row holds (Polars'
// is_unique): the negation of IsDuplicated.
func (e Expr) IsUnique() Expr { return distinctExpr(e, distinctUnique) }

// IsFirstDistinct is true on the first row of each distinct value, in row
// order (in each group's order under Over): Filter by it keeps what
// Unique keeps (Polars' is_first_distinct).
func (e Expr) IsFirstDistinct() Expr { return distinctExpr(e, distinctFirst) }

// IsLastDistinct is true on the last row of each distinct value (Polars'
// is_last_distinct).
func (e Expr) IsLastDistinct() Expr { return distinctExpr(e, distinctLast) }

func distinctExpr(e Expr, kind distinctKind) Expr {
	return Expr{n: exprFn{label: distinctLabels[kind], args: []Expr{e}, lazy: true, fn: func(c *exprCtx, a []*exprVec) (*exprVec, error) {
		return distinctEval(c, a[0], kind)
	}}}
}

// distinctEval is the kernel of the distinct-value tests: the rows are
// grouped by their value (and their part, under Over) with the group-by
// hash, then each row is tested against its group.
func distinctEval(c *exprCtx, v *exprVec, kind distinctKind) (*exprVec, error) {
	n := c.f.data.NumRows()
	val, err := v.toValue(n)
	if err != nil {
		return nil, err
	}
	p := c.windowParts()
	names := []string{"value"}
	vals := []structured.Value{val}
	if p.parts() > 1 {
		part, err := distinctPartColumn(p, n)
		if err != nil {
			return nil, err
		}
		names, vals = append(names, "part"), append(vals, part)
	}
	groups, err := grpValues(c.op, n, names, vals)
	if err != nil {
		return nil, err
	}
	out := &exprVec{t: exprBoolT, n: n, loaded: true, bools: make([]bool, n)}
	switch kind {
	case distinctDuplicated, distinctUnique:
		counts := uniqueCounts(groups)
		for i, g := range groups.ids {
			out.bools[i] = (counts[g] > 1) == (kind == distinctDuplicated)
		}
	case distinctFirst, distinctLast:
		seen := make([]bool, groups.n)
		for pos := range n {
			if kind == distinctLast {
				pos = n - 1 - pos
			}
			row := fillRow(p, pos)
			if g := groups.ids[row]; !seen[g] {
				seen[g] = true
				out.bools[row] = true
			}
		}
	}
	return out, nil
}

// distinctPartColumn is the part of each row as an int32 column.
func distinctPartColumn(p *winParts, n int) (structured.Value, error) {
	ids := fillPartIDs(p, n)
	b := array.NewInt32Builder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(ids, nil)
	arr := b.NewArray()
	defer arr.Release()
	return structured.NewDense(arr)
}

// IsDuplicated tells, for each row, whether another row holds the same
// values in every column (Polars' DataFrame.is_duplicated): a bool Series
// named "is_duplicated" with the frame's index. Nulls equal nulls; list
// and structure columns compare item by item, field by field.
func (f *Frame) IsDuplicated() (Series, error) {
	return f.distinctSeries("IsDuplicated", distinctDuplicated)
}

// IsUnique tells, for each row, whether no other row holds the same
// values in every column (Polars' DataFrame.is_unique).
func (f *Frame) IsUnique() (Series, error) {
	return f.distinctSeries("IsUnique", distinctUnique)
}

func (f *Frame) distinctSeries(op string, kind distinctKind) (Series, error) {
	if err := f.Err(); err != nil {
		return Series{}, err
	}
	n := f.data.NumRows()
	out := make([]bool, n)
	if names := f.data.FieldNames(); len(names) > 0 {
		refs := make([]string, len(names))
		for i, name := range names {
			refs[i] = Path(name)
		}
		groups, _, err := grpKeys(op, f, refs)
		if err != nil {
			return Series{}, err
		}
		counts := uniqueCounts(groups)
		for i, g := range groups.ids {
			out[i] = (counts[g] > 1) == (kind == distinctDuplicated)
		}
	} else {
		for i := range out {
			out[i] = kind == distinctUnique
		}
	}
	b := array.NewBooleanBuilder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(out, nil)
	arr := b.NewArray()
	defer arr.Release()
	d, err := structured.NewDense(arr)
	if err != nil {
		return Series{}, fmt.Errorf("%s: %w", op, err)
	}
	return Series{name: distinctLabels[kind], v: d, idx: f.idx}, nil
}
