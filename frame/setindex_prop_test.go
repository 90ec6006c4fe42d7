package frame

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/structframe/structframe/index"
)

// idxRandomFrame makes a frame of n rows with a few repeating columns of
// int64, string and timestamp labels (with nulls), a float column and a
// list column.
func idxRandomFrame(t *testing.T, rng *rand.Rand, n int) *Frame {
	t.Helper()
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	names := []string{"i", "s", "ts", "x", "tags"}
	cols := make([][]any, len(names))
	for r := 0; r < n; r++ {
		null := func() bool { return rng.IntN(7) == 0 }
		var i, s, ts, x any = int64(rng.IntN(3)), string(rune('a' + rng.IntN(3))), base.Add(time.Duration(rng.IntN(3)) * time.Hour), rng.Float64()
		if null() {
			i = nil
		}
		if null() {
			s = nil
		}
		if null() {
			ts = nil
		}
		tags := make([]any, rng.IntN(3))
		for j := range tags {
			tags[j] = int64(j)
		}
		for c, v := range []any{i, s, ts, x, tags} {
			cols[c] = append(cols[c], v)
		}
	}
	args := make([]any, len(cols))
	for c := range cols {
		args[c] = cols[c]
		if n == 0 {
			args[c] = []int64{}
		}
	}
	f := FromColumns(names, args...)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestSetIndexProperties: on random frames, SetIndex of leading columns
// then ResetIndex is the identity, Tensor then FromTensor is the identity,
// and Loc by the labels of a random row gives the rows a scan of ToValue
// finds; on frames built every way (randWays).
func TestSetIndexProperties(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) { setIndexProperties(t, w) })
	}
}

func setIndexProperties(t *testing.T, w randWay) {
	rng := rand.New(rand.NewPCG(11, 12+uint64(w)))
	for iter := range 40 {
		f := randBuild(t, rng, idxRandomFrame(t, rng, rng.IntN(12)), w)
		if f.NumRows() == 0 {
			continue
		}
		depth := 1 + rng.IntN(3)
		keys := f.Columns()[:depth]
		g := f.SetIndex(keys...)
		if err := g.Err(); err != nil {
			t.Fatalf("iter %d: SetIndex(%v): %v", iter, keys, err)
		}
		idxSameFrame(t, g.ResetIndex(), f)
		tt, err := g.Tensor()
		if err != nil {
			t.Fatalf("iter %d: Tensor: %v", iter, err)
		}
		idxSameFrame(t, FromTensor(tt), g)

		rows := f.data.ToValue().([]any)
		probe := rows[rng.IntN(len(rows))].(map[string]any)
		prefix := 1 + rng.IntN(depth)
		lookup := make([]any, prefix)
		for k := range lookup {
			lookup[k] = probe[keys[k]]
			if iter%2 == 1 {
				lookup[k] = randNormalize(lookup[k]) // an int64 label for an int32 level
			}
		}
		var want []any
		for _, r := range rows {
			m := r.(map[string]any)
			match := true
			for k := range lookup {
				match = match && reflect.DeepEqual(randNormalize(m[keys[k]]), randNormalize(lookup[k]))
			}
			if match {
				want = append(want, m["x"])
			}
		}
		got := g.Loc(lookup...)
		if err := got.Err(); err != nil {
			t.Fatalf("iter %d: Loc(%v): %v", iter, lookup, err)
		}
		if xs := idxColumnValues(t, got, "x"); !reflect.DeepEqual(xs, want) {
			t.Fatalf("iter %d: Loc(%v) x = %v, want %v", iter, lookup, xs, want)
		}
		if got.Index().NumRows() != len(want) || got.Index().NumLevels() != depth {
			t.Fatalf("iter %d: index %s", iter, got.Index())
		}
		if _, ok := got.Index().(index.Range); ok {
			t.Fatalf("iter %d: Loc lost the index", iter)
		}
	}
}
