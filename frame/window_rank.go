package frame

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
)

// RankMethod says how Rank ranks tied values (Polars' method of rank).
type RankMethod uint8

const (
	// RankAverage gives ties the mean of the ranks they span, as float64
	// (2 and 3 make 2.5). The Polars default.
	RankAverage RankMethod = iota
	// RankMin gives ties the least rank they span (SQL's rank()).
	RankMin
	// RankMax gives ties the greatest rank they span.
	RankMax
	// RankDense gives ties one rank and the next value the next rank, no
	// gap (SQL's dense_rank()).
	RankDense
	// RankOrdinal gives every value its own rank, ties in row order (in
	// Over's order within a group).
	RankOrdinal
	// RankRandom gives every value its own rank, ties in a random order
	// (repeatable with WithSeed).
	RankRandom
)

// String is the method's name in Polars: average, min, max, dense,
// ordinal, random.
func (m RankMethod) String() string {
	switch m {
	case RankAverage:
		return "average"
	case RankMin:
		return "min"
	case RankMax:
		return "max"
	case RankDense:
		return "dense"
	case RankOrdinal:
		return "ordinal"
	case RankRandom:
		return "random"
	}
	return fmt.Sprintf("RankMethod(%d)", uint8(m))
}

// RankOption changes Rank: WithDescending, WithSeed.
type RankOption interface{ applyRank(*rankConfig) }

type rankConfig struct {
	desc    bool
	seed    uint64
	seedSet bool
}

func (d DescendingOption) applyRank(c *rankConfig) { c.desc = bool(d) }
func (s SeedOption) applyRank(c *rankConfig)       { c.seed, c.seedSet = uint64(s), true }

// Rank ranks the values from 1, the least first (the greatest with
// WithDescending(true)), over the frame or within each group of Over,
// ties ranked by method: RankAverage gives float64, the others int64.
// A null value has a null rank and takes no rank from the others
// (Polars); NaN ranks above every number, -0 ties with +0. Numbers,
// strings (bytewise), bools and temporal values rank.
func (e Expr) Rank(method RankMethod, opts ...RankOption) Expr {
	var cfg rankConfig
	for _, o := range opts {
		if o != nil {
			o.applyRank(&cfg)
		}
	}
	var extra strings.Builder
	extra.WriteString("method=" + method.String())
	if cfg.desc {
		extra.WriteString(", descending=true")
	}
	if cfg.seedSet {
		fmt.Fprintf(&extra, ", seed=%d", cfg.seed)
	}
	return winFn("rank", []Expr{e}, extra.String(), func(c *exprCtx, a []*exprVec) (*exprVec, error) {
		if method > RankRandom {
			return nil, fmt.Errorf("%w: unknown rank method %d", ErrArgument, method)
		}
		return winRank(c, a[0], method, cfg)
	})
}

func winRank(c *exprCtx, v *exprVec, method RankMethod, cfg rankConfig) (*exprVec, error) {
	nrows := c.f.data.NumRows()
	if v.t == exprOtherT {
		return nil, fmt.Errorf("%w: cannot rank %s", ErrType, v.typeName())
	}
	p := c.windowParts()
	g, err := p.gather(v, nrows)
	if err != nil {
		return nil, err
	}
	out := &exprVec{n: nrows, loaded: true, valid: g.valid}
	if method == RankAverage {
		out.t, out.floats = exprFloatT, make([]float64, nrows)
	} else {
		out.t, out.ints = exprIntT, make([]int64, nrows)
	}
	if g.t == exprNullT {
		out.valid = exprBitsNone(nrows)
		return out, nil
	}
	var rng *rand.Rand
	if method == RankRandom {
		seed := cfg.seed
		if !cfg.seedSet {
			seed = rand.Uint64()
		}
		rng = rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	}
	r := &winRanker{out: out, method: method, desc: cfg.desc, rng: rng}
	if g.t == exprStrT {
		r.idx = make([]int32, 0, nrows)
		winRankParts(r, p, g.strs, g.valid, strings.Compare)
	} else {
		winRankKeyed(r, p, winRankKeys(g), g.valid)
	}
	return p.scatter(out)
}

// winRankKeys is the values of a number, bool or temporal vector as
// uint64s in the same order: NaN above +Inf, -0 equal to +0.
func winRankKeys(g *exprVec) []uint64 {
	keys := make([]uint64, g.n)
	switch g.t {
	case exprIntT:
		for i, x := range g.ints {
			keys[i] = uint64(x) ^ 1<<63
		}
	case exprFloatT:
		for i, x := range g.floats {
			if x != x {
				x = math.NaN()
			} else if x == 0 {
				x = 0
			}
			b := math.Float64bits(x)
			if b>>63 != 0 {
				b = ^b
			} else {
				b |= 1 << 63
			}
			keys[i] = b
		}
	case exprBoolT:
		for i, x := range g.bools {
			if x {
				keys[i] = 1
			}
		}
	}
	return keys
}

// winRanker ranks the parts of a gathered vector into out, reusing one
// scratch of positions for every part.
type winRanker struct {
	out    *exprVec
	method RankMethod
	desc   bool
	rng    *rand.Rand
	idx    []int32
}

// winRankParts ranks each part: its valid positions sorted by key (ties
// by position, so that ordinal keeps the part's order), then each run of
// ties given its ranks.
func winRankParts[K any](r *winRanker, p *winParts, keys []K, valid []byte, compare func(a, b K) int) {
	for k := 0; k < p.parts(); k++ {
		s, e := p.part(k)
		idx := r.idx[:0]
		for i := s; i < e; i++ {
			if valid == nil || bitutil.BitIsSet(valid, i) {
				idx = append(idx, int32(i))
			}
		}
		slices.SortFunc(idx, func(a, b int32) int {
			c := compare(keys[a], keys[b])
			if r.desc {
				c = -c
			}
			if c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		r.walk(idx, func(a, b int32) bool { return compare(keys[a], keys[b]) == 0 })
	}
}

// winRankKeyed ranks the parts by number keys: each part's valid
// positions, paired with their keys in one scratch buffer, are sorted
// by key then position (so ties keep the part's order) while the part
// is in cache: no allocation per part, no sort of the whole frame.
func winRankKeyed(r *winRanker, p *winParts, keys []uint64, valid []byte) {
	var flip uint64
	if r.desc {
		flip = ^uint64(0)
	}
	pairs := make([]winKeyPos, 0, len(keys))
	sorted := make([]int32, 0, len(keys))
	eq := func(a, b int32) bool { return keys[a] == keys[b] }
	for k := 0; k < p.parts(); k++ {
		s, e := p.part(k)
		pairs = pairs[:0]
		for i := s; i < e; i++ {
			if valid == nil || bitutil.BitIsSet(valid, i) {
				pairs = append(pairs, winKeyPos{keys[i] ^ flip, int32(i)})
			}
		}
		slices.SortFunc(pairs, winKeyPosCmp)
		sorted = sorted[:len(pairs)]
		for j, kp := range pairs {
			sorted[j] = kp.pos
		}
		r.walk(sorted, eq)
	}
}

// winKeyPos is a position and its sort key.
type winKeyPos struct {
	key uint64
	pos int32
}

func winKeyPosCmp(a, b winKeyPos) int {
	switch {
	case a.key < b.key:
		return -1
	case a.key > b.key:
		return 1
	}
	return cmp.Compare(a.pos, b.pos)
}

// walk ranks one part's valid positions, sorted: each run of ties takes
// its ranks.
func (r *winRanker) walk(idx []int32, eq func(a, b int32) bool) {
	dense := int64(0)
	for lo := 0; lo < len(idx); {
		hi := lo + 1
		for hi < len(idx) && eq(idx[hi], idx[lo]) {
			hi++
		}
		dense++
		r.assign(idx[lo:hi], lo, dense)
		lo = hi
	}
}

// assign ranks one run of ties, the positions run, which take ranks
// lo+1 to lo+len(run).
func (r *winRanker) assign(run []int32, lo int, dense int64) {
	hi := lo + len(run)
	switch r.method {
	case RankAverage:
		avg := float64(lo+1+hi) / 2
		for _, i := range run {
			r.out.floats[i] = avg
		}
	case RankMin:
		for _, i := range run {
			r.out.ints[i] = int64(lo + 1)
		}
	case RankMax:
		for _, i := range run {
			r.out.ints[i] = int64(hi)
		}
	case RankDense:
		for _, i := range run {
			r.out.ints[i] = dense
		}
	case RankOrdinal:
		for k, i := range run {
			r.out.ints[i] = int64(lo + 1 + k)
		}
	case RankRandom:
		if len(run) > 1 {
			r.rng.Shuffle(len(run), func(a, b int) { run[a], run[b] = run[b], run[a] })
		}
		for k, i := range run {
			r.out.ints[i] = int64(lo + 1 + k)
		}
	}
}
