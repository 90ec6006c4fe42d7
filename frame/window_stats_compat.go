package frame

import "strconv"

// This file holds, as they are defined beside Quantile and Var, the
// names the Rolling family shares with the statistics aggregations:
// QuantileMethod and WithDdof. It goes when those land.

// QuantileMethod is how Quantile picks or interpolates a value when the
// quantile falls between two of the sorted values x[i] <= x[i+1], at
// position q*(n-1) of the n non-null values (Polars' interpolation
// argument).
type QuantileMethod uint8

const (
	// QuantileNearest takes the value whose position is nearest, a tie
	// rounded away from zero (Polars' default, "nearest").
	QuantileNearest QuantileMethod = iota
	// QuantileLinear interpolates linearly: x[i] + f*(x[i+1]-x[i]) with f
	// the fractional part of the position (numpy's and pandas' default,
	// DuckDB's quantile_cont). Median is Quantile(0.5, QuantileLinear).
	QuantileLinear
	// QuantileLower takes x[i], the value below.
	QuantileLower
	// QuantileHigher takes x[i+1], the value above.
	QuantileHigher
	// QuantileMidpoint takes the mean of x[i] and x[i+1].
	QuantileMidpoint
)

// String names the method as Polars does ("nearest", "linear", ...).
func (m QuantileMethod) String() string {
	if m > QuantileMidpoint {
		return "QuantileMethod(" + strconv.Itoa(int(m)) + ")"
	}
	return [...]string{"nearest", "linear", "lower", "higher", "midpoint"}[m]
}

// DdofOption is the option WithDdof returns.
type DdofOption int

// WithDdof sets the delta degrees of freedom of Var, Std and Cov: the sum
// of squares is divided by n - ddof. 1 unless set (the sample variance,
// as Polars and pandas); 0 gives the population variance. The result is
// null when there are no more than ddof values.
func WithDdof(ddof int) DdofOption { return DdofOption(ddof) }
