package frame

import (
	"fmt"
	"math"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured"
)

// Cast converts e to the Arrow type dt, strictly (Polars' strict cast): a
// value that does not fit, or a string that does not parse, is an ErrType
// error naming the row. Supported: between integer types, float32,
// float64, bool and string (numbers format and parse as strconv does,
// bools as "true" and "false"; floats convert to integers by truncation;
// numbers to bool as x != 0), and integers to and from the temporal types
// (their ticks). Casting to the type e already has returns it unchanged.
// Nulls stay null.
func (e Expr) Cast(dt arrow.DataType) Expr {
	label := "<nil>"
	if dt != nil {
		label = dt.String()
	}
	return fn1("cast", e, label, func(a *exprVec) (*exprVec, error) { return exprCast(a, dt) })
}

func exprCast(a *exprVec, dt arrow.DataType) (*exprVec, error) {
	if dt == nil {
		return nil, fmt.Errorf("%w: cast to a nil type", ErrArgument)
	}
	if d, ok := a.raw.(*structured.Dense); ok && d.Rank() == 1 && arrow.TypeEqual(d.DataType(), dt) {
		return a, nil
	}
	to := exprTypeOf(dt)
	if dt.ID() == arrow.DICTIONARY || dt.ID() == arrow.LARGE_STRING || dt.ID() == arrow.STRING_VIEW {
		return nil, fmt.Errorf("%w: cast to %s is not supported (cast to string)", ErrType, dt)
	}
	if (exprIsTemporal(dt) || exprIsTemporal(a.dt)) && (a.t != exprIntT || to != exprIntT) {
		return nil, fmt.Errorf("%w: cannot cast %s to %s (temporal types cast to and from integers)", ErrType, a.typeName(), dt)
	}
	out := exprNew(to, a)
	out.valid = a.valid
	if a.t == exprNullT {
		out.valid = exprBitsNone(out.n)
		if to == exprIntT || to == exprFloatT {
			out.dt = dt
		}
		return out, nil
	}
	if to == exprOtherT || to == exprNullT || a.t == exprOtherT {
		return nil, fmt.Errorf("%w: cannot cast %s to %s", ErrType, a.typeName(), dt)
	}
	n := out.n
	for i := 0; i < n; i++ {
		if a.isNull(i) {
			continue
		}
		var err error
		switch to {
		case exprIntT:
			out.ints[i], err = exprToInt(a, i, dt)
		case exprFloatT:
			out.floats[i], err = exprToFloat(a, i)
		case exprBoolT:
			out.bools[i], err = exprToBool(a, i)
		case exprStrT:
			out.strs[i] = exprToString(a, i)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: row %d: %v", ErrType, i, err)
		}
	}
	if to == exprIntT || to == exprFloatT {
		out.dt = dt
	}
	return out, nil
}

// exprIntRange is the range of an integer Arrow type.
func exprIntRange(dt arrow.DataType) (lo, hi float64) {
	switch dt.ID() {
	case arrow.INT8:
		return math.MinInt8, math.MaxInt8
	case arrow.INT16:
		return math.MinInt16, math.MaxInt16
	case arrow.INT32, arrow.DATE32, arrow.TIME32:
		return math.MinInt32, math.MaxInt32
	case arrow.UINT8:
		return 0, math.MaxUint8
	case arrow.UINT16:
		return 0, math.MaxUint16
	case arrow.UINT32:
		return 0, math.MaxUint32
	case arrow.UINT64:
		return 0, math.MaxInt64 // held as int64
	}
	return math.MinInt64, math.MaxInt64
}

func exprToInt(a *exprVec, i int, dt arrow.DataType) (int64, error) {
	lo, hi := exprIntRange(dt)
	var x int64
	switch a.t {
	case exprIntT:
		x = a.ints[i*a.stride()]
	case exprFloatT:
		f := a.floats[i*a.stride()]
		if f != f || f < lo || f >= hi+1 {
			return 0, fmt.Errorf("%v does not fit %s", f, dt)
		}
		x = int64(f)
	case exprBoolT:
		if a.bools[i*a.stride()] {
			x = 1
		}
	case exprStrT:
		var err error
		if x, err = strconv.ParseInt(a.strs[i*a.stride()], 10, 64); err != nil {
			return 0, fmt.Errorf("%q is not an integer", a.strs[i*a.stride()])
		}
	}
	if float64(x) < lo || float64(x) > hi {
		return 0, fmt.Errorf("%d does not fit %s", x, dt)
	}
	return x, nil
}

func exprToFloat(a *exprVec, i int) (float64, error) {
	switch a.t {
	case exprIntT:
		return float64(a.ints[i*a.stride()]), nil
	case exprFloatT:
		return a.floats[i*a.stride()], nil
	case exprBoolT:
		if a.bools[i*a.stride()] {
			return 1, nil
		}
		return 0, nil
	}
	f, err := strconv.ParseFloat(a.strs[i*a.stride()], 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", a.strs[i*a.stride()])
	}
	return f, nil
}

func exprToBool(a *exprVec, i int) (bool, error) {
	switch a.t {
	case exprIntT:
		return a.ints[i*a.stride()] != 0, nil
	case exprFloatT:
		return a.floats[i*a.stride()] != 0, nil
	case exprBoolT:
		return a.bools[i*a.stride()], nil
	}
	b, err := strconv.ParseBool(a.strs[i*a.stride()])
	if err != nil {
		return false, fmt.Errorf("%q is not a bool", a.strs[i*a.stride()])
	}
	return b, nil
}

func exprToString(a *exprVec, i int) string {
	switch a.t {
	case exprIntT:
		return strconv.FormatInt(a.ints[i*a.stride()], 10)
	case exprFloatT:
		return strconv.FormatFloat(a.floats[i*a.stride()], 'g', -1, 64)
	case exprBoolT:
		return strconv.FormatBool(a.bools[i*a.stride()])
	}
	return a.strs[i*a.stride()]
}
