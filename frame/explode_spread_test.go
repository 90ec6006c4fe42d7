package frame

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// explRandGaps draws sorted gap positions for n rows: k null rows
// inserted among them, at the start, end or between.
func explRandGaps(rng *rand.Rand, n int) (item, gaps []int) {
	for i := 0; i <= n; i++ {
		for rng.IntN(3) == 0 {
			gaps = append(gaps, len(item))
			item = append(item, structured.NullRow)
		}
		if i < n {
			item = append(item, i)
		}
	}
	return item, gaps
}

// TestExplodeSpread checks the run-by-run insertion of null rows against
// TakeValueNullable on every column of random frames and on typed
// vectors.
func TestExplodeSpread(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	mem := memory.DefaultAllocator
	typed := func() []structured.Value {
		var vs []structured.Value
		n := 1 + rng.IntN(6)
		ib := array.NewInt32Builder(mem)
		fb := array.NewFloat64Builder(mem)
		bb := array.NewBooleanBuilder(mem)
		lb := array.NewLargeStringBuilder(mem)
		for i := range n {
			valid := rng.IntN(4) != 0
			if valid {
				ib.Append(int32(i))
				fb.Append(float64(i) / 2)
				bb.Append(i%2 == 0)
				lb.Append(string(rune('a' + i)))
			} else {
				ib.AppendNull()
				fb.AppendNull()
				bb.AppendNull()
				lb.AppendNull()
			}
		}
		for _, a := range []arrow.Array{ib.NewArray(), fb.NewArray(), bb.NewArray(), lb.NewArray()} {
			off := rng.IntN(a.Len())
			s := array.NewSlice(a, int64(off), int64(a.Len()))
			d, err := structured.NewDense(s)
			if err != nil {
				t.Fatal(err)
			}
			vs = append(vs, d)
		}
		return vs
	}
	for iter := range 300 {
		f, _ := nestRandFrame(rng, 1+rng.IntN(7), iter%2 == 0)
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		cols := append(typed(), explRandVectors(t, rng, rng.IntN(6))...)
		for _, fv := range f.data.Fields() {
			cols = append(cols, fv.Value)
			if sv, err := structured.SliceValue(fv.Value, structured.From(1)); err == nil {
				cols = append(cols, sv)
			}
		}
		for _, v := range cols {
			item, gaps := explRandGaps(rng, v.NumRows())
			if idx := explSpreadIndex(v.NumRows(), gaps); !slices.Equal(idx, item) {
				t.Fatalf("explSpreadIndex(%d, %v) = %v, want %v", v.NumRows(), gaps, idx, item)
			}
			got, err := explSpread(v, gaps)
			if err != nil {
				t.Fatal(err)
			}
			want, err := structured.TakeValueNullable(v, item)
			if err != nil {
				t.Fatal(err)
			}
			if !structured.Equal(got, want) || !reflect.DeepEqual(got.ToValue(), want.ToValue()) {
				t.Fatalf("iter %d: spread %v by %v\n got %v\nwant %v", iter, v, gaps, got, want)
			}
		}
	}
}
