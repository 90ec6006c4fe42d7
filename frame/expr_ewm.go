package frame

import (
	"fmt"
	"math"
	"strings"
)

// EWMOption is an optional setting of EWMMean: its decay (exactly one of
// WithAlpha, WithCom, WithSpan, WithHalfLife), WithAdjust,
// WithMinPeriods and WithIgnoreNulls.
type EWMOption interface{ applyEWM(*ewmConfig) }

// ewmConfig collects EWMMean's settings.
type ewmConfig struct {
	alpha       float64
	decays      []string // the decay options given, for messages
	adjust      bool
	minPeriods  int
	ignoreNulls bool
}

// AlphaOption is the option WithAlpha returns.
type AlphaOption float64

// WithAlpha sets EWMMean's smoothing factor directly, 0 < alpha <= 1.
func WithAlpha(alpha float64) AlphaOption { return AlphaOption(alpha) }

func (o AlphaOption) applyEWM(c *ewmConfig) {
	c.alpha = float64(o)
	if !(c.alpha > 0 && c.alpha <= 1) {
		c.alpha = math.NaN()
	}
	c.decays = append(c.decays, fmt.Sprintf("alpha=%v", float64(o)))
}

// ComOption is the option WithCom returns.
type ComOption float64

// WithCom sets EWMMean's decay by its center of mass, com >= 0:
// alpha = 1/(1+com).
func WithCom(com float64) ComOption { return ComOption(com) }

func (o ComOption) applyEWM(c *ewmConfig) {
	c.alpha = math.NaN()
	if o >= 0 {
		c.alpha = 1 / (1 + float64(o))
	}
	c.decays = append(c.decays, fmt.Sprintf("com=%v", float64(o)))
}

// SpanOption is the option WithSpan returns.
type SpanOption float64

// WithSpan sets EWMMean's decay by its span, span >= 1:
// alpha = 2/(span+1) (an N-day moving average's span is N).
func WithSpan(span float64) SpanOption { return SpanOption(span) }

func (o SpanOption) applyEWM(c *ewmConfig) {
	c.alpha = math.NaN()
	if o >= 1 {
		c.alpha = 2 / (float64(o) + 1)
	}
	c.decays = append(c.decays, fmt.Sprintf("span=%v", float64(o)))
}

// HalfLifeOption is the option WithHalfLife returns.
type HalfLifeOption float64

// WithHalfLife sets EWMMean's decay by its half-life in rows, > 0: the
// weight of a value halves every halfLife rows, alpha = 1 - exp(-ln 2 /
// halfLife).
func WithHalfLife(halfLife float64) HalfLifeOption { return HalfLifeOption(halfLife) }

func (o HalfLifeOption) applyEWM(c *ewmConfig) {
	c.alpha = math.NaN()
	if o > 0 {
		c.alpha = 1 - math.Exp(-math.Ln2/float64(o))
	}
	c.decays = append(c.decays, fmt.Sprintf("half_life=%v", float64(o)))
}

// AdjustOption is the option WithAdjust returns.
type AdjustOption bool

// WithAdjust divides EWMMean by the decaying sum of the weights when
// true (the default, as Polars and pandas): y_t = sum (1-alpha)^i x_{t-i}
// / sum (1-alpha)^i, which treats the first values fairly. False gives
// the recursive form y_t = (1-alpha) y_{t-1} + alpha x_t.
func WithAdjust(on bool) AdjustOption { return AdjustOption(on) }

func (o AdjustOption) applyEWM(c *ewmConfig) { c.adjust = bool(o) }

// IgnoreNullsOption is the option WithIgnoreNulls returns.
type IgnoreNullsOption bool

// WithIgnoreNulls, when true, weighs the values by their positions among
// the non-null values only; false (the default, as Polars) counts the
// null rows too, so a value after a gap of nulls weighs more against
// the ones before it.
func WithIgnoreNulls(on bool) IgnoreNullsOption { return IgnoreNullsOption(on) }

func (o IgnoreNullsOption) applyEWM(c *ewmConfig) { c.ignoreNulls = bool(o) }

func (o MinPeriodsOption) applyEWM(c *ewmConfig) { c.minPeriods = int(o) }

// EWMMean is the exponentially weighted moving average of each row and
// the rows before it, float64, as Polars' ewm_mean: a decay must be given
// (exactly one of WithAlpha, WithCom, WithSpan, WithHalfLife); WithAdjust
// (default true), WithMinPeriods (default 1: rows before the first
// min_periods non-null values are null) and WithIgnoreNulls (default
// false) as Polars. A null row gives null and leaves the average as it
// was; a NaN makes every later average NaN. It runs over the parts Over
// sets, in their order, in O(n).
//
//	df.WithColumns(frame.Col("price").EWMMean(frame.WithSpan(10)).Alias("ewm10"))
func (e Expr) EWMMean(opts ...EWMOption) Expr {
	const label = "ewm_mean"
	cfg := ewmConfig{adjust: true, minPeriods: 1}
	for _, o := range opts {
		if o != nil {
			o.applyEWM(&cfg)
		}
	}
	extra := append([]string(nil), cfg.decays...)
	if !cfg.adjust {
		extra = append(extra, "adjust=false")
	}
	if cfg.minPeriods != 1 {
		extra = append(extra, fmt.Sprintf("min_periods=%d", cfg.minPeriods))
	}
	if cfg.ignoreNulls {
		extra = append(extra, "ignore_nulls=true")
	}
	var err error
	switch {
	case len(cfg.decays) != 1:
		err = fmt.Errorf("%w: ewm_mean takes exactly one decay (WithAlpha, WithCom, WithSpan or WithHalfLife), got %d", ErrArgument, len(cfg.decays))
	case cfg.alpha != cfg.alpha:
		err = fmt.Errorf("%w: %s is out of range (alpha in (0, 1], com >= 0, span >= 1, half_life > 0)", ErrArgument, cfg.decays[0])
	case cfg.minPeriods < 0:
		err = fmt.Errorf("%w: min_periods %d is negative", ErrArgument, cfg.minPeriods)
	}
	if err != nil {
		return exprFailed(label, e, err)
	}
	return rollFn(label, []Expr{e}, strings.Join(extra, ", "), func(c *exprCtx, a []*exprVec) (*exprVec, error) {
		p := c.windowParts()
		g, err := p.gather(a[0], c.f.data.NumRows())
		if err != nil {
			return nil, err
		}
		n := g.n
		if g.t == exprNullT {
			return &exprVec{t: exprFloatT, n: n, loaded: true, floats: make([]float64, n), valid: exprBitsNone(n)}, nil
		}
		if (g.t != exprIntT && g.t != exprFloatT) || exprIsTemporal(g.dt) {
			return nil, fmt.Errorf("%w: cannot take the ewm_mean of %s", ErrType, g.typeName())
		}
		out, valid := ewmMean(exprFloatsOf(g), g.valid, p, cfg)
		return p.scatter(&exprVec{t: exprFloatT, n: n, loaded: true, floats: out, valid: valid})
	})
}

// ewmMean is Polars' recursion (polars-compute's ewm_mean), part by part.
func ewmMean(xs []float64, valid []byte, p *winParts, cfg ewmConfig) ([]float64, []byte) {
	n := len(xs)
	out := make([]float64, n)
	outValid := exprBitsAll(n)
	newWt := 1.0
	if !cfg.adjust {
		newWt = cfg.alpha
	}
	decay := 1 - cfg.alpha
	for k := range p.parts() {
		s, e := p.part(k)
		oldWt := 1.0
		avg, have := 0.0, false
		count := 0
		for i := s; i < e; i++ {
			ok := winIsValid(valid, i)
			x := xs[i]
			if ok {
				count++
			}
			switch {
			case !have:
				if ok {
					avg, have = x, true
				}
			case ok || !cfg.ignoreNulls:
				oldWt *= decay
				if ok {
					if avg != x {
						avg = (oldWt*avg + newWt*x) / (oldWt + newWt)
					}
					if cfg.adjust {
						oldWt += newWt
					} else {
						oldWt = 1
					}
				}
			}
			if !ok || count < cfg.minPeriods {
				outValid[i/8] &^= 1 << (i % 8)
				continue
			}
			out[i] = avg
		}
	}
	return out, outValid
}
