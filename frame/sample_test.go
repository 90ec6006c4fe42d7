package frame

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

// sampleFrame has an id, a label index and a nested column to carry.
func sampleFrame(t *testing.T, n int) *Frame {
	t.Helper()
	ids := make([]int64, n)
	tags := make([]any, n)
	for i := range ids {
		ids[i] = int64(i)
		tags[i] = []any{map[string]any{"k": int64(i)}}
	}
	f := FromColumns([]string{"id", "tags"}, ids, tags)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func sampleIDs(t *testing.T, f *Frame) []int64 {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	var out []int64
	for _, v := range sortColumn(t, f, "id") {
		out = append(out, v.(int64))
	}
	return out
}

func TestSample(t *testing.T) {
	f := sampleFrame(t, 8)
	// The fraction is truncated toward zero, as Polars' sample(fraction)
	// (checked with nodejs-polars: 0.1, 0.15, 0.99 of 8 rows give 0, 1, 7).
	for _, tc := range []struct {
		frac float64
		n    int
	}{{0.1, 0}, {0.15, 1}, {0.19, 1}, {0.5, 4}, {0.99, 7}, {1, 8}, {0, 0}} {
		if got := f.SampleFraction(tc.frac, WithSeed(1)).NumRows(); got != tc.n {
			t.Errorf("fraction %v: %d rows, want %d", tc.frac, got, tc.n)
		}
	}
	// Seeded draws repeat; the rows keep their order, each row once.
	for _, n := range []int{0, 1, 2, 5, 8} {
		a := sampleIDs(t, f.Sample(n, WithSeed(7)))
		b := sampleIDs(t, f.Sample(n, WithSeed(7)))
		if !reflect.DeepEqual(a, b) {
			t.Errorf("n=%d: seed 7 gave %v then %v", n, a, b)
		}
		if len(a) != n || !slices.IsSorted(a) || len(slices.Compact(slices.Clone(a))) != n {
			t.Errorf("n=%d: %v is not %d distinct rows in order", n, a, n)
		}
	}
	// Shuffled: a permutation, repeatable, not always in order.
	sorted := 0
	for seed := range uint64(20) {
		a := sampleIDs(t, f.Shuffle(WithSeed(seed)))
		b := slices.Sorted(slices.Values(a))
		if !reflect.DeepEqual(b, []int64{0, 1, 2, 3, 4, 5, 6, 7}) {
			t.Fatalf("shuffle: %v is not a permutation", a)
		}
		if slices.IsSorted(a) {
			sorted++
		}
		if c := sampleIDs(t, f.Shuffle(WithSeed(seed))); !reflect.DeepEqual(a, c) {
			t.Errorf("shuffle seed %d: %v then %v", seed, a, c)
		}
	}
	if sorted > 1 {
		t.Errorf("%d of 20 shuffles kept the order", sorted)
	}
	// With replacement: more rows than the frame, repeats.
	r := sampleIDs(t, f.Sample(20, WithReplacement(true), WithSeed(3)))
	if len(r) != 20 || !slices.IsSorted(r) {
		t.Errorf("with replacement: %v", r)
	}
	if n := f.SampleFraction(2.5, WithReplacement(true), WithSeed(3)).NumRows(); n != 20 {
		t.Errorf("fraction 2.5 with replacement: %d rows", n)
	}
	// Rows and labels travel together; nested columns come along.
	g := f.SetIndex("id").Sample(3, WithSeed(11), WithShuffle(true))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	ids := sampleIDs(t, g.ResetIndex())
	tags := sortColumn(t, g, "tags")
	for i, id := range ids {
		if want := []any{map[string]any{"k": id}}; !reflect.DeepEqual(tags[i], want) {
			t.Errorf("row %d: label %v, tags %v", i, id, tags[i])
		}
	}
	// Errors.
	for name, h := range map[string]*Frame{
		"n > rows":     f.Sample(9),
		"negative":     f.Sample(-1),
		"fraction > 1": f.SampleFraction(1.5),
		"fraction < 0": f.SampleFraction(-0.1),
		"empty, n > 0": f.Head(0).Sample(1, WithReplacement(true)),
	} {
		if err := h.Err(); !errors.Is(err, ErrArgument) {
			t.Errorf("%s: %v, want ErrArgument", name, err)
		}
	}
	if g := f.Head(0).Sample(0); g.Err() != nil || g.NumRows() != 0 {
		t.Errorf("empty: %v", g.Err())
	}
}

// TestSampleUniform checks that every row is drawn about as often as any
// other, by both algorithms (Floyd's for few rows, the permutation for
// many), and with replacement.
func TestSampleUniform(t *testing.T) {
	f := sampleFrame(t, 10)
	for _, n := range []int{2, 6} {
		for _, replace := range []bool{false, true} {
			counts := make([]int, 10)
			const draws = 3000
			for seed := range uint64(draws) {
				for _, id := range sampleIDs(t, f.Sample(n, WithSeed(seed), WithReplacement(replace))) {
					counts[id]++
				}
			}
			want := draws * n / 10
			for id, c := range counts {
				if c < want*85/100 || c > want*115/100 {
					t.Errorf("n=%d replace=%v: row %d drawn %d times, want about %d", n, replace, id, c, want)
				}
			}
		}
	}
}
