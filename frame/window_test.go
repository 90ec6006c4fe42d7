package frame

import (
	"reflect"
	"testing"
)

// TestWinPartsGatherScatter checks that scatter undoes gather for every
// computing type, nulls kept at their rows.
func TestWinPartsGatherScatter(t *testing.T) {
	p := &winParts{order: []int{2, 0, 3, 1}, starts: []int{0, 2, 4}}
	vecs := []*exprVec{
		{t: exprIntT, n: 4, loaded: true, ints: []int64{10, 11, 12, 13}, valid: []byte{0b1101}},
		{t: exprFloatT, n: 4, loaded: true, floats: []float64{1.5, 2.5, 3.5, 4.5}},
		{t: exprStrT, n: 4, loaded: true, strs: []string{"a", "b", "c", "d"}, valid: []byte{0b0111}},
		{t: exprBoolT, n: 4, loaded: true, bools: []bool{true, false, false, true}},
	}
	for _, v := range vecs {
		g, err := p.gather(v, 4)
		if err != nil {
			t.Fatal(err)
		}
		if g.n != 4 || g.isNull(0) != v.isNull(2) || g.isNull(3) != v.isNull(1) {
			t.Errorf("%s: gather nulls wrong", v.t)
		}
		back, err := p.scatter(g)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back.ints, v.ints) || !reflect.DeepEqual(back.floats, v.floats) ||
			!reflect.DeepEqual(back.strs, v.strs) || !reflect.DeepEqual(back.bools, v.bools) {
			t.Errorf("%s: scatter(gather(v)) = %+v, want %+v", v.t, back, v)
		}
		for i := 0; i < 4; i++ {
			if back.isNull(i) != v.isNull(i) {
				t.Errorf("%s: row %d null %v, want %v", v.t, i, back.isNull(i), v.isNull(i))
			}
		}
	}
	if got := p.parts(); got != 2 {
		t.Errorf("parts = %d, want 2", got)
	}
}
