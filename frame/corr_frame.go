package frame

import (
	"strconv"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// Corr is the Pearson correlation matrix of the frame's numeric columns
// (top-level integer and float columns; others are left out), as Polars'
// DataFrame.corr: a frame with one float64 column per numeric column,
// named after it, and one row per numeric column in the same order. Each
// coefficient is Corr(a, b, CorrPearson) over the rows where both columns
// are non-null: null for fewer than two such rows or a column that does
// not vary there; 1 on the diagonal but for such a column. A frame without numeric columns gives a frame without
// columns.
func (f *Frame) Corr() *Frame {
	const op = "Corr"
	if f.Err() != nil {
		return f
	}
	var names []string
	for _, fv := range f.data.Fields() {
		d, ok := fv.Value.(*structured.Dense)
		if !ok || d.Rank() != 1 {
			continue
		}
		if facts := dtype.Of(d.DataType()); facts.Integer() || facts.Class == dtype.ClassFloat {
			names = append(names, fv.Name)
		}
	}
	k := len(names)
	var exprs []Expr
	for i := range k {
		for j := i; j < k; j++ {
			exprs = append(exprs, Corr(Col(names[i]), Col(names[j]), CorrPearson).Alias(strconv.Itoa(i*k+j)))
		}
	}
	coef := make([][]float64, k) // column j, row i
	ok := make([][]bool, k)
	for j := range k {
		coef[j], ok[j] = make([]float64, k), make([]bool, k)
	}
	if k > 0 {
		res := f.SelectExprs(exprs...)
		if err := res.Err(); err != nil {
			return failed(wrap(op, err))
		}
		row := res.data.ToValue().([]any)[0].(map[string]any)
		for i := range k {
			for j := i; j < k; j++ {
				if c, isNum := row[strconv.Itoa(i*k+j)].(float64); isNum {
					if i == j && c == c {
						c = 1 // not 1 - 1e-16 from rounding
					}
					coef[i][j], coef[j][i] = c, c
					ok[i][j], ok[j][i] = true, true
				}
			}
		}
	}
	cols := make([]any, k)
	for j := range k {
		a := buildArray(array.NewFloat64Builder(memory.DefaultAllocator), coef[j], ok[j])
		defer a.Release()
		cols[j] = a
	}
	out := FromColumns(names, cols...)
	if err := out.Err(); err != nil {
		return failed(wrap(op, err))
	}
	return out
}
