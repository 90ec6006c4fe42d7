package frame

import (
	"math"
	"math/rand/v2"
	"slices"
)

// SampleOption is an option of Sample, SampleFraction and Shuffle:
// WithReplacement, WithShuffle, WithSeed.
type SampleOption interface{ applySample(*sampleConfig) }

type sampleConfig struct {
	replace, shuffle bool
	seed             uint64
	seeded           bool
}

// ReplacementOption is the option WithReplacement returns.
type ReplacementOption bool

// WithReplacement(true) draws each row of a sample independently of the
// others, so a row may come more than once and a sample may be larger
// than the frame (Polars' with_replacement); by default (false) each row
// comes at most once.
func WithReplacement(on bool) ReplacementOption { return ReplacementOption(on) }

func (o ReplacementOption) applySample(c *sampleConfig) { c.replace = bool(o) }

// ShuffleOption is the option WithShuffle returns.
type ShuffleOption bool

// WithShuffle(true) returns a sample's rows in random order; by default
// (false) they keep the order they have in the frame (Polars leaves that
// order unspecified; here it is the frame's).
func WithShuffle(on bool) ShuffleOption { return ShuffleOption(on) }

func (o ShuffleOption) applySample(c *sampleConfig) { c.shuffle = bool(o) }

func (o SeedOption) applySample(c *sampleConfig) { c.seed, c.seeded = uint64(o), true }

// sampleOptions reads the options of Sample.
func sampleOptions(opts []SampleOption) sampleConfig {
	var c sampleConfig
	for _, o := range opts {
		if o != nil {
			o.applySample(&c)
		}
	}
	return c
}

// rng is the random source of a sample: seeded by WithSeed, else by the
// runtime's own random source.
func (c sampleConfig) rng() *rand.Rand {
	seed := c.seed
	if !c.seeded {
		seed = rand.Uint64()
	}
	return rand.New(rand.NewPCG(seed, 0x5851f42d4c957f2d))
}

// Sample returns n rows drawn at random (Polars' sample(n)), each row at
// most once unless WithReplacement(true); more rows than the frame has
// without replacement is an ErrArgument error, as a negative n. The rows
// keep the frame's order unless WithShuffle(true); WithSeed makes the draw
// repeatable (the same seed, frame and options give the same rows). Index
// labels follow their rows.
//
// Cost: O(n) draws and one Take; without replacement a draw of few rows
// from many keeps a set of the rows drawn (Floyd's algorithm), a larger
// one a permutation of the frame's row numbers.
func (f *Frame) Sample(n int, opts ...SampleOption) *Frame {
	const op = "Sample"
	if f.Err() != nil {
		return f
	}
	return f.sample(op, n, sampleOptions(opts))
}

// SampleFraction is Sample of a fraction of the rows: n is the number of
// rows times fraction, truncated toward zero as Polars' sample(fraction)
// (0.25 of 10 rows is 2 rows). A negative fraction, or one above 1
// without replacement, is an ErrArgument error.
func (f *Frame) SampleFraction(fraction float64, opts ...SampleOption) *Frame {
	const op = "SampleFraction"
	if f.Err() != nil {
		return f
	}
	c := sampleOptions(opts)
	if math.IsNaN(fraction) || fraction < 0 || (fraction > 1 && !c.replace) {
		return failed(errorf(op, ErrArgument, "fraction %v; it must be in [0, 1] (above 1 only WithReplacement(true))", fraction))
	}
	return f.sample(op, int(float64(f.data.NumRows())*fraction), c)
}

// Shuffle returns every row once, in random order: SampleFraction(1,
// WithShuffle(true)). WithSeed makes the order repeatable.
func (f *Frame) Shuffle(opts ...SampleOption) *Frame {
	const op = "Shuffle"
	if f.Err() != nil {
		return f
	}
	c := sampleOptions(opts)
	c.replace, c.shuffle = false, true
	return f.sample(op, f.data.NumRows(), c)
}

// sample draws n of the frame's rows as c says.
func (f *Frame) sample(op string, n int, c sampleConfig) *Frame {
	rows := f.data.NumRows()
	switch {
	case n < 0:
		return failed(errorf(op, ErrArgument, "n = %d; it must be at least 0", n))
	case n > rows && !c.replace:
		return failed(errorf(op, ErrArgument, "cannot take %d rows from %d without replacement (WithReplacement(true) allows it)", n, rows))
	case n > 0 && rows == 0:
		return failed(errorf(op, ErrArgument, "cannot draw %d rows from an empty frame", n))
	}
	rng := c.rng()
	var idx []int
	switch {
	case c.replace:
		idx = make([]int, n)
		for i := range idx {
			idx[i] = rng.IntN(rows)
		}
		if !c.shuffle {
			slices.Sort(idx)
		}
	case n*4 < rows:
		idx = sampleFloyd(rng, rows, n)
		if c.shuffle {
			rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
		} else {
			slices.Sort(idx)
		}
	default:
		// A partial Fisher-Yates shuffle of the row numbers: its first n
		// are a uniform sample in uniform order.
		perm := make([]int, rows)
		for i := range perm {
			perm[i] = i
		}
		for i := range n {
			j := i + rng.IntN(rows-i)
			perm[i], perm[j] = perm[j], perm[i]
		}
		idx = perm[:n]
		if !c.shuffle {
			slices.Sort(idx)
		}
	}
	return f.take(op, idx)
}

// sampleFloyd draws n distinct numbers of [0, rows) with Floyd's
// algorithm: n draws and a set of n, whatever rows is.
func sampleFloyd(rng *rand.Rand, rows, n int) []int {
	seen := make(map[int]struct{}, n)
	out := make([]int, 0, n)
	for j := rows - n; j < rows; j++ {
		t := rng.IntN(j + 1)
		if _, ok := seen[t]; ok {
			t = j
		}
		seen[t] = struct{}{}
		out = append(out, t)
	}
	return out
}
