package frame

import (
	"strconv"
	"strings"
)

// parseFuncsStats registers the statistical aggregations of the text
// form, with DuckDB's names and semantics (each checked against DuckDB):
//
//	median(x)                    quantile_cont(x, 0.5); of strings, quantile_disc's
//	quantile_cont(x, q)          linear interpolation: a double for numbers, a
//	                             timestamp for dates (QuantileLinear)
//	quantile_disc(x, q)          the value at index ceil(n*q)-1 of the sorted
//	quantile(x, q)               values, of x's type (numbers, strings, temporal)
//	var_samp(x), variance(x)     sample variance; null for one value
//	var_pop(x)                   population variance
//	stddev_samp(x), stddev(x)    sample standard deviation
//	stddev_pop(x)
//	skewness(x)                  the bias-corrected sample skewness (Polars'
//	                             Skew(WithBias(false))): null up to two values, NaN
//	                             when all are equal
//	kurtosis(x)                  the bias-corrected excess kurtosis (Polars'
//	                             Kurtosis(WithBias(false)), not its default): null up
//	                             to three values or when all are equal
//	kurtosis_pop(x)              the population excess kurtosis (Polars' default)
//	mode(x)                      the most frequent non-null value, the first to
//	                             appear on a tie (Mode gives all, null counted)
//	product(x)                   a double, null when there are no values (Product
//	                             keeps integers and gives 1)
//	corr(y, x)                   Pearson's correlation of the non-null pairs; NaN
//	                             for one pair or no variation
//	covar_samp(y, x), covar_pop(y, x)
//	approx_count_distinct(x)     HyperLogLog estimate of the distinct non-null values
//	entropy(x)                   Shannon entropy in bits of the non-null values
//
// q is a number literal in [0, 1] (DuckDB's negative q, a descending
// quantile, and its lists of quantiles are refused). NaN sorts above every
// number for the quantiles, as in DuckDB; where DuckDB raises "out of
// range" on NaN (var_samp, skewness, ...) these give NaN. Over a list
// column they reduce the lists' items. arg_min(arg, val) and
// arg_max(arg, val) (with min_by, max_by, argmin, argmax) are in
// parseFuncsCore.
func parseFuncsStats(funcs map[string]parseFunc) {
	sql := func(kind aggKind, a aggArgs) func(Expr) Expr {
		return func(e Expr) Expr {
			a.set, a.sql = true, true
			return Expr{n: exprAgg{kind: kind, e: e, args: a}}
		}
	}
	d := aggDefaults(aggQuantile)
	pop := d
	pop.ddof = 0
	unbiased := d
	unbiased.bias = false
	quantile := func(method QuantileMethod) parseFunc {
		return parseFunc{2, 2, func(p *parser, name token, a []parseArg) (Expr, error) {
			q, err := a[1].floatLit(p, name)
			if err != nil {
				return Expr{}, err
			}
			args := d
			args.q, args.method = q, method
			return sql(aggQuantile, args)(a[0].e), nil
		}}
	}
	corr := func(cov bool, ddof int) parseFunc {
		return parseFunc{2, 2, func(_ *parser, _ token, a []parseArg) (Expr, error) {
			return Expr{n: exprCorr{a: a[0].e, b: a[1].e, cov: cov, ddof: ddof, sql: true}}, nil
		}}
	}
	for name, f := range map[string]parseFunc{
		"median":                parseOne(sql(aggQuantile, d)),
		"quantile_cont":         quantile(QuantileLinear),
		"quantile_disc":         quantile(quantileDisc),
		"var_samp":              parseOne(sql(aggVar, d)),
		"var_pop":               parseOne(sql(aggVar, pop)),
		"stddev_pop":            parseOne(sql(aggStd, pop)),
		"skewness":              parseOne(sql(aggSkew, unbiased)),
		"kurtosis":              parseOne(sql(aggKurtosis, unbiased)),
		"kurtosis_pop":          parseOne(sql(aggKurtosis, d)),
		"mode":                  parseOne(sql(aggMode, d)),
		"product":               parseOne(sql(aggProduct, d)),
		"corr":                  corr(false, 0),
		"covar_samp":            corr(true, 1),
		"covar_pop":             corr(true, 0),
		"approx_count_distinct": parseOne(sql(aggApproxNUnique, d)),
		"entropy":               parseOne(sql(aggEntropy, d)),
	} {
		funcs[name] = f
	}
	for alias, name := range map[string]string{
		"quantile": "quantile_disc", "variance": "var_samp", "argmin": "arg_min", "argmax": "arg_max",
	} {
		funcs[alias] = funcs[name]
	}
}

// floatLit is the argument as a number constant (a leading minus
// allowed).
func (a parseArg) floatLit(p *parser, name token) (float64, error) {
	text := strings.Join(strings.Fields(p.src[a.tok.pos:a.end]), "")
	x, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return 0, p.errAt(a.tok.pos, "%s takes a number literal here", name.text)
	}
	return x, nil
}
