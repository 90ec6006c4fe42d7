package frame

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// joinFuzzFrame builds one side of a join from fuzz bytes: each byte is a
// row whose int key is b%5 (null when b%7 == 0), string key b/5%3, float
// key from b%6 (NaN, -0, 0, ...) and a list value.
func joinFuzzFrame(data []byte, side string) *Frame {
	n := len(data)
	ki, ks, kf, lists := make([]any, n), make([]any, n), make([]any, n), make([]any, n)
	ids := make([]int64, n)
	floats := []float64{math.NaN(), math.Copysign(0, -1), 0, 1, 2.5}
	for i, b := range data {
		ids[i] = int64(i)
		if b%7 != 0 {
			ki[i] = int64(b % 5)
		}
		if b%11 != 0 {
			ks[i] = string(rune('a' + int(b/5)%3))
		}
		if b%6 != 5 {
			kf[i] = floats[int(b)%6%len(floats)]
		}
		if b%3 != 0 {
			lists[i] = []any{side}
		}
	}
	return FromColumns([]string{"ki", "ks", "kf", "id", side}, ki, ks, kf, ids, lists)
}

// FuzzJoin joins frames built from fuzz bytes and checks every kind of
// join against the naive nested-loop join, and Sort against the naive
// stable sort. keys/8 and how/16 pick the ways (randWays) the left and
// right frames are built.
func FuzzJoin(f *testing.F) {
	f.Add([]byte{1, 2, 3}, []byte{3, 2, 2, 0}, uint8(0), uint8(0))
	f.Add([]byte{}, []byte{7, 14}, uint8(3), uint8(4))
	f.Add([]byte{5, 10, 15, 20, 25, 30}, []byte{5, 5, 30}, uint8(4), uint8(2))
	keySets := [][]string{{"ki"}, {"ks"}, {"kf"}, {"ki", "ks"}, {"ks", "kf", "ki"}}
	f.Fuzz(func(t *testing.T, ldata, rdata []byte, how, keys uint8) {
		if len(ldata) > 200 || len(rdata) > 200 {
			return
		}
		rng := rand.New(rand.NewPCG(uint64(len(ldata)), uint64(len(rdata))))
		l := randBuild(t, rng, joinFuzzFrame(ldata, "lv"), randWay(int(keys/8)%int(numRandWays)))
		r := randBuild(t, rng, joinFuzzFrame(rdata, "rv"), randWay(int(how/16)%int(numRandWays)))
		if err := l.Err(); err != nil {
			t.Fatal(err)
		}
		ks := keySets[int(keys)%len(keySets)]
		h := JoinHow(how % (uint8(Anti) + 1))
		got := l.Join(r, On(ks...), h)
		if err := got.Err(); err != nil {
			t.Fatal(err)
		}
		want := joinNaive(l, r, ks, h, false, true)
		if rows := joinRowStrings(got); !reflect.DeepEqual(rows, want) && !(len(rows) == 0 && len(want) == 0) {
			t.Fatalf("%v on %v:\ngot\n%s\nwant\n%s", h, ks, strings.Join(rows, "\n"), strings.Join(want, "\n"))
		}
		desc := []bool{how&1 != 0, how&2 != 0, false}
		nf := []bool{how&4 != 0, how&8 != 0, false}
		sk := make([]SortKey, len(ks))
		for i, k := range ks {
			sk[i] = Asc(k)
			if desc[i] {
				sk[i] = sk[i].Desc()
			}
			if nf[i] {
				sk[i] = sk[i].NullsFirst()
			}
		}
		sorted := l.Sort(sk...)
		if ids, want := randNormalize(sortColumn(t, sorted, "id")).([]any), sortNaive(l, ks, desc, nf); !reflect.DeepEqual(ids, want) && !(len(ids) == 0 && len(want) == 0) {
			t.Fatalf("Sort %v: ids = %v, want %v", sk, ids, want)
		}
	})
}
