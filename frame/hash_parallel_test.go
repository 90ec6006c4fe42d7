package frame

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
)

// TestGrpSplitOffsets: grouping strings in parts on several cores gives
// the ids and first rows of one pass, over row counts that are not
// multiples of 8, nulls, few and many groups, and offsets not from 0.
func TestGrpSplitOffsets(t *testing.T) {
	defer func(n int) { grpParallelRows = n }(grpParallelRows)
	grpParallelRows = 16
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(5))
	r := rand.New(rand.NewPCG(5, 5))
	for trial := range 60 {
		n := 17 + r.IntN(3000)
		card := []int{1, 3, 50, n}[trial%4]
		var data []byte
		offs := []int64{int64(r.IntN(5))} // a slice of a larger array: offsets not from 0
		data = append(data, make([]byte, offs[0])...)
		var valid []byte
		if trial%3 == 0 {
			valid = make([]byte, (n+7)/8)
		}
		for i := range n {
			data = append(data, fmt.Sprintf("k%d", r.IntN(card))...)
			offs = append(offs, int64(len(data)))
			if valid != nil && r.IntN(7) > 0 {
				bitutil.SetBit(valid, i)
			}
		}
		data = data[offs[0]:] // (as exprStrBytes gives it: from the first offset's byte)
		want := grpSingleOffsets(offs, data, valid)
		got := grpSplitOffsets(offs, data, valid)
		if got.n != want.n || !slices.Equal(got.ids, want.ids) || !slices.Equal(got.first, want.first) {
			t.Fatalf("trial %d (%d rows, %d keys, nulls %v): %d groups, want %d; ids equal %v, first equal %v",
				trial, n, card, valid != nil, got.n, want.n, slices.Equal(got.ids, want.ids), slices.Equal(got.first, want.first))
		}
		// int32 offsets too.
		o32 := make([]int32, len(offs))
		for i, o := range offs {
			o32[i] = int32(o)
		}
		if g := grpSplitOffsets(o32, data, valid); !slices.Equal(g.ids, want.ids) || !slices.Equal(g.first, want.first) {
			t.Fatalf("trial %d: int32 offsets differ", trial)
		}
	}
}
