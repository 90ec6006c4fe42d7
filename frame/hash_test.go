package frame

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/structframe/structframe/structured"
)

// grpNaiveIDs numbers keys in first-seen order with a map.
func grpNaiveIDs[K comparable](keys []K) []int32 {
	seen := map[K]int32{}
	out := make([]int32, len(keys))
	for i, k := range keys {
		id, ok := seen[k]
		if !ok {
			id = int32(len(seen))
			seen[k] = id
		}
		out[i] = id
	}
	return out
}

// TestGrpBuildCollisions gives every row the same hash: only the key
// comparison can tell groups apart, and it must.
func TestGrpBuildCollisions(t *testing.T) {
	keys := []int{5, 3, 5, 9, 3, 3, 1, 9}
	h := make([]uint64, len(keys))
	g := grpBuild(len(keys), h, []grpEq{func(i, j int) bool { return keys[i] == keys[j] }})
	if want := grpNaiveIDs(keys); !reflect.DeepEqual(g.ids, want) {
		t.Errorf("ids = %v, want %v", g.ids, want)
	}
	if !reflect.DeepEqual(g.first, []int32{0, 1, 3, 6}) || g.n != 4 {
		t.Errorf("first = %v, n = %d", g.first, g.n)
	}
}

// TestGrpKernelsGrow groups many distinct keys (the tables grow several
// times) with the fused and the general kernels, against a map.
func TestGrpKernelsGrow(t *testing.T) {
	const n = 20000
	ints := make([]int64, n)
	strs := make([]string, n)
	for i := range ints {
		x := (i * 7919) % 5003
		ints[i] = int64(x) - 2500
		strs[i] = fmt.Sprintf("key-%d", x)
	}
	wantInts, wantStrs := grpNaiveIDs(ints), grpNaiveIDs(strs)
	vi, _ := structured.ValueOf(ints)
	vs, _ := structured.ValueOf(strs)
	g, ok := grpSingle(vi)
	if !ok || !reflect.DeepEqual(g.ids, wantInts) {
		t.Errorf("fused int kernel differs from a map (ok=%v)", ok)
	}
	g, ok = grpSingle(vs)
	if !ok || !reflect.DeepEqual(g.ids, wantStrs) {
		t.Errorf("fused string kernel differs from a map (ok=%v)", ok)
	}
	for _, v := range []structured.Value{vi, vs} {
		h := make([]uint64, n)
		eq, err := grpHashValue("k", v, h)
		if err != nil {
			t.Fatal(err)
		}
		g := grpBuild(n, h, []grpEq{eq})
		want := wantInts
		if v == vs {
			want = wantStrs
		}
		if !reflect.DeepEqual(g.ids, want) {
			t.Errorf("general kernel differs from a map")
		}
	}
}

// TestGrpFloatKeys puts -0 with 0 and every NaN together, nulls apart.
func TestGrpFloatKeys(t *testing.T) {
	f := FromColumns([]string{"x"}, []any{0.0, math.Copysign(0, -1), math.NaN(), nil, math.NaN(), 1.0, nil})
	g := f.GroupBy("x").Agg(Len())
	s, err := g.Column("len")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.ToValue(); !reflect.DeepEqual(got, []any{int64(2), int64(2), int64(2), int64(1)}) {
		t.Errorf("group sizes = %v", got)
	}
	// The general kernel (two keys) agrees.
	g2 := f.WithColumns(Lit(0).Alias("z")).GroupBy("x", "z").Agg(Len())
	s2, err := g2.Column("len")
	if err != nil || !reflect.DeepEqual(s2.ToValue(), s.ToValue()) {
		t.Errorf("two keys: %v, %v", s2.ToValue(), err)
	}
}
