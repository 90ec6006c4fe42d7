package frame

import (
	"encoding/binary"
	"math/rand/v2"
	"reflect"
	"testing"
)

// FuzzFilter draws a random frame and a random predicate (comparisons,
// arithmetic, list lengths, null tests under And, Or and Not) from the
// fuzzer's seeds, built the way (randWays) s2 picks, and checks Filter
// against the naive per-row evaluation.
func FuzzFilter(f *testing.F) {
	f.Add(uint64(1), uint64(2), uint8(10))
	f.Add(uint64(7), uint64(0), uint8(0))
	f.Fuzz(func(t *testing.T, s1, s2 uint64, rows uint8) {
		var b [32]byte
		binary.LittleEndian.PutUint64(b[:8], s1)
		binary.LittleEndian.PutUint64(b[8:], s2)
		r := rand.New(rand.NewChaCha8(b))
		fr := randBuild(t, r, grpRandFrame(r, int(rows%64)), randWay(s2%uint64(numRandWays)))
		pred, naive := exprRandPred(r, 4)
		g := fr.Filter(pred)
		if err := g.Err(); err != nil {
			t.Fatalf("Filter(%s): %v", pred, err)
		}
		all := randRows(t, fr)
		want := []any{}
		for _, row := range all {
			if naive(row.(map[string]any)) == true {
				want = append(want, row)
			}
		}
		got := randRows(t, g)
		if got == nil {
			got = []any{}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Filter(%s):\n got  %v\n want %v", pred, got, want)
		}
	})
}
