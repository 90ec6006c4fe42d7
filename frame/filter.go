package frame

import "math/bits"

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
		return failed(errorf(op, ErrType, "predicate %s is %s, not bool", exprSource(pred), v.typeName()))
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
	// Eight rows at a time: the true rows' bits, masked by validity.
	sel := exprPackBools(v.bools[:n])
	if v.valid != nil {
		for k := range sel {
			sel[k] &= v.valid[k]
		}
	}
	count := 0
	for _, m := range sel {
		count += bits.OnesCount8(m)
	}
	rows := make([]int, 0, count)
	for k, m := range sel {
		for ; m != 0; m &= m - 1 {
			rows = append(rows, 8*k+bits.TrailingZeros8(m))
		}
	}
	return rows
}
