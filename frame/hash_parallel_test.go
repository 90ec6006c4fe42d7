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

// TestGrpSingleOffsetsMany: a string key whose first rows are mostly
// groups of their own has its table sized for the rest of the rows at
// that rate (grpTable.reserve) and gives the groups a map gives: ids in
// order of first appearance, nulls one group, whatever the rate turns
// out to be after the sample.
func TestGrpSingleOffsetsMany(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for _, tc := range []struct{ n, early, late int }{
		{5 * grpManySample, 1 << 30, 1 << 30}, // all distinct
		{6 * grpManySample, 1 << 30, 10},      // distinct, then a few keys
		{4 * grpManySample, 3000, 1 << 30},    // half distinct, then all
		{4*grpManySample - 1, 1 << 30, 1 << 30},
	} {
		var data []byte
		offs := []int32{0}
		valid := make([]byte, (tc.n+7)/8)
		want := make([]int32, tc.n)
		seen := map[string]int32{}
		nullID := int32(-1)
		var first []int32
		for i := range tc.n {
			card := tc.early
			if i >= grpManySample {
				card = tc.late
			}
			k := fmt.Sprintf("t%d", r.IntN(card))
			null := r.IntN(50) == 0
			if !null {
				data = append(data, k...)
				bitutil.SetBit(valid, i)
			}
			offs = append(offs, int32(len(data)))
			switch id, ok := seen[k]; {
			case null && nullID < 0:
				nullID = int32(len(first))
				first = append(first, int32(i))
				want[i] = nullID
			case null:
				want[i] = nullID
			case ok:
				want[i] = id
			default:
				seen[k] = int32(len(first))
				want[i] = int32(len(first))
				first = append(first, int32(i))
			}
		}
		got := grpSingleOffsets(offs, data, valid)
		if got.n != len(first) || !slices.Equal(got.ids, want) || !slices.Equal(got.first, first) {
			t.Errorf("%+v: %d groups, want %d; ids equal %v", tc, got.n, len(first), slices.Equal(got.ids, want))
		}
	}
}

// TestGrpSingleOffsetsShortKeys: keys of fewer than 16 bytes are hashed
// and compared as two words (grpShortKey); the groups are a map's all the
// same, for keys that differ only in length or in NUL bytes, keys of 15
// and 16 bytes whose words would agree but for the length, the empty key,
// and keys in the last 16 bytes of the data (compared as strings).
func TestGrpSingleOffsetsShortKeys(t *testing.T) {
	base := []string{"", "\x00", "\x00\x00", "a", "a\x00", "abcdefgh", "abcdefgh\x00", "abcdefghi",
		"abcdefghijklmno", "abcdefghijklmno\x0f", "abcdefghijklmno\x00", "abcdefghijklmnop", "city37 BA", "City37 BA"}
	r := rand.New(rand.NewPCG(6, 6))
	for trial := range 20 {
		n := 1 + r.IntN(500)
		var data []byte
		offs := []int32{0}
		keys := make([]string, n)
		for i := range n {
			keys[i] = base[r.IntN(len(base))]
			data = append(data, keys[i]...)
			offs = append(offs, int32(len(data)))
		}
		g := grpSingleOffsets(offs, data, nil)
		ids := map[string]int32{}
		for i, k := range keys {
			id, ok := ids[k]
			if !ok {
				id = int32(len(ids))
				ids[k] = id
			}
			if g.ids[i] != id {
				t.Fatalf("trial %d: row %d (%q) in group %d, want %d", trial, i, k, g.ids[i], id)
			}
		}
		if g.n != len(ids) {
			t.Fatalf("trial %d: %d groups, want %d", trial, g.n, len(ids))
		}
	}
}
