package frame

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
)

// CorrMethod is the correlation coefficient Corr computes.
type CorrMethod uint8

const (
	// CorrPearson is Pearson's product-moment correlation (Polars'
	// default, DuckDB's corr).
	CorrPearson CorrMethod = iota
	// CorrSpearman is Spearman's rank correlation: Pearson's over the
	// ranks of each input, ties given their average rank.
	CorrSpearman
)

// String names the method as Polars does ("pearson", "spearman").
func (m CorrMethod) String() string {
	if m == CorrSpearman {
		return "spearman"
	}
	return "pearson"
}

// Corr is the correlation of two numeric expressions, as Polars' pl.corr:
// an aggregation (per group in GroupBy.Agg) over the rows where both are
// non-null, as float64. Null for fewer than two such rows or when either
// input does not vary (the text form's corr, DuckDB's, gives NaN there).
// NaN makes Pearson's NaN; Spearman's ranks it above every number.
func Corr(a, b Expr, method CorrMethod) Expr {
	return Expr{n: exprCorr{a: a, b: b, method: method}}
}

// Cov is the covariance of two numeric expressions over the rows where
// both are non-null, as Polars' pl.cov: the sum of the products of the
// deviations from the means divided by n - ddof (ddof 1, the sample
// covariance, unless WithDdof says); null when there are no more such
// rows than ddof.
func Cov(a, b Expr, opts ...CovOption) Expr {
	args := aggDefaults(aggVar)
	for _, o := range opts {
		o.applyCov(&args)
	}
	return Expr{n: exprCorr{a: a, b: b, cov: true, ddof: args.ddof}}
}

// exprCorr is Corr or Cov, an aggregation of two inputs reduced per group
// of c.groupIDs (so Over makes it per window as any aggregation).
type exprCorr struct {
	a, b   Expr
	cov    bool
	method CorrMethod
	ddof   int
	sql    bool // DuckDB's corr: NaN, not null, for one row or no variation
}

func (n exprCorr) outName() string {
	if n.a.n == nil {
		return ""
	}
	return n.a.n.outName()
}
func (n exprCorr) hasAgg() bool { return true }
func (n exprCorr) String() string {
	if n.cov {
		return fmt.Sprintf("cov(%s, %s, ddof=%d)", n.a, n.b, n.ddof)
	}
	return fmt.Sprintf("corr(%s, %s, %s)", n.a, n.b, n.method)
}

func (n exprCorr) eval(c *exprCtx) (*exprVec, error) {
	if c.agg {
		return nil, errorf(c.op, ErrArgument, "%s: an aggregation inside an aggregation", n)
	}
	if n.ddof < 0 {
		return nil, errorf(c.op, ErrArgument, "%s: ddof %d is negative", n, n.ddof)
	}
	rc := *c
	rc.rows, rc.agg = true, true
	nrows := c.f.data.NumRows()
	var xs [2][]float64
	var valid []byte
	for k, e := range []Expr{n.a, n.b} {
		v, err := e.evalLoaded(&rc)
		if err != nil {
			return nil, err
		}
		if v.t != exprNullT && (v.t != exprIntT && v.t != exprFloatT || exprIsTemporal(v.dt)) {
			return nil, errorf(c.op, ErrType, "%s: %s is %s, not a number", n, e, v.typeName())
		}
		fs := make([]float64, nrows)
		switch {
		case v.t == exprNullT:
			valid = exprBitsNone(nrows)
		case v.scalar:
			x := exprFloatsOf(v)[0]
			for i := range fs {
				fs[i] = x
			}
			if v.isNull(0) {
				valid = exprBitsNone(nrows)
			}
		default:
			fs = exprFloatsOf(v)
			valid = exprValidAnd(&exprVec{n: nrows, valid: valid}, v, nrows)
		}
		xs[k] = fs
	}
	ids, ng := c.groupIDs()
	x, y := xs[0], xs[1]
	if !n.cov && n.method == CorrSpearman {
		x, y = corrRanks(x, valid, ids, ng), corrRanks(y, valid, ids, ng)
	}
	out := n.reduce(x, y, valid, ids, ng)
	return c.aggResult(out) // one value per group, or per row under Over
}

// reduce computes the covariance or Pearson's correlation of each group
// in two passes: the means, then the sums of the products of deviations.
func (n exprCorr) reduce(x, y []float64, valid []byte, ids []int32, ng int) *exprVec {
	counts := aggCounts(valid, ids, ng)
	mx, my := aggSumOf(x, valid, ids, ng), aggSumOf(y, valid, ids, ng)
	for g, c := range counts {
		if c > 0 {
			mx[g] /= float64(c)
			my[g] /= float64(c)
		}
	}
	sums := make([]float64, 3*ng)
	sxy, sxx, syy := sums[:ng], sums[ng:2*ng], sums[2*ng:]
	for i, g := range ids {
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			continue
		}
		dx, dy := x[i]-mx[g], y[i]-my[g]
		sxy[g] += dx * dy
		sxx[g] += dx * dx
		syy[g] += dy * dy
	}
	out := &exprVec{t: exprFloatT, n: ng, loaded: true, floats: make([]float64, ng)}
	null := func(g int) {
		if out.valid == nil {
			out.valid = exprBitsAll(ng)
		}
		bitutil.ClearBit(out.valid, g)
	}
	for g, c := range counts {
		switch {
		case n.cov:
			if c <= int64(n.ddof) {
				null(g)
				continue
			}
			out.floats[g] = sxy[g] / float64(c-int64(n.ddof))
		case n.sql:
			if c == 0 {
				null(g)
				continue
			}
			out.floats[g] = sxy[g] / math.Sqrt(sxx[g]*syy[g])
		default:
			if c < 2 || sxx[g] == 0 || syy[g] == 0 {
				null(g)
				continue
			}
			out.floats[g] = sxy[g] / math.Sqrt(sxx[g]*syy[g])
		}
	}
	return out
}

// corrRanks ranks the valid values of each group (1-based, ties given
// their average rank, NaN above every number): each group's valid rows
// sorted once, in one buffer for all groups.
func corrRanks(x []float64, valid []byte, ids []int32, ng int) []float64 {
	starts := make([]int, ng+1)
	for i, g := range ids {
		if valid == nil || bitutil.BitIsSet(valid, i) {
			starts[g+1]++
		}
	}
	for g := range ng {
		starts[g+1] += starts[g]
	}
	rows := make([]int32, starts[ng])
	at := slices.Clone(starts[:ng])
	for i, g := range ids {
		if valid == nil || bitutil.BitIsSet(valid, i) {
			rows[at[g]] = int32(i)
			at[g]++
		}
	}
	byValue := func(i, j int32) int {
		a, b := x[i], x[j]
		switch an, bn := a != a, b != b; {
		case an || bn:
			return cmp.Compare(btoi(an), btoi(bn))
		}
		return cmp.Compare(a, b)
	}
	ranks := make([]float64, len(x))
	for g := range ng {
		part := rows[starts[g]:starts[g+1]]
		slices.SortFunc(part, byValue)
		for k := 0; k < len(part); {
			e := k + 1
			for e < len(part) && byValue(part[k], part[e]) == 0 {
				e++
			}
			r := float64(k+e+1) / 2 // the average of ranks k+1 .. e
			for _, i := range part[k:e] {
				ranks[i] = r
			}
			k = e
		}
	}
	return ranks
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
