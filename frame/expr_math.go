package frame

import (
	"fmt"
	"math"
	"strconv"
)

// The mathematical functions of Expr, with Polars' names and semantics.
//
// They take integer and float columns (temporal columns, strings, bools
// and nested columns are an ErrType error naming the function and the
// type) and keep nulls where their input is null. The functions of a real
// number (Sqrt, Exp, Log, the trigonometric functions...) give float64,
// an integer input being converted first. The functions that have an
// integer meaning (Abs, Sign, Clip, Round, Floor, Ceil, FloorDiv, Pow with
// an integer exponent) keep integers as int64, wrapping around on overflow
// as Go and Polars' release builds do: Abs of MinInt64 is MinInt64 (Polars
// gives the same; DuckDB refuses with an overflow error).
//
// Results outside a function's domain are IEEE 754's, as in Polars and
// NumPy: Sqrt(-1) and Log(-1) are NaN, Log(0) is -Inf, Exp(1000) is +Inf.
// DuckDB gives the same results, except that it refuses some inputs with
// an error, and so does the text form (ParseExpr): a logarithm of zero or
// of a negative number, the square root of a negative number, an arcsine
// or arccosine out of [-1, 1], the sine, cosine or tangent of ±Inf.

// RoundMode is how Round breaks a tie, a value exactly halfway between
// two rounded values.
type RoundMode uint8

const (
	// HalfToEven rounds a tie to the even neighbour (2.5 to 2, 3.5 to 4,
	// "banker's rounding"): Polars' default, and IEEE 754's.
	HalfToEven RoundMode = iota
	// HalfAwayFromZero rounds a tie away from zero (2.5 to 3, -2.5 to
	// -3): DuckDB's and the text form's round, C's round, Go's math.Round.
	HalfAwayFromZero
)

// String names the tie rule, as Polars' mode argument does.
func (m RoundMode) String() string {
	if m == HalfAwayFromZero {
		return "half_away_from_zero"
	}
	return "half_to_even"
}

// exprWantNum checks that a function of numbers got numbers (or nulls).
func exprWantNum(label string, a *exprVec) error {
	if exprIsTemporal(a.dt) || (!exprIsNum(a.t) && a.t != exprNullT) {
		return fmt.Errorf("%w: %s takes a number, got %s", ErrType, label, a.typeName())
	}
	return nil
}

// exprNullOf is a vector of nulls of type t, shaped as a.
func exprNullOf(t exprType, a *exprVec) *exprVec {
	out := exprNew(t, a)
	out.valid = exprBitsNone(out.n)
	return out
}

// exprFloatFn is a function of a real number, row by row, giving float64.
func exprFloatFn(label string, e Expr, extra string, f func(float64) float64) Expr {
	return fn1(label, e, extra, func(a *exprVec) (*exprVec, error) {
		return exprFloatMap(label, a, f)
	})
}

// exprFloatMap applies f to every row of a number vector.
func exprFloatMap(label string, a *exprVec, f func(float64) float64) (*exprVec, error) {
	if err := exprWantNum(label, a); err != nil {
		return nil, err
	}
	if a.t == exprNullT {
		return exprNullOf(exprFloatT, a), nil
	}
	out := exprNew(exprFloatT, a)
	out.valid = a.valid
	if a.t == exprIntT {
		for i, x := range a.ints[:out.n] {
			out.floats[i] = f(float64(x))
		}
		return out, nil
	}
	for i, x := range a.floats[:out.n] {
		out.floats[i] = f(x)
	}
	return out, nil
}

// Abs is the absolute value: int64 for integers (Abs of MinInt64 wraps
// to itself), float64 for floats (Abs(-0.0) is 0, Abs(NaN) NaN).
func (e Expr) Abs() Expr {
	return exprNumFn("abs", e, func(x int64) int64 {
		if x < 0 {
			return -x
		}
		return x
	}, math.Abs)
}

// Sign is -1, 0 or 1 after the sign of each number, of its type: int64
// for integers, float64 for floats (NaN stays NaN, -0.0 gives -0.0, as
// Polars). The text form's sign is DuckDB's: an integer, 0 for NaN.
func (e Expr) Sign() Expr {
	return exprNumFn("sign", e, func(x int64) int64 {
		switch {
		case x > 0:
			return 1
		case x < 0:
			return -1
		}
		return 0
	}, func(x float64) float64 {
		switch {
		case x > 0:
			return 1
		case x < 0:
			return -1
		}
		return x // ±0, NaN
	})
}

// exprNumFn maps each number by its type: integers by fi (int64), floats
// by ff (float64); nulls stay null, another type is an ErrType error.
func exprNumFn(label string, e Expr, fi func(int64) int64, ff func(float64) float64) Expr {
	return fn1(label, e, "", func(a *exprVec) (*exprVec, error) {
		if err := exprWantNum(label, a); err != nil {
			return nil, err
		}
		switch a.t {
		case exprNullT:
			return a, nil
		case exprIntT:
			out := exprNew(exprIntT, a)
			out.valid = a.valid
			for i, x := range a.ints[:out.n] {
				out.ints[i] = fi(x)
			}
			return out, nil
		}
		out := exprNew(exprFloatT, a)
		out.valid = a.valid
		for i, x := range a.floats[:out.n] {
			out.floats[i] = ff(x)
		}
		return out, nil
	})
}

// Round rounds floats to decimals digits after the point (before it when
// decimals is negative: Round(-2) rounds to hundreds), breaking ties as
// mode says: HalfToEven by default, as Polars (whose default changed from
// half away from zero to half to even in version 1); DuckDB, and the text
// form's round, round half away from zero. The value is scaled by a power
// of ten, rounded and scaled back, as Polars and DuckDB do, so a decimal
// that float64 cannot hold rounds as its nearest float64 does after the
// scaling. Integers are returned unchanged for decimals >= 0 (Polars) and
// rounded to a power of ten for decimals < 0 (DuckDB's round(1234, -2)
// is 1200); NaN and ±Inf stay as they are.
func (e Expr) Round(decimals int, mode ...RoundMode) Expr {
	m := HalfToEven
	if len(mode) > 0 {
		m = mode[len(mode)-1]
	}
	extra := strconv.Itoa(decimals)
	if m != HalfToEven {
		extra += ", " + m.String()
	}
	return fn1("round", e, extra, func(a *exprVec) (*exprVec, error) {
		return exprRound(a, decimals, m)
	})
}

func exprRound(a *exprVec, decimals int, m RoundMode) (*exprVec, error) {
	if err := exprWantNum("round", a); err != nil {
		return nil, err
	}
	switch a.t {
	case exprNullT:
		return a, nil
	case exprIntT:
		if decimals >= 0 {
			return a, nil
		}
		out := exprNew(exprIntT, a)
		out.valid = a.valid
		exprRoundInts(a.ints[:out.n], out.ints, -decimals, m)
		return out, nil
	}
	out := exprNew(exprFloatT, a)
	out.valid = a.valid
	exprRoundFloats(a.floats[:out.n], out.floats, decimals, m)
	return out, nil
}

// exprRoundFloats is Round's kernel over float64s.
func exprRoundFloats(in, out []float64, decimals int, m RoundMode) {
	round := math.RoundToEven
	if m == HalfAwayFromZero {
		round = math.Round
	}
	switch {
	case decimals == 0:
		if m == HalfAwayFromZero {
			for i, x := range in {
				out[i] = math.Round(x)
			}
		} else {
			for i, x := range in {
				out[i] = math.RoundToEven(x)
			}
		}
	case decimals > 0:
		if decimals > 308 {
			copy(out, in)
			return
		}
		p := math.Pow10(decimals)
		for i, x := range in {
			y := x * p
			if math.IsInf(y, 0) {
				out[i] = x // too large to have digits there
				continue
			}
			out[i] = round(y) / p
		}
	default:
		p := math.Pow10(-decimals)
		for i, x := range in {
			if math.IsInf(p, 0) {
				out[i] = 0 * x
				continue
			}
			out[i] = round(x/p) * p
		}
	}
}

// exprRoundInts rounds int64s to a multiple of 10^digits.
func exprRoundInts(in, out []int64, digits int, m RoundMode) {
	if digits > 18 { // 10^19 > MaxInt64: every value rounds to 0
		clear(out)
		return
	}
	q := int64(1)
	for range digits {
		q *= 10
	}
	for i, x := range in {
		r := x % q // the sign of x
		down := x - r
		twice := 2 * r
		if twice < 0 {
			twice = -twice
		}
		switch {
		case twice > q || twice == q && (m == HalfAwayFromZero || (down/q)%2 != 0):
			if x < 0 {
				out[i] = down - q
			} else {
				out[i] = down + q
			}
		default:
			out[i] = down
		}
	}
}

// Floor is the largest integer not greater than each float (float64);
// integers are returned unchanged.
func (e Expr) Floor() Expr {
	return fn1("floor", e, "", func(a *exprVec) (*exprVec, error) {
		if a.t == exprIntT && !exprIsTemporal(a.dt) {
			return a, nil
		}
		return exprFloatMap("floor", a, math.Floor)
	})
}

// Ceil is the smallest integer not less than each float (float64);
// integers are returned unchanged.
func (e Expr) Ceil() Expr {
	return fn1("ceil", e, "", func(a *exprVec) (*exprVec, error) {
		if a.t == exprIntT && !exprIsTemporal(a.dt) {
			return a, nil
		}
		return exprFloatMap("ceil", a, math.Ceil)
	})
}

// Sqrt is the square root, float64 (NaN for a negative number).
func (e Expr) Sqrt() Expr { return exprFloatFn("sqrt", e, "", math.Sqrt) }

// Cbrt is the cube root, float64 (negative for a negative number).
func (e Expr) Cbrt() Expr { return exprFloatFn("cbrt", e, "", math.Cbrt) }

// Exp is e raised to each number, float64.
func (e Expr) Exp() Expr { return exprFloatFn("exp", e, "", math.Exp) }

// Log is the logarithm in base base, float64 (Polars' log(base); math.E
// for the natural logarithm): -Inf for 0, NaN for a negative number. The
// text form's log is DuckDB's, base 10; its ln is base e.
func (e Expr) Log(base float64) Expr {
	f := func(x float64) float64 { return math.Log(x) / math.Log(base) }
	switch base {
	case math.E:
		f = math.Log
	case 2:
		f = math.Log2
	case 10:
		f = math.Log10
	}
	return exprFloatFn("log", e, strconv.FormatFloat(base, 'g', -1, 64), f)
}

// Log10 is the logarithm in base 10, float64.
func (e Expr) Log10() Expr { return exprFloatFn("log10", e, "", math.Log10) }

// Log1p is the natural logarithm of 1 plus each number, float64, exact
// for numbers near zero.
func (e Expr) Log1p() Expr { return exprFloatFn("log1p", e, "", math.Log1p) }

// Sin is the sine of each number in radians, float64.
func (e Expr) Sin() Expr { return exprFloatFn("sin", e, "", math.Sin) }

// Cos is the cosine of each number in radians, float64.
func (e Expr) Cos() Expr { return exprFloatFn("cos", e, "", math.Cos) }

// Tan is the tangent of each number in radians, float64.
func (e Expr) Tan() Expr { return exprFloatFn("tan", e, "", math.Tan) }

// Arcsin is the arcsine in radians, float64 (NaN outside [-1, 1]).
func (e Expr) Arcsin() Expr { return exprFloatFn("arcsin", e, "", math.Asin) }

// Arccos is the arccosine in radians, float64 (NaN outside [-1, 1]).
func (e Expr) Arccos() Expr { return exprFloatFn("arccos", e, "", math.Acos) }

// Arctan is the arctangent in radians, float64.
func (e Expr) Arctan() Expr { return exprFloatFn("arctan", e, "", math.Atan) }

// Sinh is the hyperbolic sine, float64.
func (e Expr) Sinh() Expr { return exprFloatFn("sinh", e, "", math.Sinh) }

// Cosh is the hyperbolic cosine, float64.
func (e Expr) Cosh() Expr { return exprFloatFn("cosh", e, "", math.Cosh) }

// Tanh is the hyperbolic tangent, float64.
func (e Expr) Tanh() Expr { return exprFloatFn("tanh", e, "", math.Tanh) }

// Degrees converts radians to degrees, float64.
func (e Expr) Degrees() Expr {
	return exprFloatFn("degrees", e, "", func(x float64) float64 { return x * (180 / math.Pi) })
}

// Radians converts degrees to radians, float64.
func (e Expr) Radians() Expr {
	return exprFloatFn("radians", e, "", func(x float64) float64 { return x * (math.Pi / 180) })
}

// Arctan2 is the angle in radians of the point (x, y), from -Pi to Pi
// (Polars' arctan2(y, x), Go's math.Atan2), float64; null where either is.
func Arctan2(y, x Expr) Expr {
	return fn2("arctan2", y, x, func(a, b *exprVec) (*exprVec, error) {
		return exprFloat2("arctan2", a, b, math.Atan2)
	})
}

// exprFloat2 applies a function of two real numbers row by row.
func exprFloat2(label string, a, b *exprVec, f func(x, y float64) float64) (*exprVec, error) {
	for _, v := range []*exprVec{a, b} {
		if err := exprWantNum(label, v); err != nil {
			return nil, err
		}
	}
	if a.t == exprNullT || b.t == exprNullT {
		return exprNullOf(exprFloatT, exprNew(exprNullT, a, b)), nil
	}
	out := exprNew(exprFloatT, a, b)
	out.valid = exprValidAnd(a, b, out.n)
	x, y := exprFloatsOf(a), exprFloatsOf(b)
	sa, sb := a.stride(), b.stride()
	for i := range out.floats {
		out.floats[i] = f(x[i*sa], y[i*sb])
	}
	return out, nil
}

// Pow is e raised to the power exponent (Polars' pow): int64 for an
// integer base and an integer exponent (wrapping around on overflow, as
// Polars; a negative integer exponent is an ErrArgument error naming the
// row, since its result is not an integer: cast the base to a float),
// float64 otherwise (math.Pow: Pow(0, -1) is +Inf, Pow(-8, 1/3.) NaN).
// The text form's pow and power are DuckDB's: always float64.
func (e Expr) Pow(exponent Expr) Expr {
	return fn2("pow", e, exponent, func(a, b *exprVec) (*exprVec, error) {
		for _, v := range []*exprVec{a, b} {
			if err := exprWantNum("pow", v); err != nil {
				return nil, err
			}
		}
		if a.t != exprIntT || b.t != exprIntT {
			t := exprFloatT
			if a.t == exprIntT && b.t == exprNullT || a.t == exprNullT && b.t == exprIntT {
				t = exprIntT
			}
			if a.t == exprNullT || b.t == exprNullT {
				return exprNullOf(t, exprNew(exprNullT, a, b)), nil
			}
			return exprFloat2("pow", a, b, math.Pow)
		}
		out := exprNew(exprIntT, a, b)
		out.valid = exprValidAnd(a, b, out.n)
		sa, sb := a.stride(), b.stride()
		for i := range out.ints {
			x, y := a.ints[i*sa], b.ints[i*sb]
			if y < 0 {
				if out.valid != nil && !bitIsSet(out.valid, i) {
					continue
				}
				return nil, fmt.Errorf("%w: integer %d to the negative power %d at row %d is not an integer (cast the base to a float)", ErrArgument, x, y, i)
			}
			out.ints[i] = exprPowInt(x, y)
		}
		return out, nil
	})
}

// bitIsSet reports bit i of an Arrow bitmap.
func bitIsSet(bits []byte, i int) bool { return bits[i/8]&(1<<(i%8)) != 0 }

// exprPowInt is x to the power y >= 0 by squaring, wrapping on overflow.
func exprPowInt(x, y int64) int64 {
	r := int64(1)
	for y > 0 {
		if y&1 != 0 {
			r *= x
		}
		x *= x
		y >>= 1
	}
	return r
}

// Clip limits each number to [lo, hi] (Polars' clip): lo where it is
// below lo, hi where above hi. A bound that is Lit(nil), or null on a
// row, does not bound that row (Polars' None). Integers with integer
// bounds stay int64; a float anywhere gives float64. NaN stays NaN.
func (e Expr) Clip(lo, hi Expr) Expr {
	return Expr{n: exprFn{label: "clip", args: []Expr{e, lo, hi}, fn: func(_ *exprCtx, v []*exprVec) (*exprVec, error) {
		return exprClip(v[0], v[1], v[2])
	}}}
}

func exprClip(a, lo, hi *exprVec) (*exprVec, error) {
	for _, v := range []*exprVec{a, lo, hi} {
		if err := exprWantNum("clip", v); err != nil {
			return nil, err
		}
	}
	if a.t == exprNullT {
		return exprNew(exprNullT, a, lo, hi), nil
	}
	t := a.t
	if lo.t == exprFloatT || hi.t == exprFloatT {
		t = exprFloatT
	}
	out := exprNew(t, a, lo, hi)
	if a.valid != nil {
		// a's nulls, broadcast or not.
		out.valid = exprValidAnd(a, &exprVec{n: out.n, scalar: true, loaded: true}, out.n)
	}
	sa, sl, sh := a.stride(), lo.stride(), hi.stride()
	loNull, hiNull := lo.t == exprNullT, hi.t == exprNullT
	if t == exprIntT {
		for i := range out.ints {
			x := a.ints[i*sa]
			if !loNull && !lo.isNull(i) && x < lo.ints[i*sl] {
				x = lo.ints[i*sl]
			}
			if !hiNull && !hi.isNull(i) && x > hi.ints[i*sh] {
				x = hi.ints[i*sh]
			}
			out.ints[i] = x
		}
		return out, nil
	}
	af := exprFloatsOf(a)
	var lf, hf []float64
	if !loNull {
		lf = exprFloatsOf(lo)
	}
	if !hiNull {
		hf = exprFloatsOf(hi)
	}
	for i := range out.floats {
		x := af[i*sa]
		if !loNull && !lo.isNull(i) && x < lf[i*sl] {
			x = lf[i*sl]
		}
		if !hiNull && !hi.isNull(i) && x > hf[i*sh] {
			x = hf[i*sh]
		}
		out.floats[i] = x
	}
	return out, nil
}

// FloorDiv is e // o, the quotient rounded toward minus infinity (Polars'
// floordiv, Python's //): -7 // 2 is -4 (Go's and DuckDB's integer
// division truncate to -3). Integers give int64 (a zero divisor makes the
// row null, as Mod; MinInt64 // -1 wraps to MinInt64); with a float,
// float64 floor(e / o).
func (e Expr) FloorDiv(o Expr) Expr {
	return fn2("floordiv", e, o, func(a, b *exprVec) (*exprVec, error) {
		for _, v := range []*exprVec{a, b} {
			if err := exprWantNum("floordiv", v); err != nil {
				return nil, err
			}
		}
		if a.t == exprNullT || b.t == exprNullT {
			t := exprIntT
			if a.t == exprFloatT || b.t == exprFloatT {
				t = exprFloatT
			}
			return exprNullOf(t, exprNew(exprNullT, a, b)), nil
		}
		if a.t == exprIntT && b.t == exprIntT {
			out := exprNew(exprIntT, a, b)
			out.valid = exprIntByZero(a, b, out, func(x, y int64) int64 {
				q := x / y // MinInt64 / -1 is MinInt64 in Go
				if (x%y != 0) && ((x < 0) != (y < 0)) {
					q--
				}
				return q
			})
			return out, nil
		}
		return exprFloat2("floordiv", a, b, func(x, y float64) float64 { return math.Floor(x / y) })
	})
}

// exprIntByZero applies an integer division f over two int vectors into
// out, a zero divisor making the row null; it returns the validity.
func exprIntByZero(a, b, out *exprVec, f func(x, y int64) int64) []byte {
	valid := exprValidAnd(a, b, out.n)
	copied := false
	sa, sb := a.stride(), b.stride()
	for i := range out.ints {
		y := b.ints[i*sb]
		if y == 0 {
			if !copied {
				if valid == nil {
					valid = exprBitsAll(out.n)
				} else {
					valid = append([]byte(nil), valid...)
				}
				copied = true
			}
			valid[i/8] &^= 1 << (i % 8)
			continue
		}
		out.ints[i] = f(a.ints[i*sa], y)
	}
	return valid
}

// exprRem is the remainder truncated toward zero, with the sign of the
// dividend: SQL's and DuckDB's %, C's and Go's: -7 % 3 is -1 (Mod, as
// Polars and Python, gives 2). An integer zero divisor makes the row
// null, a float one gives NaN (DuckDB). The text form's % and mod are
// this function.
func exprRem(e, o Expr) Expr {
	return fn2("rem", e, o, func(a, b *exprVec) (*exprVec, error) {
		t, err := exprArithType(exprMod, a, b)
		if err != nil {
			return nil, fmt.Errorf("%w: cannot take the remainder of %s and %s", ErrType, a.typeName(), b.typeName())
		}
		if t == exprNullT || a.t == exprNullT || b.t == exprNullT {
			return exprNullOf(t, exprNew(exprNullT, a, b)), nil
		}
		out := exprNew(t, a, b)
		if t == exprIntT {
			out.valid = exprIntByZero(a, b, out, func(x, y int64) int64 {
				return x % y
			})
			return out, nil
		}
		out.valid = exprValidAnd(a, b, out.n)
		x, y := exprFloatsOf(a), exprFloatsOf(b)
		sa, sb := a.stride(), b.stride()
		for i := range out.floats {
			out.floats[i] = math.Mod(x[i*sa], y[i*sb])
		}
		return out, nil
	})
}

// IsNaN is true where a float is NaN (Polars' is_nan); false for every
// integer; null stays null.
func (e Expr) IsNaN() Expr {
	return exprFloatPred("is_nan", e, false, math.IsNaN)
}

// IsFinite is true where a number is neither NaN nor ±Inf (every
// integer); null stays null.
func (e Expr) IsFinite() Expr {
	return exprFloatPred("is_finite", e, true, func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) })
}

// IsInfinite is true where a float is +Inf or -Inf; false for every
// integer; null stays null.
func (e Expr) IsInfinite() Expr {
	return exprFloatPred("is_infinite", e, false, func(x float64) bool { return math.IsInf(x, 0) })
}

// exprFloatPred is a test of floats; ints gives its answer for integers.
func exprFloatPred(label string, e Expr, ints bool, f func(float64) bool) Expr {
	return fn1(label, e, "", func(a *exprVec) (*exprVec, error) {
		if err := exprWantNum(label, a); err != nil {
			return nil, err
		}
		out := exprNew(exprBoolT, a)
		switch a.t {
		case exprNullT:
			out.valid = exprBitsNone(out.n)
		case exprIntT:
			out.valid = a.valid
			if ints {
				for i := range out.bools {
					out.bools[i] = true
				}
			}
		default:
			out.valid = a.valid
			for i, x := range a.floats[:out.n] {
				out.bools[i] = f(x)
			}
		}
		return out, nil
	})
}

// FillNaN replaces the NaNs of a float column by the value of o on that
// row (usually a Lit; Polars' fill_nan): a null o makes them null. Nulls
// stay null (FillNull fills those). An integer column has no NaN and is
// returned unchanged.
func (e Expr) FillNaN(o Expr) Expr {
	return fn2("fill_nan", e, o, func(a, b *exprVec) (*exprVec, error) {
		for _, v := range []*exprVec{a, b} {
			if err := exprWantNum("fill_nan", v); err != nil {
				return nil, err
			}
		}
		if a.t != exprFloatT {
			return a, nil
		}
		out := exprNew(exprFloatT, a, b)
		sa, sb := a.stride(), b.stride()
		var bf []float64
		if b.t != exprNullT {
			bf = exprFloatsOf(b)
		}
		valid := a.valid
		if a.scalar && !out.scalar && valid != nil {
			valid = exprValidAnd(a, &exprVec{n: out.n, scalar: true}, out.n)
		}
		copied := false
		for i := range out.floats {
			x := a.floats[i*sa]
			if !math.IsNaN(x) {
				out.floats[i] = x
				continue
			}
			if bf != nil && !b.isNull(i) {
				out.floats[i] = bf[i*sb]
				continue
			}
			if !copied {
				if valid == nil {
					valid = exprBitsAll(out.n)
				} else {
					valid = append([]byte(nil), valid...)
				}
				copied = true
			}
			valid[i/8] &^= 1 << (i % 8)
		}
		out.valid = valid
		return out, nil
	})
}

// NaNToNull makes the NaNs of a float column null (Polars'
// fill_nan(None)); an integer column is returned unchanged.
func (e Expr) NaNToNull() Expr {
	return fn1("nan_to_null", e, "", func(a *exprVec) (*exprVec, error) {
		if err := exprWantNum("nan_to_null", a); err != nil {
			return nil, err
		}
		if a.t != exprFloatT {
			return a, nil
		}
		var valid []byte
		for i, x := range a.floats[:a.n] {
			if math.IsNaN(x) {
				if valid == nil {
					if a.valid == nil {
						valid = exprBitsAll(a.n)
					} else {
						valid = append([]byte(nil), a.valid...)
					}
				}
				valid[i/8] &^= 1 << (i % 8)
			}
		}
		if valid == nil {
			return a, nil
		}
		out := *a
		out.raw, out.valid = nil, valid
		return &out, nil
	})
}
