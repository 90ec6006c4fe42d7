package frame

import (
	"fmt"
	"math"
	"reflect"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
)

// DropHow says which rows DropNulls and DropNaNs drop: those with a
// missing value in any of the columns, or in all of them.
type DropHow uint8

const (
	// DropAny drops a row when one of the columns is missing there: the
	// default, Polars' drop_nulls and pandas' dropna(how="any").
	DropAny DropHow = iota
	// DropAll drops a row only when every one of the columns is missing
	// there: pandas' dropna(how="all").
	DropAll
)

// String is "any" or "all".
func (h DropHow) String() string {
	switch h {
	case DropAny:
		return "any"
	case DropAll:
		return "all"
	}
	return fmt.Sprintf("DropHow(%d)", uint8(h))
}

// DropOption is an option of DropNulls and DropNaNs: WithHow.
type DropOption interface{ applyDrop(*DropHow) }

func (h DropHow) applyDrop(c *DropHow) { *c = h }

// WithHow sets whether DropNulls and DropNaNs drop a row missing in any
// of the columns (DropAny, the default) or in all of them (DropAll).
func WithHow(h DropHow) DropOption { return h }

// dropHowOf reads the options of DropNulls and DropNaNs.
func dropHowOf(op string, opts []DropOption) (DropHow, error) {
	how := DropAny
	for _, o := range opts {
		if o != nil {
			o.applyDrop(&how)
		}
	}
	if how != DropAny && how != DropAll {
		return how, errorf(op, ErrArgument, "unknown DropHow %d", uint8(how))
	}
	return how, nil
}

// dropRows returns the frame without the rows that missing (one flag per
// row per column) marks in any column or, with DropAll, in all of them:
// the frame itself when no row goes.
func (f *Frame) dropRows(op string, missing [][]bool, how DropHow) *Frame {
	n := f.data.NumRows()
	if len(missing) == 0 {
		return f
	}
	keep := make([]int, 0, n)
	for i := range n {
		drop := how == DropAll
		for _, m := range missing {
			if how == DropAll {
				drop = drop && m[i]
			} else if m[i] {
				drop = true
				break
			}
		}
		if !drop {
			keep = append(keep, i)
		}
	}
	if len(keep) == n {
		return f
	}
	return f.take(op, keep)
}

// DropNaNs returns the rows that hold no NaN in the given float columns
// (Polars' drop_nans; with WithHow(DropAll), the rows that are not NaN in
// all of them), keeping their index labels. No column given means every
// top-level float column. A null is not a NaN: DropNulls drops those.
// Integer columns hold no NaN; a column of strings, bools, temporal types,
// lists or structures is an ErrType error naming it, an unknown one an
// ErrColumn error. Selectors (ColsByType, a ^pattern$) name several
// columns.
func (f *Frame) DropNaNs(subset []string, opts ...DropOption) *Frame {
	const op = "DropNaNs"
	if f.Err() != nil {
		return f
	}
	how, err := dropHowOf(op, opts)
	if err != nil {
		return failed(err)
	}
	refs, err := f.expandRefs(op, subset)
	if err != nil {
		return failed(err)
	}
	if len(subset) > 0 && len(refs) == 0 {
		return failed(errorf(op, ErrColumn, "the selectors name no column"))
	}
	var cols []*exprVec
	if len(subset) == 0 {
		for _, fv := range f.data.Fields() {
			if v := exprFromValue(fv.Value); v.t == exprFloatT {
				cols = append(cols, v)
			}
		}
	}
	c := &exprCtx{op: op, f: f, rows: true}
	for _, ref := range refs {
		v, err := Col(ref).eval(c)
		if err != nil {
			return failed(err)
		}
		if v.t != exprFloatT && (v.t != exprIntT || exprIsTemporal(v.dt)) && v.t != exprNullT {
			return failed(errorf(op, ErrType, "column %q is %s; NaN is a float value", displayPath(ref), v.typeName()))
		}
		cols = append(cols, v)
	}
	missing := make([][]bool, 0, len(cols))
	for _, v := range cols {
		if err := v.load(); err != nil {
			return failed(wrap(op, err))
		}
		m := make([]bool, v.n)
		if v.t == exprFloatT {
			for i, x := range v.floats[:v.n] {
				m[i] = math.IsNaN(x) && !v.isNull(i)
			}
		}
		missing = append(missing, m)
	}
	return f.dropRows(op, missing, how)
}

// FillNaN replaces the NaNs of the frame's float columns (Polars'
// DataFrame.fill_nan): with a number (any Go integer or float), or with
// null when value is nil. Each top-level float column keeps its type;
// nulls stay null (FillNull fills those); the other columns, and float
// columns without NaN, are shared as they are. A value that is not a
// number is an ErrType error.
func (f *Frame) FillNaN(value any) *Frame {
	const op = "FillNaN"
	if f.Err() != nil {
		return f
	}
	var fill float64
	if value != nil {
		kind, err := nullsGoKind(value)
		if err != nil || (kind != nullsInt && kind != nullsUint && kind != nullsFloat) {
			return failed(errorf(op, ErrType, "fill value %v (%T) is not a number", value, value))
		}
		fill = nullsAsFloat[float64](kind, reflect.ValueOf(value))
	}
	return f.mapColumns(op, func(v *exprVec) bool { return v.t == exprFloatT }, func(v *exprVec) (*exprVec, error) {
		return nanFill(v, fill, value == nil), nil
	})
}

// nanFill is v with its NaNs replaced by fill (made null when toNull), of
// v's type; v itself when it holds no NaN.
func nanFill(v *exprVec, fill float64, toNull bool) *exprVec {
	var out *exprVec
	for i, x := range v.floats[:v.n] {
		if !math.IsNaN(x) || v.isNull(i) {
			continue
		}
		if out == nil {
			out = &exprVec{t: exprFloatT, n: v.n, loaded: true, dt: v.dt, floats: append([]float64(nil), v.floats[:v.n]...)}
			if v.valid != nil {
				out.valid = append([]byte(nil), v.valid[:bitutil.BytesForBits(int64(v.n))]...)
			}
		}
		if toNull {
			if out.valid == nil {
				out.valid = exprBitsAll(v.n)
			}
			bitutil.ClearBit(out.valid, i)
		} else {
			out.floats[i] = fill
		}
	}
	if out == nil {
		return v
	}
	return out
}
