package frame

import (
	"fmt"
	"strings"
)

// The Rolling family over a count window, Polars' rolling_sum,
// rolling_mean, ...: for each row, a reduction of the window of
// windowSize rows that ends at it (or is centered on it with
// WithCenter). Each runs over the parts Over sets (a group at a time, in
// the group's order), else over the frame in row order. Nulls are left
// out of every window; a window with fewer than the minimum number of
// valid values (WithMinPeriods; the window size unless set, as Polars)
// gives null, and so do the first windowSize-1 rows by default.
//
// Floats follow IEEE 754 as a sum recomputed over each window would: a
// NaN in the window makes the sum, mean, var, std, min and max NaN, +Inf
// and -Inf together make a sum NaN, and once the NaN or infinity leaves
// the window the results are finite again. The median and the
// quantiles sort NaN above every number (as Polars). Each kernel is
// O(n) (sum, mean, var and std added and removed as the window slides,
// min and max by a monotonic deque) or O(n log w) (the median and the
// quantiles, over a sorted window), whatever the window size.

// RollingOption is an optional setting of the Rolling family over a
// count window: WithMinPeriods, WithCenter, WithWeights, and WithDdof for
// RollingStd and RollingVar.
type RollingOption interface{ applyRolling(*rollingConfig) }

// RollingByOption is an optional setting of the Rolling family over a
// time window (RollingSumBy, ...): WithMinPeriods, WithClosed, and
// WithDdof for RollingStdBy and RollingVarBy.
type RollingByOption interface{ applyRollingBy(*rollingConfig) }

// rollingConfig collects the options of a rolling expression.
type rollingConfig struct {
	minPeriods int
	minSet     bool
	center     bool
	weights    []float64
	ddof       int
	closed     Closed
}

// MinPeriodsOption is the option WithMinPeriods returns.
type MinPeriodsOption int

// WithMinPeriods is the least number of valid (non-null) values a window
// must hold to give a value; fewer give null (Polars' min_periods). The
// Rolling family over a count window defaults to the window size, over a
// time window to 1; EWMMean defaults to 1.
func WithMinPeriods(n int) MinPeriodsOption { return MinPeriodsOption(n) }

func (o MinPeriodsOption) applyRolling(c *rollingConfig) { c.minPeriods, c.minSet = int(o), true }
func (o MinPeriodsOption) applyRollingBy(c *rollingConfig) {
	c.minPeriods, c.minSet = int(o), true
}

// CenterOption is the option WithCenter returns.
type CenterOption bool

// WithCenter centers each count window on its row when true: the window
// of size w holds w/2 rows before the row and (w-1)/2 after it (so an
// even window has one more row before than after, as Polars). By default
// the window ends at its row.
func WithCenter(on bool) CenterOption { return CenterOption(on) }

func (o CenterOption) applyRolling(c *rollingConfig) { c.center = bool(o) }

// WeightsOption is the option WithWeights returns.
type WeightsOption []float64

// WithWeights weighs the slots of each count window, the oldest first
// (one weight per slot: as many as the window size), as Polars' weights:
// RollingSum adds w*x, RollingMean divides that by the sum of the weights
// of the slots holding a value, RollingMin and RollingMax take the least
// or greatest w*x, RollingVar and RollingStd the weighted population
// variance around the weighted mean (ddof does not apply). Null values
// and slots before the first row are left out with their weights. The
// median and the quantiles refuse weights. Each row costs O(window).
func WithWeights(w []float64) WeightsOption { return WeightsOption(w) }

func (o WeightsOption) applyRolling(c *rollingConfig) { c.weights = []float64(o) }

func (d DdofOption) applyRolling(c *rollingConfig)   { c.ddof = int(d) }
func (d DdofOption) applyRollingBy(c *rollingConfig) { c.ddof = int(d) }

// RollingSum is the sum of the valid values of each window of
// windowSize rows (int64 for integers and bools, float64 for floats).
func (e Expr) RollingSum(windowSize int, opts ...RollingOption) Expr {
	return e.rolling(winSpec{kind: winSum}, windowSize, opts)
}

// RollingMean is the mean of the valid values of each window, float64.
func (e Expr) RollingMean(windowSize int, opts ...RollingOption) Expr {
	return e.rolling(winSpec{kind: winMean}, windowSize, opts)
}

// RollingMin is the least valid value of each window, of the input's
// type (numbers, strings, bools, dates and timestamps).
func (e Expr) RollingMin(windowSize int, opts ...RollingOption) Expr {
	return e.rolling(winSpec{kind: winMin}, windowSize, opts)
}

// RollingMax is the greatest valid value of each window.
func (e Expr) RollingMax(windowSize int, opts ...RollingOption) Expr {
	return e.rolling(winSpec{kind: winMax}, windowSize, opts)
}

// RollingVar is the variance of the valid values of each window, float64:
// the sample one (ddof 1) unless WithDdof says, null where a window holds
// no more than ddof values.
func (e Expr) RollingVar(windowSize int, opts ...RollingOption) Expr {
	return e.rolling(winSpec{kind: winVar, ddof: 1}, windowSize, opts)
}

// RollingStd is the standard deviation of each window (see RollingVar).
func (e Expr) RollingStd(windowSize int, opts ...RollingOption) Expr {
	return e.rolling(winSpec{kind: winStd, ddof: 1}, windowSize, opts)
}

// RollingMedian is the median of the valid values of each window,
// float64: RollingQuantile(0.5, QuantileLinear, ...).
func (e Expr) RollingMedian(windowSize int, opts ...RollingOption) Expr {
	return e.rolling(winSpec{kind: winQuantile, q: 0.5, method: QuantileLinear}, windowSize, opts)
}

// RollingQuantile is the q-quantile (0 <= q <= 1) of the valid values of
// each window, float64, picked or interpolated by method as Quantile
// (Polars' rolling_quantile, whose default method is QuantileNearest).
func (e Expr) RollingQuantile(q float64, method QuantileMethod, windowSize int, opts ...RollingOption) Expr {
	return e.rolling(winSpec{kind: winQuantile, q: q, method: method}, windowSize, opts)
}

// rollFn builds an order-dependent node of the Rolling family and
// EWMMean: fn runs in c.windowParts(), the parts Over sets.
func rollFn(label string, args []Expr, extra string, fn func(c *exprCtx, a []*exprVec) (*exprVec, error)) Expr {
	return winFn(label, args, extra, fn) // an order-dependent node: Over runs it per group
}

// rollingLabel is the name a rolling kind renders as.
func rollingLabel(spec winSpec) string {
	if spec.kind == winQuantile && spec.q == 0.5 && spec.method == QuantileLinear {
		return "rolling_median"
	}
	return "rolling_" + spec.kind.String()
}

// rolling builds a count-window expression.
func (e Expr) rolling(spec winSpec, windowSize int, opts []RollingOption) Expr {
	label := rollingLabel(spec)
	cfg := rollingConfig{ddof: spec.ddof}
	for _, o := range opts {
		if o != nil {
			o.applyRolling(&cfg)
		}
	}
	extra := []string{fmt.Sprint(windowSize)}
	if spec.kind == winQuantile && label != "rolling_median" {
		extra = append([]string{fmt.Sprint(spec.q), spec.method.String()}, extra...)
	}
	if !cfg.minSet {
		cfg.minPeriods = windowSize
	} else {
		extra = append(extra, fmt.Sprintf("min_periods=%d", cfg.minPeriods))
	}
	if cfg.center {
		extra = append(extra, "center=true")
	}
	if cfg.weights != nil {
		extra = append(extra, fmt.Sprintf("weights=%v", cfg.weights))
	}
	if spec.ddof != cfg.ddof {
		extra = append(extra, fmt.Sprintf("ddof=%d", cfg.ddof))
	}
	spec.minPeriods, spec.ddof, spec.weights = cfg.minPeriods, cfg.ddof, cfg.weights
	var err error
	switch {
	case windowSize < 1:
		err = fmt.Errorf("%w: window size %d (want at least 1)", ErrArgument, windowSize)
	case cfg.minPeriods < 0 || cfg.minPeriods > windowSize:
		err = fmt.Errorf("%w: min_periods %d is not between 0 and the window size %d", ErrArgument, cfg.minPeriods, windowSize)
	case cfg.ddof < 0:
		err = fmt.Errorf("%w: ddof %d is negative", ErrArgument, cfg.ddof)
	case cfg.weights != nil && len(cfg.weights) != windowSize:
		err = fmt.Errorf("%w: %d weights for a window of %d rows", ErrArgument, len(cfg.weights), windowSize)
	case spec.kind == winQuantile && !(spec.q >= 0 && spec.q <= 1):
		err = fmt.Errorf("%w: quantile %v is not between 0 and 1", ErrArgument, spec.q)
	}
	if err != nil {
		return exprFailed(label, e, err)
	}
	b := winBounds{before: windowSize - 1}
	if cfg.center {
		b.before = windowSize / 2
		b.after = windowSize - 1 - b.before
	}
	return rollFn(label, []Expr{e}, strings.Join(extra, ", "), func(c *exprCtx, a []*exprVec) (*exprVec, error) {
		p := c.windowParts()
		g, err := p.gather(a[0], c.f.data.NumRows())
		if err != nil {
			return nil, err
		}
		bb := b
		res, err := winSlide(spec, g, p, &bb)
		if err != nil {
			return nil, err
		}
		return p.scatter(res)
	})
}
