package frame

import "github.com/apache/arrow-go/v18/arrow/bitutil"

// Filter keeps the rows where pred is true, in order: a row where pred is
// false or null is dropped (SQL's WHERE, Polars' filter). pred is a bool
// expression over the frame's columns,
//
//	df.Filter(Col("score").Gt(Lit(50)).And(Col("active")).And(Col("city").Str().StartsWith("City1")))
//
// The mask becomes one selection vector of row positions, and every column
// is taken by it (a run of consecutive rows shares the column's buffers);
// label indexes follow their rows. A predicate of another type is an ErrType
// error; an aggregation in it (Col("x").Gt(Col("x").Mean())) is compared on
// every row.
func (f *Frame) Filter(pred Expr) *Frame {
	const op = "Filter"
	if f.Err() != nil {
		return f
	}
	c := &exprCtx{op: op, f: f, rows: true}
	v, err := pred.evalLoaded(c)
	if err != nil {
		return failed(err)
	}
	if v.t != exprBoolT && v.t != exprNullT {
		return failed(errorf(op, ErrType, "predicate %s is %s, not bool", pred, v.typeName()))
	}
	n := f.data.NumRows()
	rows := exprSelection(v, n)
	if len(rows) == n {
		return f
	}
	return f.take(op, rows)
}

// exprSelection lists the rows where a bool vector is true and valid.
func exprSelection(v *exprVec, n int) []int {
	if v.scalar {
		if v.t == exprNullT || v.isNull(0) || !v.bools[0] {
			return []int{}
		}
		rows := make([]int, n)
		for i := range rows {
			rows[i] = i
		}
		return rows
	}
	if v.t == exprNullT {
		return []int{}
	}
	count := 0
	for _, b := range v.bools[:n] {
		if b {
			count++
		}
	}
	rows := make([]int, 0, count)
	if v.valid == nil {
		for i, b := range v.bools[:n] {
			if b {
				rows = append(rows, i)
			}
		}
		return rows
	}
	for i, b := range v.bools[:n] {
		if b && bitutil.BitIsSet(v.valid, i) {
			rows = append(rows, i)
		}
	}
	return rows
}
