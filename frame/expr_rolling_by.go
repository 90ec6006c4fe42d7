package frame

import (
	"fmt"
	"strings"
)

// The Rolling family over a time window, Polars' rolling_sum_by,
// rolling_mean_by, ...: for each row, a reduction of the rows whose time
// (the by column: a date, a timestamp, or an integer with "Ni" windows)
// falls in the window (t-windowSize, t] of its own time t, the ends as
// WithClosed says (ClosedRight by default, as Polars). windowSize is a
// Polars duration string, "7d", "1h30m", "1mo" (a calendar month, on
// the wall clock of a zoned timestamp: the window of March 31 starts on
// February 29 or 28), or "3i". Rows of equal time share their window.
// The by column must be sorted ascending with no null (in each group
// under Over): an unsorted one is an ErrArgument error naming it and the
// row, nothing is sorted silently. WithMinPeriods defaults to 1.
// The kernels are those of the count windows: O(n), or O(n log n) for
// the median and the quantiles.

// ClosedOption is the option WithClosed returns.
type ClosedOption Closed

// WithClosed sets which ends of a time window hold their rows: the
// Rolling family over a time window and the Rolling context default to
// ClosedRight, (t-period, t]; GroupByDynamic to ClosedLeft, [start,
// start+period).
func WithClosed(c Closed) ClosedOption { return ClosedOption(c) }

func (o ClosedOption) applyRollingBy(c *rollingConfig) { c.closed = Closed(o) }

// RollingSumBy is RollingSum over a time window of the by column.
func (e Expr) RollingSumBy(by Expr, windowSize string, opts ...RollingByOption) Expr {
	return e.rollingBy(winSpec{kind: winSum}, by, windowSize, opts)
}

// RollingMeanBy is RollingMean over a time window of the by column.
func (e Expr) RollingMeanBy(by Expr, windowSize string, opts ...RollingByOption) Expr {
	return e.rollingBy(winSpec{kind: winMean}, by, windowSize, opts)
}

// RollingMinBy is RollingMin over a time window of the by column.
func (e Expr) RollingMinBy(by Expr, windowSize string, opts ...RollingByOption) Expr {
	return e.rollingBy(winSpec{kind: winMin}, by, windowSize, opts)
}

// RollingMaxBy is RollingMax over a time window of the by column.
func (e Expr) RollingMaxBy(by Expr, windowSize string, opts ...RollingByOption) Expr {
	return e.rollingBy(winSpec{kind: winMax}, by, windowSize, opts)
}

// RollingVarBy is RollingVar over a time window of the by column.
func (e Expr) RollingVarBy(by Expr, windowSize string, opts ...RollingByOption) Expr {
	return e.rollingBy(winSpec{kind: winVar, ddof: 1}, by, windowSize, opts)
}

// RollingStdBy is RollingStd over a time window of the by column.
func (e Expr) RollingStdBy(by Expr, windowSize string, opts ...RollingByOption) Expr {
	return e.rollingBy(winSpec{kind: winStd, ddof: 1}, by, windowSize, opts)
}

// RollingMedianBy is RollingMedian over a time window of the by column.
func (e Expr) RollingMedianBy(by Expr, windowSize string, opts ...RollingByOption) Expr {
	return e.rollingBy(winSpec{kind: winQuantile, q: 0.5, method: QuantileLinear}, by, windowSize, opts)
}

// RollingQuantileBy is RollingQuantile over a time window of the by
// column.
func (e Expr) RollingQuantileBy(q float64, method QuantileMethod, by Expr, windowSize string, opts ...RollingByOption) Expr {
	return e.rollingBy(winSpec{kind: winQuantile, q: q, method: method}, by, windowSize, opts)
}

// rollingBy builds a time-window expression.
func (e Expr) rollingBy(spec winSpec, by Expr, windowSize string, opts []RollingByOption) Expr {
	label := rollingLabel(spec) + "_by"
	cfg := rollingConfig{ddof: spec.ddof, minPeriods: 1, closed: ClosedRight}
	for _, o := range opts {
		if o != nil {
			o.applyRollingBy(&cfg)
		}
	}
	extra := []string{fmt.Sprintf("%q", windowSize)}
	if spec.kind == winQuantile && label != "rolling_median_by" {
		extra = append([]string{fmt.Sprint(spec.q), spec.method.String()}, extra...)
	}
	if cfg.minPeriods != 1 {
		extra = append(extra, fmt.Sprintf("min_periods=%d", cfg.minPeriods))
	}
	if cfg.closed != ClosedRight {
		extra = append(extra, "closed="+cfg.closed.String())
	}
	if spec.ddof != cfg.ddof {
		extra = append(extra, fmt.Sprintf("ddof=%d", cfg.ddof))
	}
	spec.minPeriods, spec.ddof = cfg.minPeriods, cfg.ddof
	period, err := parseWinDuration(windowSize)
	switch {
	case err != nil:
	case !period.positive():
		err = fmt.Errorf("%w: window size %q is not positive", ErrArgument, windowSize)
	case cfg.minPeriods < 0:
		err = fmt.Errorf("%w: min_periods %d is negative", ErrArgument, cfg.minPeriods)
	case cfg.ddof < 0:
		err = fmt.Errorf("%w: ddof %d is negative", ErrArgument, cfg.ddof)
	case cfg.closed > ClosedNone:
		err = fmt.Errorf("%w: closed %d is not a Closed", ErrArgument, cfg.closed)
	case spec.kind == winQuantile && !(spec.q >= 0 && spec.q <= 1):
		err = fmt.Errorf("%w: quantile %v is not between 0 and 1", ErrArgument, spec.q)
	}
	if err != nil {
		return exprFailed(label, e, err)
	}
	byName := sortKeyName(by)
	return rollFn(label, []Expr{e, by}, strings.Join(extra, ", "), func(c *exprCtx, a []*exprVec) (*exprVec, error) {
		n := c.f.data.NumRows()
		p := c.windowParts()
		g, err := p.gather(a[0], n)
		if err != nil {
			return nil, err
		}
		t, err := p.gather(a[1], n)
		if err != nil {
			return nil, err
		}
		axis, err := winAxisOf(byName, t)
		if err != nil {
			return nil, err
		}
		if err := axis.check(period); err != nil {
			return nil, err
		}
		if err := axis.checkSorted(t, p); err != nil {
			return nil, err
		}
		b, err := axis.lookBack(p, period, period.negate(), cfg.closed)
		if err != nil {
			return nil, err
		}
		res, err := winSlide(spec, g, p, b)
		if err != nil {
			return nil, err
		}
		return p.scatter(res)
	})
}
