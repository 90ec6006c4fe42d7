package frame

import (
	"strconv"
)

// The statistics aggregations: Median, Quantile, Var (and Std, beside
// Sum in expr_agg.go), Skew, Kurtosis, Mode, Product, ArgMin, ArgMax and
// ApproxNUnique, with Polars' names and semantics. Like Sum and Mean they
// reduce a column to one value (per group in GroupBy.Agg, per window in
// Over), skip nulls unless said otherwise, and over a list column reduce
// the items of the lists. The two-input ones, Corr and Cov, are in
// expr_corr.go; the kernels in agg_stats.go.

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
	// quantileDisc is DuckDB's quantile_disc: the value at index
	// ceil(n*q)-1 of the sorted values, keeping the input's type; the text
	// form's only.
	quantileDisc
)

// String names the method as Polars does ("nearest", "linear", ...).
func (m QuantileMethod) String() string {
	if m > quantileDisc {
		return "QuantileMethod(" + strconv.Itoa(int(m)) + ")"
	}
	return [...]string{"nearest", "linear", "lower", "higher", "midpoint", "disc"}[m]
}

// interpolates reports a method that can give a value between two of
// the column's values (a date's becomes a timestamp).
func (m QuantileMethod) interpolates() bool { return m == QuantileLinear || m == QuantileMidpoint }

// Median is the median of the non-null values: Quantile(0.5,
// QuantileLinear), the mean of the two middle values for an even count.
// Numbers give float64; dates give a timestamp (microseconds), other
// temporal types (timestamps, durations, times of day) their own type, as
// Polars; null when there are no values. NaN sorts above every number, as
// in Polars and DuckDB, so NaNs pull the median up rather than making it
// NaN.
func (e Expr) Median() Expr { return e.Quantile(0.5, QuantileLinear) }

// Quantile is the q-quantile (0 <= q <= 1) of the non-null values, picked
// or interpolated between two sorted values by method, as Polars'
// quantile (whose default method is QuantileNearest). Numbers give
// float64 whatever the method, as Polars. Temporal values keep their
// type (an interpolated value rounded to its unit, half away from zero),
// except a date interpolated by QuantileLinear or QuantileMidpoint, which
// becomes a timestamp in microseconds. NaN sorts above every
// number. Strings, bools and nested values are an ErrType error; q
// outside [0, 1] an ErrArgument one.
//
// Each group's values are sorted once, in one buffer for all groups: the
// cost is O(n log n) for n rows, whatever the number of groups.
func (e Expr) Quantile(q float64, method QuantileMethod) Expr {
	return e.aggWith(aggQuantile, aggArgs{q: q, method: method, set: true})
}

// VarOption is an option of Var and Std: WithDdof.
type VarOption interface{ applyVar(*aggArgs) }

// CovOption is an option of Cov: WithDdof.
type CovOption interface{ applyCov(*aggArgs) }

// DdofOption is the option WithDdof returns.
type DdofOption int

// WithDdof sets the delta degrees of freedom of Var, Std and Cov: the sum
// of squares is divided by n - ddof. 1 unless set (the sample variance,
// as Polars and pandas); 0 gives the population variance. The result is
// null when there are no more than ddof values.
func WithDdof(ddof int) DdofOption { return DdofOption(ddof) }

func (d DdofOption) applyVar(a *aggArgs) { a.ddof = int(d) }
func (d DdofOption) applyCov(a *aggArgs) { a.ddof = int(d) }

// Var is the variance of the non-null values as float64: the sample one
// (ddof 1) unless WithDdof says, null when there are no more than ddof
// values (a single value with ddof 1). Computed in two passes (the mean,
// then the squares of the deviations) for accuracy; NaN makes it NaN.
func (e Expr) Var(opts ...VarOption) Expr { return e.aggWith(aggVar, varArgs(opts)) }

func varArgs(opts []VarOption) aggArgs {
	a := aggDefaults(aggVar)
	for _, o := range opts {
		o.applyVar(&a)
	}
	return a
}

// SkewOption is an option of Skew: WithBias.
type SkewOption interface{ applySkew(*aggArgs) }

// KurtosisOption is an option of Kurtosis: WithBias, WithFisher.
type KurtosisOption interface{ applyKurtosis(*aggArgs) }

// BiasOption is the option WithBias returns.
type BiasOption bool

// WithBias says whether Skew and Kurtosis give the biased estimate, from
// the population moments (true, the default, as Polars and scipy), or
// the one corrected for statistical bias (false: the adjusted
// Fisher-Pearson skewness, the k-statistics kurtosis, as DuckDB's
// skewness and kurtosis).
func WithBias(on bool) BiasOption { return BiasOption(on) }

func (b BiasOption) applySkew(a *aggArgs)     { a.bias = bool(b) }
func (b BiasOption) applyKurtosis(a *aggArgs) { a.bias = bool(b) }

// FisherOption is the option WithFisher returns.
type FisherOption bool

// WithFisher says whether Kurtosis is Fisher's (true, the default, as
// Polars: the excess kurtosis, 0 for a normal distribution) or Pearson's
// (false: 3 more).
func WithFisher(on bool) FisherOption { return FisherOption(on) }

func (f FisherOption) applyKurtosis(a *aggArgs) { a.fisher = bool(f) }

// Skew is the sample skewness of the non-null values as float64, as
// Polars' skew: m3/m2^1.5 from the population central moments, or with
// WithBias(false) the adjusted Fisher-Pearson coefficient
// sqrt(n(n-1))/(n-2) times that. Null for fewer than two values (three
// unbiased), NaN when all values are equal or one is NaN.
func (e Expr) Skew(opts ...SkewOption) Expr {
	a := aggDefaults(aggSkew)
	for _, o := range opts {
		o.applySkew(&a)
	}
	return e.aggWith(aggSkew, a)
}

// Kurtosis is the kurtosis of the non-null values as float64, as Polars'
// kurtosis: m4/m2^2 - 3 (Fisher's, the excess kurtosis) from the
// population central moments; WithFisher(false) leaves out the -3, and
// WithBias(false) gives the unbiased estimate (DuckDB's kurtosis). Null
// for fewer than two values (four unbiased), NaN when all values are
// equal or one is NaN.
func (e Expr) Kurtosis(opts ...KurtosisOption) Expr {
	a := aggDefaults(aggKurtosis)
	for _, o := range opts {
		o.applyKurtosis(&a)
	}
	return e.aggWith(aggKurtosis, a)
}

// Mode is the most frequent values, as a list (Polars' mode, which gives
// every value that ties for the highest count): of any type (numbers,
// strings, bools, temporal values, structures), in order of first
// appearance. Null counts as a value, as in Polars: a column of mostly
// nulls has the mode [null]. The text form's mode (DuckDB's) is one value,
// the first of these once nulls are skipped.
func (e Expr) Mode() Expr { return e.aggWith(aggMode, aggArgs{}) }

// Product multiplies the non-null values: int64 for integers (wrapping on
// overflow, as Sum) and bools, float64 for floats; 1 when there are none,
// as Polars.
func (e Expr) Product() Expr { return e.aggWith(aggProduct, aggArgs{}) }

// ArgMin is the index, within its group (0-based, counting null rows), of
// the least non-null value, the first one on a tie; null when there is
// none (Polars' arg_min). It orders numbers, strings, bools and temporal
// values; NaN is passed over unless every value is NaN, as Min does. The
// text form's arg_min(arg, val) is another function, DuckDB's: the value
// of arg on the row where val is least.
func (e Expr) ArgMin() Expr { return e.aggWith(aggArgMin, aggArgs{}) }

// ArgMax is the index within its group of the greatest non-null value,
// the first one on a tie; null when there is none (Polars' arg_max).
func (e Expr) ArgMax() Expr { return e.aggWith(aggArgMax, aggArgs{}) }

// ApproxNUnique estimates the number of distinct values, null counting as
// one value as in NUnique, with a HyperLogLog sketch of 2^14 one-byte
// registers per group (fewer when there are many groups, never fewer
// than 2^8): its relative standard error is 1.04/sqrt(registers), 0.8%
// with 2^14, and small counts (up to about 2.5 times the registers) are
// counted by linear counting, near exact. It needs a hash per row and the
// registers, not a set of the values (Polars' approx_n_unique; the text
// form's approx_count_distinct, which skips nulls).
func (e Expr) ApproxNUnique() Expr { return e.aggWith(aggApproxNUnique, aggArgs{}) }

// aggWith is the aggregation kind of e with settings a.
func (e Expr) aggWith(kind aggKind, a aggArgs) Expr {
	a.set = true
	return Expr{n: exprAgg{kind: kind, e: e, args: a}}
}

// aggArgs are the settings of a statistic; the zero value (set false)
// stands for aggDefaults.
type aggArgs struct {
	set    bool
	q      float64        // Quantile
	method QuantileMethod // Quantile
	ddof   int            // Var, Std, Cov
	bias   bool           // Skew, Kurtosis: the biased estimate
	fisher bool           // Kurtosis: the excess kurtosis
	sql    bool           // the text form's (DuckDB's) variant: see aggStatsApply
}

// aggDefaults are an aggregation's default settings, Polars'.
func aggDefaults(kind aggKind) aggArgs {
	return aggArgs{set: true, q: 0.5, method: QuantileLinear, ddof: 1, bias: true, fisher: true}
}

// format writes the settings of kind that differ from the defaults, for
// String.
func (a aggArgs) format(kind aggKind) string {
	if !a.set {
		return ""
	}
	d := aggDefaults(kind)
	var s string
	add := func(x string) {
		if s != "" {
			s += ", "
		}
		s += x
	}
	switch kind {
	case aggQuantile:
		add(strconv.FormatFloat(a.q, 'g', -1, 64))
		add(a.method.String())
	case aggVar, aggStd:
		if a.ddof != d.ddof {
			add("ddof=" + strconv.Itoa(a.ddof))
		}
	case aggSkew, aggKurtosis:
		if a.bias != d.bias {
			add("bias=" + strconv.FormatBool(a.bias))
		}
		if kind == aggKurtosis && a.fisher != d.fisher {
			add("fisher=" + strconv.FormatBool(a.fisher))
		}
	}
	if a.sql {
		add("duckdb")
	}
	return s
}
